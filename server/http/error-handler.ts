import type { Context, ErrorHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { versionETag } from '../../shared/api/common';
import { PaletteError, type PaletteErrorCode } from '../../shared/palette/palette-decider';
import { ConcurrencyError } from '../events/event-store';
import { PaletteLimitError } from '../palettes/user-caps';
import type { AppEnv, Logger } from './app-env';
import { ApiError, sendError } from './errors';

// Every failure leaves the server in the one `{ error: { code, message } }` shape.

const STATUS_OF_PALETTE_ERROR: Partial<Record<PaletteErrorCode, ContentfulStatusCode>> = {
  palette_not_found: 404,
  palette_exists: 409,
};

/** `/api/*` that no route answers. */
export const apiNotFound = (c: Context) =>
  sendError(c, 404, 'not_found', `No API endpoint ${c.req.method} ${c.req.path}.`);

/** Anything else that is neither a page nor a file. */
export const notFound = (c: Context) => sendError(c, 404, 'not_found', 'Not found.');

/** Known failures keep their status and code; anything else is logged and answers 500 with no details. */
export function handleError(logger: Logger): ErrorHandler<AppEnv> {
  return (err, c) => {
    if (err instanceof PaletteError) {
      return sendError(c, STATUS_OF_PALETTE_ERROR[err.code] ?? 400, err.code, err.message);
    }
    if (err instanceof PaletteLimitError) return sendError(c, 409, err.code, err.message);
    if (err instanceof ConcurrencyError) {
      c.header('ETag', versionETag(err.actualVersion));
      const message = `This palette was changed elsewhere: it is at version ${err.actualVersion}, your copy is version ${err.expectedVersion}. Reload it and try again.`;
      return sendError(c, 409, 'version_conflict', message);
    }
    if (err instanceof ApiError) {
      for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
      return sendError(c, err.status, err.code, err.message, err.issues);
    }
    // Hono raises HTTPException for malformed bodies and the like: keep its status, use our shape.
    const status = (err as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = status === 413 ? 'payload_too_large' : status === 400 ? 'bad_request' : 'request_error';
      return sendError(c, status as ContentfulStatusCode, code, err.message || 'The request could not be processed.');
    }
    logger.error({ msg: 'unhandled error', path: c.req.path, error: String(err?.stack ?? err) });
    return sendError(c, 500, 'internal', 'Something went wrong on our side. Please try again.');
  };
}
