import { Hono } from 'hono';
import { changePasswordSchema, emailOnlySchema, resetConfirmSchema, type SessionResponse } from '../../shared/api/auth';
import { claimAddress } from '../auth/account-claim';
import { passwordResetMail } from '../auth/account-mails';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { readSessionCookie } from '../auth/session-cookie';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import {
  answerMailRequest,
  checkLimit,
  ip,
  knownDevice,
  limit,
  link,
  refuseCommon,
  secondFactor,
  signedIn,
  startSession,
} from './auth-shared';

/** A forgotten password (the mailed reset link) and a changed one. */
export const passwordRoutes = new Hono<AppEnv>()
  .post('/auth/password-reset', validate('json', emailOnlySchema), (c) => {
    const { email } = c.req.valid('json');
    return answerMailRequest(c, email, { key: 'reset', what: 'password reset' }, async (user) => {
      const token = await c.var.services.accounts.createPasswordReset(user.id);
      return passwordResetMail(email, link(c, '/reset-password', token));
    });
  })
  .post('/auth/password-reset/confirm', validate('json', resetConfirmSchema), async (c) => {
    const { deps, services } = c.var;
    const { token, password } = c.req.valid('json');
    await limit(services.limits.perIp, ip(c));
    const invalid = () =>
      new ApiError(400, 'reset_invalid', 'This reset link is invalid, used or expired. Ask for a new one.');
    const owner = await services.accounts.peekPasswordReset(token);
    if (!owner) throw invalid();
    const pair = `${owner.email}\u0000${ip(c)}`;
    await checkLimit(services.limits.perEmail, pair);
    // An address nobody proved: the link's holder reads the mailbox, and whoever made the account may
    // not. Unless this browser signed in to it before (its maker, keeping what they made), the owner
    // starts clean, whatever the maker set up, second factor included.
    const claim = owner.email_verified !== 1 && !(await knownDevice(c, owner.id));
    // A mailbox is one factor: with two-factor on, the reset needs the app's code (or a recovery code) too.
    if (!claim) await secondFactor(c, owner, c.req.valid('json').totp);
    refuseCommon(password, 'password');
    const passwordHash = await hashPassword(password);
    const user = claim
      ? (await services.accounts.peekPasswordReset(token)) &&
        (await claimAddress(deps.sql, services.accounts, deps.now, owner.email, passwordHash))
      : await services.accounts.completePasswordReset(token, passwordHash);
    if (!user) throw invalid();
    await startSession(c, user.id);
    const body: SessionResponse = { user: await services.accounts.toApiUser(user) };
    return c.json(body);
  })
  .post('/auth/password', validate('json', changePasswordSchema), async (c) => {
    const { deps, services } = c.var;
    const user = signedIn(c);
    const { currentPassword, newPassword } = c.req.valid('json');
    const pair = `${user.email}\u0000${ip(c)}`;
    await checkLimit(services.limits.perEmail, pair);
    if (!user.password_hash) {
      throw new ApiError(
        400,
        'no_password',
        'This account signs in with Google and has no password yet: use "Forgot password?" to set one.',
      );
    }
    if (!(await verifyPassword(user.password_hash, currentPassword))) {
      await services.limits.perEmail.hit(pair);
      throw new ApiError(401, 'invalid_credentials', 'Your current password is not right.', [
        { path: ['currentPassword'], message: 'Your current password is not right.' },
      ]);
    }
    refuseCommon(newPassword, 'newPassword');
    // Hashed before the transaction opens: argon2 takes a while, and on SQLite the transaction holds the connection.
    const passwordHash = await hashPassword(newPassword);
    await services.accounts.changePassword(user.id, passwordHash, readSessionCookie(c) ?? null);
    deps.logger.info({ msg: 'password changed', user: user.id });
    return c.body(null, 204);
  });
