/** What is wrong with one field of a refused request. */
export interface ApiIssue {
  path: string[];
  message: string;
}

/** The one error shape of the API; the server's error writer builds every error from it. */
export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; issues?: ApiIssue[] };
}

/**
 * Every error code the API answers with, so the app can choose its message; the server's error
 * writer takes only these, so a code missing here does not compile.
 */
export const API_ERROR_CODES = [
  // The request itself: shape, body, origin, size.
  'invalid_request',
  'invalid_json',
  'bad_request',
  'request_error',
  'unsupported_media_type',
  'payload_too_large',
  'forbidden_origin',
  'not_found',
  'rate_limited',
  // Accounts and sign-in.
  'unauthenticated',
  'invalid_credentials',
  'reauthentication_required',
  'email_not_confirmed',
  'email_taken',
  'mail_failed',
  'confirmation_invalid',
  'reset_invalid',
  'no_password',
  'totp_required',
  'invalid_totp',
  'totp_reused',
  'totp_enabled',
  'second_factor_expired',
  // Palettes.
  'precondition_required',
  'version_conflict',
  'palette_not_found',
  'palette_exists',
  'idempotency_key_reused',
  'palette_limit',
  'version_limit',
  'invalid_name',
  'invalid_colors',
  'unknown_color',
  'unknown_version',
  'invalid_history',
  'internal',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** `GET /api/config`: which sign-in methods the server offers, and whether it can send mail. */
export interface ConfigResponse {
  auth: { password: boolean; google: boolean; mail?: boolean };
}

/** Weak ETag of a palette version, as sent in `ETag` and expected back in `If-Match`. */
export const versionETag = (version: number) => `W/"${version}"`;
