import type { Context } from 'hono';

/** What a CDN may keep of a public read: a minute fresh, ten more served while it asks again. */
export const PUBLIC_SHORT = 'public, max-age=60, stale-while-revalidate=600';

/** A strong entity tag from its parts (e.g. a palette's version). */
export const strongETag = (...parts: ReadonlyArray<string | number>) => `"${parts.join('-')}"`;

/**
 * True when the request's `If-None-Match` already names `etag` (or `*`): the caller answers 304.
 * If-None-Match compares weakly (HTTP says so for GET), so a `W/` prefix is ignored.
 */
export function notModified(c: Context, etag: string): boolean {
  const header = c.req.header('if-none-match');
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || (t.startsWith('W/') ? t.slice(2) : t) === etag;
  });
}

/** Sets the validators and answers 304 when the caller's copy is current, else null. */
export function answerIfFresh(c: Context, etag: string, cacheControl: string): Response | null {
  c.header('ETag', etag);
  c.header('Cache-Control', cacheControl);
  return notModified(c, etag) ? c.body(null, 304) : null;
}
