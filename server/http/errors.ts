import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorCode } from '../../shared/api/common';

/** The one error shape of the API: `{ error: { code, message, issues? } }`. */
export interface ErrorBody {
  error: { code: ApiErrorCode; message: string; issues?: unknown[] };
}

/** A failure a caller can act on; anything else becomes a 500 with no details. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly issues?: unknown[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export function errorBody(code: ApiErrorCode, message: string, issues?: unknown[]): ErrorBody {
  return { error: issues ? { code, message, issues } : { code, message } };
}

export function sendError(
  c: Context,
  status: ContentfulStatusCode,
  code: ApiErrorCode,
  message: string,
  issues?: unknown[],
) {
  return c.json(errorBody(code, message, issues), status);
}
