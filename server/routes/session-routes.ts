import { Hono } from 'hono';
import {
  type ConfirmResponse,
  confirmSchema,
  credentialsSchema,
  emailOnlySchema,
  type SessionResponse,
  type SignupResponse,
  signInSchema,
} from '../../shared/api/auth';
import { claimAddress } from '../auth/account-claim';
import { confirmationMail } from '../auth/account-mails';
import type { UserRow } from '../auth/user-queries';
import { burnVerify, hashPassword, verifyPassword } from '../auth/passwords';
import { clearSessionCookie, readSessionCookie } from '../auth/session-cookie';
import { isTokenShaped } from '../auth/tokens';
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

/** Signing up, confirming the address, signing in and out. */
const invalidCredentials = () => new ApiError(401, 'invalid_credentials', 'Invalid email or password.');

export const sessionRoutes = new Hono<AppEnv>()
  .post('/auth/signup', validate('json', credentialsSchema), async (c) => {
    const { deps, services } = c.var;
    const { email, password } = c.req.valid('json');
    await limit(services.limits.perIp, ip(c));
    await limit(services.limits.perEmail, `signup:${email}`);
    refuseCommon(password, 'password');
    const mailer = deps.mailer ?? null;
    const accounts = services.accounts;
    // Where mail confirms addresses, an address nobody confirmed in time is free again.
    if (mailer) await accounts.sweepUnconfirmed();
    const taken = () => new ApiError(409, 'email_taken', 'An account with this email already exists. Please sign in.');
    const existing = await accounts.findByEmail(email);
    // Nobody has proved this address yet (and, with mail, nobody could sign in to it): the newest
    // sign-up's password replaces the old one, and whoever confirms by mail owns the account. Without
    // mail accounts are usable unconfirmed, so one that exists stays its maker's (an administrator helps).
    const replaceable =
      existing &&
      mailer &&
      existing.email_verified !== 1 &&
      !(await accounts.ownsPalettes(existing.id)) &&
      !(await accounts.hasIdentity(existing.id));
    if (existing && !replaceable) throw taken();
    const passwordHash = await hashPassword(password);
    const user = existing
      ? await accounts.replaceUnconfirmed(existing.id, passwordHash)
      : await accounts.createUser(email, passwordHash, false);
    if (!user) throw taken();
    if (mailer) {
      const token = await accounts.createConfirmation(user.id);
      try {
        await mailer.send(confirmationMail(email, link(c, '/confirm', token)));
      } catch (error) {
        deps.logger.error({ msg: 'confirmation mail failed', error: String((error as Error)?.message ?? error) });
        if (!existing) await accounts.removeUnconfirmed(user.id);
        throw new ApiError(503, 'mail_failed', 'We could not send the confirmation mail. Please try again.');
      }
    } else {
      // Without SMTP the account works at once. No confirmation link is made, so none can leak from the log.
      await startSession(c, user.id);
    }
    const body: SignupResponse = { user: await accounts.toApiUser(user), confirmationRequired: mailer !== null };
    return c.json(body, 201);
  })
  .post('/auth/signin', validate('json', signInSchema), async (c) => {
    const { deps, services } = c.var;
    const { email, password } = c.req.valid('json');
    const { limits, accounts } = services;
    const from = ip(c);
    await limit(limits.perIp, from);
    // Failures count per (account, address): a stranger elsewhere only ever blocks themselves.
    const pair = `${email}\u0000${from}`;
    await checkLimit(limits.perEmail, pair);
    const user = await accounts.findByEmail(email);
    // Many failures from many addresses slow the account down, but never for a browser that signed in to it before.
    if (!user || !(await knownDevice(c, user.id))) {
      await checkLimit(
        limits.perAccount,
        email,
        'Too many failed sign-ins at this account. Please wait a few minutes, or reset your password.',
      );
    }
    const fail = async () => {
      await limits.perEmail.hit(pair);
      await limits.perAccount.hit(email);
      return invalidCredentials();
    };
    if (!user?.password_hash) {
      await burnVerify(password);
      throw await fail();
    }
    if (!(await verifyPassword(user.password_hash, password))) throw await fail();
    if (deps.mailer && user.email_verified !== 1) {
      throw new ApiError(403, 'email_not_confirmed', 'Confirm your email first: follow the link we sent you.');
    }
    await secondFactor(c, user, c.req.valid('json').totp);
    await limits.perEmail.reset(pair);
    await startSession(c, user.id);
    const body: SessionResponse = { user: await accounts.toApiUser(user) };
    return c.json(body);
  })
  .post('/auth/signout', async (c) => {
    const token = readSessionCookie(c);
    if (token) await c.var.services.accounts.deleteSession(token);
    clearSessionCookie(c, c.var.deps.config.publicOrigin);
    return c.body(null, 204);
  })
  .post('/auth/signout-everywhere', async (c) => {
    const user = signedIn(c);
    await c.var.services.accounts.endAllSessions(user.id);
    clearSessionCookie(c, c.var.deps.config.publicOrigin);
    return c.body(null, 204);
  })
  .get('/auth/session', async (c) => {
    const user = c.get('user');
    const body: SessionResponse = { user: user ? await c.var.services.accounts.toApiUser(user) : null };
    return c.json(body);
  })
  // Links mailed before confirmation became a page: a GET only leads there, it changes nothing.
  .get('/auth/confirm', (c) => {
    const token = c.req.query('token');
    return c.redirect(token && isTokenShaped(token) ? `/confirm?token=${token}` : '/confirm', 302);
  })
  .post('/auth/confirm', validate('json', confirmSchema), async (c) => {
    const { deps, services } = c.var;
    await limit(services.limits.perIp, ip(c));
    const { token, password, newPassword } = c.req.valid('json');
    const invalid = () =>
      new ApiError(
        400,
        'confirmation_invalid',
        'This confirmation link is invalid or has expired. Sign up again, or ask for a new link from the sign-in form.',
      );
    const owner = await services.accounts.peekConfirmation(token);
    if (!owner) throw invalid();
    let user: UserRow | null;
    if (newPassword !== undefined) {
      // The mailbox's owner chooses their own password: whatever anyone set up on the address before goes.
      refuseCommon(newPassword, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      // Still live once the password is hashed (argon2 takes a while): the claim spends it with the old account.
      if (!(await services.accounts.peekConfirmation(token))) throw invalid();
      user = await claimAddress(deps.sql, services.accounts, deps.now, owner.email, passwordHash);
    } else {
      // The password chosen at sign-up: a link alone never binds the address to a password its owner did not choose.
      const pair = `${owner.email}\u0000${ip(c)}`;
      await checkLimit(services.limits.perEmail, pair);
      if (!owner.password_hash || !(await verifyPassword(owner.password_hash, password ?? ''))) {
        await services.limits.perEmail.hit(pair);
        const message =
          'That is not the password this account was made with. If you did not sign up, or forgot it, choose your own password instead.';
        throw new ApiError(401, 'invalid_credentials', message, [{ path: ['password'], message }]);
      }
      user = await services.accounts.confirmEmail(token, owner.password_hash);
    }
    if (!user) throw invalid();
    const body: ConfirmResponse = { email: user.email, startedClean: newPassword !== undefined };
    return c.json(body);
  })
  .post('/auth/resend-confirmation', validate('json', emailOnlySchema), (c) => {
    const { email } = c.req.valid('json');
    return answerMailRequest(c, email, { key: 'confirm', what: 'confirmation' }, async (user) => {
      if (user.email_verified === 1 || !user.password_hash) return null;
      const token = await c.var.services.accounts.createConfirmation(user.id);
      return confirmationMail(email, link(c, '/confirm', token));
    });
  });
