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

const overRate = (wait: number) =>
  new ApiError(429, 'rate_limited', 'Too many changes in a minute. Please wait a moment and try again.', undefined, {
    'Retry-After': String(wait),
  });

/**
 * A signed-in user's palette writes per minute: enough for any person, too few to fill the disk.
 * A write that commits is counted inside its own transaction (`countWrite`, given to the palette
 * commands), so it commits once, not twice; one that fails (refused, conflicting, over the rate) is
 * rolled back, and `writeRate` counts it on its own afterwards, so every attempt counts as before.
 */
export const countWrite =
  (limiter: RateLimiter) =>
  async (tx: Sql, userId: string): Promise<void> => {
    const wait = await limiter.hit(userId, tx);
    if (wait !== null) throw overRate(wait);
  };

export const writeRate = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get('user');
  if (!user || /^(GET|HEAD|OPTIONS)$/.test(c.req.method)) return next();
  const limiter = c.var.services.limits.writesPerUser;
  // Over the rate already, as this process counted: refused before any work (the refusal counts
  // too). Otherwise the write's own transaction counts it first thing and refuses it there.
  const waiting = limiter.knownWait(user.id);
  if (waiting !== null) {
    await limiter.hit(user.id);
    throw overRate(waiting);
  }
  try {
    await next();
  } catch (error) {
    await limiter.hit(user.id);
    throw error;
  }
  if (c.res.status >= 300) await limiter.hit(user.id);
});
