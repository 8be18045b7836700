/** The one error shape of the API. */
export interface ApiErrorBody {
  error: { code: string; message: string; issues?: Array<{ path: string[]; message: string }> };
}

/** Every error code the API answers with, so the app can choose its message. */
export type ApiErrorCode =
  | 'invalid_request'
  | 'invalid_json'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'not_found'
  | 'forbidden_origin'
  | 'unauthenticated'
  | 'invalid_credentials'
  | 'email_not_confirmed'
  | 'email_taken'
  | 'mail_failed'
  | 'rate_limited'
  | 'precondition_required'
  | 'version_conflict'
  | 'palette_not_found'
  | 'invalid_name'
  | 'invalid_colors'
  | 'unknown_color'
  | 'unknown_version'
  | 'invalid_history'
  | 'internal';

/** `GET /api/config`: which sign-in methods the server offers, and whether it can send mail. */
export interface ConfigResponse {
  auth: { password: boolean; google: boolean; mail?: boolean };
}

/** Weak ETag of a palette version, as sent in `ETag` and expected back in `If-Match`. */
export const versionETag = (version: number) => `W/"${version}"`;
