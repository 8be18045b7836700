import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ApiError } from './errors';

/** Largest JSON body the API accepts; a palette import of many palettes fits well within it. */
const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = () =>
  new ApiError(413, 'payload_too_large', `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB.`);

const honoLimit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw tooLarge();
  },
});

const withoutBody = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/**
 * Under @hono/node-server, the request's headers say whether a body follows (Node always sends a
 * length or chunks), so nobody need open its stream; elsewhere (tests calling the app directly,
 * other runtimes) the stream is asked. Null when the headers cannot tell.
 */
function bodyLength(c: Context): number | 'chunked' | null {
  const incoming = (c.env as { incoming?: { headers?: unknown } } | undefined)?.incoming;
  if (!incoming?.headers) return null;
  if (c.req.header('transfer-encoding') !== undefined) return 'chunked';
  const length = c.req.header('content-length');
  return length === undefined ? 0 : /^\d+$/.test(length) ? Number(length) : Number.NaN;
}

/**
 * Bodies over 1 MiB answer 413. A body with a Content-Length is judged by it; only a chunked one
 * (no length) goes through Hono's counting stream. Neither reads nor the common case touch the
 * request's body stream: doing so makes the Node adapter build a web Request and stream the body
 * through it, instead of reading it straight from the socket (measured: most of a POST's CPU time).
 */
export const limitBody = createMiddleware(async (c, next) => {
  if (withoutBody(c.req.method)) return next();
  const length = bodyLength(c);
  if (length === null || length === 'chunked') return honoLimit(c, next);
  if (!(length <= MAX_BODY_BYTES)) throw tooLarge();
  return next();
});

/**
 * Mutating API calls speak JSON: a body in another type answers 415, and malformed JSON answers 400
 * before any route sees it (Hono caches the parsed body for the validators after us).
 */
export const requireJsonBody = createMiddleware(async (c, next) => {
  if (withoutBody(c.req.method)) return next();
  const known = bodyLength(c);
  const length = c.req.header('content-length');
  if (known === 0 || (known === null && (c.req.raw.body === null || length === '0'))) return next();
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    // A browser's DELETE sends neither a length nor a type, and its body stream is empty: nothing to refuse.
    if (type === '' && length === undefined && (await c.req.text()) === '') return next();
    throw new ApiError(415, 'unsupported_media_type', 'Send the request body as application/json.');
  }
  try {
    await c.req.json();
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  return next();
});
