import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from './errors';

const SAFE = /^(GET|HEAD|OPTIONS)$/;
/** Sec-Fetch-Site values of a request our own page (or the person, typing) made. */
const BROWSER_OWN = /^(same-origin|none)$/;

/**
 * Mutating requests must come from our own pages: an Origin that is neither the public origin nor
 * the request's own is refused, whatever the body type. hono/csrf adds the browser-form case (form
 * and text bodies need an allowed Origin or Sec-Fetch-Site: same-origin). Clients without an Origin
 * header (curl, scripts) can still send JSON, which browsers cannot do cross-site without CORS; a
 * request without Origin whose Sec-Fetch-Site names another site (or a sibling) is a browser's, and refused.
 */
export function originCheck(publicOrigin: string) {
  const allowed = (origin: string, c: Context) => origin === publicOrigin || origin === new URL(c.req.url).origin;
  const forms = csrf({ origin: allowed });
  const refuse = () => new ApiError(403, 'forbidden_origin', 'This request must come from the Swatchbook app itself.');
  return createMiddleware(async (c, next) => {
    if (SAFE.test(c.req.method)) return next();
    const origin = c.req.header('origin');
    if (origin !== undefined && !allowed(origin, c)) throw refuse();
    // No Origin, but the browser says another site sent it: a browser, so not one of our pages.
    const site = c.req.header('sec-fetch-site');
    if (origin === undefined && site !== undefined && !BROWSER_OWN.test(site)) throw refuse();
    try {
      await forms(c, async () => {});
    } catch (error) {
      if (error instanceof HTTPException) throw refuse();
      throw error;
    }
    return next();
  });
}
