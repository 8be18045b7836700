import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/app-env';
import { eraseAccount } from '../account/account-erase';
import { exportAccount } from '../account/account-export';
import { verifyPassword } from '../auth/passwords';
import { clearSessionCookie, readSessionCookie } from '../auth/session-cookie';
import { clientIp } from '../http/client-ip';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';

/** A Google-only account proves it is still its owner by a sign-in this recent. */
const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

const deleteSchema = z.object({ password: z.string().max(256).optional() });

function signedIn(c: { get(key: 'user'): AppEnv['Variables']['user'] }) {
  const user = c.get('user');
  if (!user) throw new ApiError(401, 'unauthenticated', 'Sign in first.');
  return user;
}

export const accountRoutes = new Hono<AppEnv>()
  .get('/account/export', async (c) => {
    const user = signedIn(c);
    const body = await exportAccount(c.var.services, c.var.deps, user);
    const day = c.var.deps.now().toISOString().slice(0, 10);
    c.header('Content-Disposition', `attachment; filename="swatchbook-account-${day}.json"`);
    return c.json(body);
  })
  .delete('/account', validate('json', deleteSchema), async (c) => {
    const { deps, services } = c.var;
    const user = signedIn(c);
    const { password } = c.req.valid('json');
    if (user.password_hash) {
      const pair = `${user.email}\u0000${clientIp(c, deps.config.trustProxy ?? 0)}`;
      const wait = await services.limits.perEmail.check(pair);
      if (wait !== null) {
        throw new ApiError(429, 'rate_limited', 'Too many attempts. Please wait and try again.', undefined, {
          'Retry-After': String(wait),
        });
      }
      if (!password || !(await verifyPassword(user.password_hash, password))) {
        await services.limits.perEmail.hit(pair);
        throw new ApiError(401, 'invalid_credentials', 'That is not your password: the account stays.', [
          { path: ['password'], message: 'That is not your password.' },
        ]);
      }
    } else {
      // No password to ask for: the session itself must come from a Google sign-in minutes ago.
      const token = readSessionCookie(c) ?? '';
      const startedAt = await services.accounts.sessionStartedAt(token);
      if (startedAt === null || deps.now().getTime() - startedAt > FRESH_SIGN_IN_MS) {
        throw new ApiError(
          401,
          'reauthentication_required',
          'Sign in with Google again, then delete the account within 10 minutes.',
        );
      }
    }
    await eraseAccount(deps.sql, user.id, deps.now);
    deps.logger.info({ msg: 'account erased' });
    clearSessionCookie(c, deps.config.publicOrigin);
    return c.body(null, 204);
  });
