import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import {
  type SessionResponse,
  secondFactorSchema,
  type TotpEnableResponse,
  type TotpSetupResponse,
  totpDisableSchema,
  totpEnableSchema,
} from '../../shared/api/auth';
import type { UserRow } from '../auth/user-queries';
import { verifyPassword } from '../auth/passwords';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import {
  checkLimit,
  codeAgainstBudget,
  ip,
  limit,
  PENDING_COOKIE,
  PENDING_COOKIE_PATH,
  refusedCode,
  signedIn,
  startSession,
  tooMany,
} from './auth-shared';

/**
 * Where mail confirms addresses, an account whose address is unconfirmed (a session from before the
 * server sent mail) cannot turn on two-factor: a second factor set up by someone who never proved the
 * address would lock its owner out of their own reset.
 */
function refuseUnconfirmed(c: Context<AppEnv>, user: UserRow) {
  if (c.var.deps.mailer && user.email_verified !== 1) {
    throw new ApiError(
      403,
      'email_not_confirmed',
      'Confirm your email address before turning on two-factor sign-in: follow the link we sent you, or ask for a new one from the sign-in form.',
    );
  }
}

/** Turning the authenticator app on and off, and the code that finishes a waiting Google sign-in. */
export const twoFactorRoutes = new Hono<AppEnv>()
  .post('/auth/totp/setup', async (c) => {
    const user = signedIn(c);
    refuseUnconfirmed(c, user);
    if (await c.var.services.twoFactor.isEnabled(user.id)) {
      throw new ApiError(
        409,
        'totp_enabled',
        'Two-factor sign-in is already on. Turn it off first to set up a new app.',
      );
    }
    const body: TotpSetupResponse = await c.var.services.twoFactor.setup(user.id, user.email);
    return c.json(body);
  })
  .post('/auth/totp/enable', validate('json', totpEnableSchema), async (c) => {
    const { services } = c.var;
    const user = signedIn(c);
    refuseUnconfirmed(c, user);
    const pair = `${user.email}\u0000${ip(c)}`;
    await checkLimit(services.limits.perEmail, pair);
    const codes = await services.twoFactor.enable(user.id, c.req.valid('json').code);
    if (!codes) {
      await services.limits.perEmail.hit(pair);
      throw new ApiError(
        400,
        'invalid_totp',
        'That code does not match. Scan the QR code again and enter the current code.',
        [{ path: ['code'], message: 'That code does not match.' }],
      );
    }
    const body: TotpEnableResponse = { recoveryCodes: codes };
    return c.json(body);
  })
  .post('/auth/totp/disable', validate('json', totpDisableSchema), async (c) => {
    const { services } = c.var;
    const user = signedIn(c);
    const pair = `${user.email}\u0000${ip(c)}`;
    await checkLimit(services.limits.perEmail, pair);
    if (!user.password_hash || !(await verifyPassword(user.password_hash, c.req.valid('json').password))) {
      await services.limits.perEmail.hit(pair);
      throw new ApiError(401, 'invalid_credentials', 'That is not your password.', [
        { path: ['password'], message: 'That is not your password.' },
      ]);
    }
    await services.twoFactor.disable(user.id);
    return c.body(null, 204);
  })
  .post('/auth/second-factor', validate('json', secondFactorSchema), async (c) => {
    const { services } = c.var;
    await limit(services.limits.perIp, ip(c));
    const token = getCookie(c, PENDING_COOKIE);
    const expired = () => {
      deleteCookie(c, PENDING_COOKIE, { path: PENDING_COOKIE_PATH });
      return new ApiError(401, 'second_factor_expired', 'This sign-in has expired. Continue with Google again.');
    };
    if (!token) throw expired();
    const { totp } = c.req.valid('json');
    let refused: 'wrong' | 'reused' = 'wrong';
    const attempt = await services.accounts.finishPendingSignIn(token, async (user, tx) => {
      const verdict = await codeAgainstBudget(c, tx, user, totp);
      // A spent budget takes no try of this sign-in either: the throw rolls the transaction back.
      if (typeof verdict === 'number') throw tooMany(verdict);
      if (verdict !== 'right') refused = verdict;
      return verdict === 'right';
    });
    if (attempt === 'expired') throw expired();
    if (attempt === 'wrong') throw refusedCode(refused);
    const { user } = attempt;
    deleteCookie(c, PENDING_COOKIE, { path: PENDING_COOKIE_PATH });
    await startSession(c, user.id);
    const body: SessionResponse = { user: await services.accounts.toApiUser(user) };
    return c.json(body);
  });
