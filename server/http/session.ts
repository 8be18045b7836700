import { createMiddleware } from 'hono/factory';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from '../auth/session-cookie';
import { isTokenShaped } from '../auth/tokens';
import { ApiError } from './errors';
import type { AppEnv } from './app-env';

/**
 * Sets `user` from the session cookie: an unknown or ended session clears the cookie, a live one
 * slides its expiry forward.
 */
export const sessionUser = createMiddleware<AppEnv>(async (c, next) => {
  const { deps, services } = c.var;
  const token = readSessionCookie(c);
  if (token) {
    const found = isTokenShaped(token) ? await services.accounts.validateSession(token) : null;
    if (!found) clearSessionCookie(c, deps.config.publicOrigin);
    else {
      c.set('user', found.user);
      if (found.extendedTo) {
        writeSessionCookie(c, deps.config.publicOrigin, token, found.extendedTo, deps.now().getTime());
      }
    }
  }
  return next();
});

/** A signed-in user's palette writes per minute: enough for any person, too few to fill the disk. */
export const writeRate = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get('user');
  if (user && !/^(GET|HEAD|OPTIONS)$/.test(c.req.method)) {
    const wait = await c.var.services.limits.writesPerUser.hit(user.id);
    if (wait !== null) {
      throw new ApiError(
        429,
        'rate_limited',
        'Too many changes in a minute. Please wait a moment and try again.',
        undefined,
        { 'Retry-After': String(wait) },
      );
    }
  }
  return next();
});
