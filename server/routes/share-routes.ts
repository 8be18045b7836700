import { Hono } from 'hono';
import { shareIdSchema } from '../../shared/api/palettes';
import type { AppEnv } from '../http/app-env';
import { notModified, PUBLIC_SHORT, strongETag } from '../http/conditional';
import { ApiError } from '../http/errors';
import { takeSecurityHeaders } from '../http/security-headers';

/**
 * Public reads, mounted before the session and origin checks: the answer is the same for everyone,
 * so a CDN may hold it for a minute (the README says so), and it never sets a cookie.
 */
export const shareRoutes = new Hono<AppEnv>().get('/shares/:shareId', async (c) => {
  // The id is checked by the same zod schema, synchronously: the validator middleware's async
  // parse and extra step cost the busiest public read more than the check itself. Same 400.
  const shareId = c.req.param('shareId');
  const checked = shareIdSchema.safeParse(shareId);
  if (!checked.success) {
    throw new ApiError(
      400,
      'invalid_request',
      'The request is not valid.',
      checked.error.issues.map((issue) => ({ path: ['shareId', ...issue.path.map(String)], message: issue.message })),
    );
  }
  const { paletteQueries, shareTag } = c.get('services');
  const share = paletteQueries.peekPublic(checked.data) ?? (await paletteQueries.getPublic(checked.data));
  if (!share) {
    // Made private or deleted: the origin says so at once, and nobody may keep the answer.
    c.header('Cache-Control', 'no-store');
    throw new ApiError(404, 'not_found', 'This palette could not be found or is no longer public.');
  }
  // One plain header record, the security set in it: the Node adapter writes it in one step.
  const etag = strongETag(share.version, shareTag);
  const fresh = notModified(c, etag);
  const headers = { ...headersFor(takeSecurityHeaders(c), fresh) };
  headers.ETag = etag;
  if (fresh) return new Response(null, { status: 304, headers });
  return new Response(share.body, { status: 200, headers });
});

type ShareHeaders = Record<string, string> & { ETag: string };
const templates = new WeakMap<object, { full: ShareHeaders; notModified: ShareHeaders }>();
const NO_SECURITY_SET = {};

/**
 * The read's headers but its ETag, made once per security set: copying a record of the same shape
 * is some hundred times cheaper than spreading the set into a record of new keys (3 µs, about a
 * twentieth of a whole read).
 */
function headersFor(security: Readonly<Record<string, string>> | null, notModified: boolean): ShareHeaders {
  const key = security ?? NO_SECURITY_SET;
  let made = templates.get(key);
  if (!made) {
    const common = { ...security, ETag: '', 'Cache-Control': PUBLIC_SHORT };
    made = { notModified: common, full: { ...common, 'Content-Type': 'application/json' } };
    templates.set(key, made);
  }
  return notModified ? made.notModified : made.full;
}
