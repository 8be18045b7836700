import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ApiErrorCode, ApiIssue } from '../../shared/api/common';

/** A failure a caller can act on; anything else becomes a 500 with no details. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly issues?: ApiIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

function errorBody(code: ApiErrorCode, message: string, issues?: ApiIssue[]): ApiErrorBody {
  return { error: issues ? { code, message, issues } : { code, message } };
}

export function sendError(
  c: Context,
  status: ContentfulStatusCode,
  code: ApiErrorCode,
  message: string,
  issues?: ApiIssue[],
) {
  return c.json(errorBody(code, message, issues), status);
}
