import { createMiddleware } from 'hono/factory';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from '../auth/session-cookie';
import type { RateLimiter } from '../auth/rate-limit';
import { isTokenShaped } from '../auth/tokens';
import type { Sql } from '../db/sql';
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

/**
 * A signed-in user's palette writes per minute: enough for any person, too few to fill the disk.
 * Counted inside the write's own transaction (`tx`), so a write commits once, not twice.
 */
export const writeRate =
  (limiter: RateLimiter) =>
  async (tx: Sql, userId: string): Promise<void> => {
    const wait = await limiter.hit(userId, tx);
    if (wait !== null) {
      throw new ApiError(
        429,
        'rate_limited',
        'Too many changes in a minute. Please wait a moment and try again.',
        undefined,
        { 'Retry-After': String(wait) },
      );
    }
  };
