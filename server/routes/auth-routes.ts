import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import {
  type ConfirmResponse,
  changePasswordSchema,
  confirmSchema,
  credentialsSchema,
  emailOnlySchema,
  type MailRequestResponse,
  resetConfirmSchema,
  type SessionResponse,
  secondFactorSchema,
  type SignupResponse,
  signInSchema,
  type TotpEnableResponse,
  type TotpSetupResponse,
  totpDisableSchema,
  totpEnableSchema,
} from '../../shared/api/auth';
import { AUTH_ERROR_PARAM, AUTH_STEP_PARAM, type AuthRedirectError } from '../../shared/api/auth-redirects';
import type { AppEnv } from '../http/app-env';
import type { UserRow } from '../auth/account-queries';
import { claimAddress } from '../auth/account-claim';
import { confirmationMail, passwordResetMail } from '../auth/account-mails';
import { googleSignIn } from '../auth/google';
import type { Mail } from '../auth/mailer';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../auth/password-rules';
import { burnVerify, hashPassword, verifyPassword } from '../auth/passwords';
import type { RateLimiter } from '../auth/rate-limit';
import type { Sql } from '../db/sql';
import { isTokenShaped } from '../auth/tokens';
import {
  clearSessionCookie,
  isHttps,
  readSessionCookie,
  writeSessionCookie,
  writeShortCookie,
} from '../auth/session-cookie';
import { clientIp } from '../http/client-ip';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';

const STATE_COOKIE = 'swatchbook_google_state';
const VERIFIER_COOKIE = 'swatchbook_google_verifier';
const GOOGLE_COOKIE_PATH = '/api/auth/google';
// A Google sign-in waiting for the authenticator code; sent only to the route that finishes it.
const PENDING_COOKIE = 'swatchbook_pending_sign_in';
const PENDING_COOKIE_PATH = '/api/auth/second-factor';
/** Marks a browser that has signed in to an account before (OWASP "device cookies"). */
const DEVICE_COOKIE = 'swatchbook_device';
const DEVICE_COOKIE_PATH = '/api/auth';

const ip = (c: Context<AppEnv>) => clientIp(c, c.var.deps.config.trustProxy ?? 0);

function tooMany(wait: number, message?: string) {
  const minutes = Math.ceil(wait / 60);
  return new ApiError(
    429,
    'rate_limited',
    message ?? `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    undefined,
    { 'Retry-After': String(wait) },
  );
}

async function limit(limiter: RateLimiter, key: string) {
  const wait = await limiter.hit(key);
  if (wait !== null) throw tooMany(wait);
}

async function checkLimit(limiter: RateLimiter, key: string, message?: string) {
  const wait = await limiter.check(key);
  if (wait !== null) throw tooMany(wait, message);
}

/** A password being chosen must not be one of the most common: 400 naming the field. */
function refuseCommon(password: string, field: string) {
  if (isCommonPassword(password)) {
    throw new ApiError(400, 'invalid_request', COMMON_PASSWORD_MESSAGE, [
      { path: [field], message: COMMON_PASSWORD_MESSAGE },
    ]);
  }
}

async function startSession(c: Context<AppEnv>, userId: string) {
  const { deps, services } = c.var;
  const { token, expiresAt } = await services.accounts.createSession(userId);
  writeSessionCookie(c, deps.config.publicOrigin, token, expiresAt, deps.now().getTime());
  if (!(await knownDevice(c, userId))) {
    const device = await services.accounts.rememberDevice(userId);
    setCookie(c, DEVICE_COOKIE, device.token, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c, deps.config.publicOrigin),
      path: DEVICE_COOKIE_PATH,
      maxAge: Math.floor((device.expiresAt - deps.now().getTime()) / 1000),
    });
  }
}

/** `db`: the transaction to ask in, when the caller holds one. */
async function knownDevice(c: Context<AppEnv>, userId: string, db?: Sql): Promise<boolean> {
  const token = getCookie(c, DEVICE_COOKIE);
  return (
    token !== undefined && isTokenShaped(token) && (await c.var.services.accounts.isKnownDevice(token, userId, db))
  );
}

/**
 * Sends without making the caller wait: the answer then takes the same time whether or not the
 * address has an account. A failure is logged (without the link).
 */
function sendLater(c: Context<AppEnv>, mail: Mail, what: string) {
  const { mailer, logger } = c.var.deps;
  if (!mailer) return;
  mailer.send(mail).catch((error: unknown) => {
    logger.error({ msg: `${what} mail failed`, error: String((error as Error)?.message ?? error) });
  });
}

const link = (c: Context<AppEnv>, path: string, token: string) =>
  new URL(`${path}?token=${token}`, c.var.deps.config.publicOrigin).toString();

/**
 * Someone asks for a mail about an address (a new confirmation link, a password reset): limited per
 * IP (429, about the asker), and the same 202 whether or not the address has an account, so the
 * answer tells nobody which addresses do. Past the per-address cap no mail goes, and the answer says
 * nothing of it either: a stranger asking again and again neither fills the owner's inbox nor gets the
 * owner's own request refused (the links already sent still work). `mailFor` gives a known account's
 * mail, or null when it gets none.
 */
async function answerMailRequest(
  c: Context<AppEnv>,
  email: string,
  kind: { key: string; what: string },
  mailFor: (user: UserRow) => Promise<Mail | null>,
) {
  const { deps, services } = c.var;
  await limit(services.limits.perIp, ip(c));
  const capped = (await services.limits.mailsPerEmail.hit(`${kind.key}:${email}`)) !== null;
  const user = deps.mailer && !capped ? await services.accounts.findByEmail(email) : undefined;
  const mail = user ? await mailFor(user) : null;
  if (mail) sendLater(c, mail, kind.what);
  const body: MailRequestResponse = { delivery: deps.mailer ? 'mail' : 'administrator' };
  return c.json(body, 202);
}

function signedIn(c: Context<AppEnv>): UserRow {
  const user = c.get('user');
  if (!user) throw new ApiError(401, 'unauthenticated', 'Sign in first.');
  return user;
}

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

const redirectWithError = (c: Context<AppEnv>, code: AuthRedirectError) =>
  c.redirect(`/?${AUTH_ERROR_PARAM}=${code}`, 302);

/**
 * One code against the account's second-factor budget, the same on every path (password sign-in,
 * reset link, Google): counted before it is checked, in the caller's transaction, so codes sent at
 * once meet the budget one after another; a right code takes its count back. A device that signed in
 * before still passes a spent budget. The seconds to wait when the budget is spent, else the verdict.
 */
async function codeAgainstBudget(
  c: Context<AppEnv>,
  tx: Sql,
  user: UserRow,
  code: string,
): Promise<'right' | 'wrong' | number> {
  const { limits, twoFactor } = c.var.services;
  const wait = await limits.secondFactor.hit(user.id, tx);
  if (wait !== null && !(await knownDevice(c, user.id, tx))) return wait;
  if (!(await twoFactor.verify(user.id, code, tx))) return 'wrong';
  await limits.secondFactor.refund(user.id, tx);
  return 'right';
}

const wrongCode = () =>
  new ApiError(401, 'invalid_totp', 'That code is not right. Use the current code from your app, or a recovery code.');

/**
 * With two-factor on, the right password alone answers 401 `totp_required`; a wrong code counts as
 * a failed sign-in at (account, address) and at the account, and against the account's one
 * second-factor budget. The failure is counted before the code is checked, in one transaction with
 * the check: that first write holds the counter (the connection on SQLite, the row on PostgreSQL), so
 * codes sent at once are checked one after another against the limit. A right code takes its count back.
 */
async function secondFactor(c: Context<AppEnv>, user: UserRow, code: string | undefined) {
  const { deps, services } = c.var;
  if (!(await services.twoFactor.isEnabled(user.id))) return;
  if (!code) {
    throw new ApiError(401, 'totp_required', 'Enter the 6-digit code from your authenticator app, or a recovery code.');
  }
  const pair = `${user.email}\u0000${ip(c)}`;
  const outcome = await deps.sql.transaction(async (tx) => {
    const wait = await services.limits.perEmail.hit(pair, tx);
    if (wait !== null) return wait;
    const verdict = await codeAgainstBudget(c, tx, user, code);
    if (verdict === 'right') await services.limits.perEmail.refund(pair, tx);
    if (verdict === 'wrong') await services.limits.perAccount.hit(user.email, tx);
    return verdict;
  });
  if (typeof outcome === 'number') throw tooMany(outcome);
  if (outcome === 'wrong') throw wrongCode();
}

const invalidCredentials = () => new ApiError(401, 'invalid_credentials', 'Invalid email or password.');

export const authRoutes = new Hono<AppEnv>()
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
  })
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
  })
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
  .get('/auth/google', (c) => {
    const { config } = c.var.deps;
    if (!config.auth.google) throw new ApiError(404, 'not_found', 'Google sign-in is not configured on this server.');
    const { url, state, codeVerifier } = googleSignIn(config.auth.google, config.publicOrigin).start();
    writeShortCookie(c, config.publicOrigin, STATE_COOKIE, state, GOOGLE_COOKIE_PATH);
    writeShortCookie(c, config.publicOrigin, VERIFIER_COOKIE, codeVerifier, GOOGLE_COOKIE_PATH);
    return c.redirect(url, 302);
  })
  .get('/auth/google/callback', async (c) => {
    const { deps, services } = c.var;
    const google = deps.config.auth.google;
    if (!google) throw new ApiError(404, 'not_found', 'Google sign-in is not configured on this server.');
    const query = z
      .object({ code: z.string().min(1).max(2048), state: z.string().min(1).max(512) })
      .safeParse(c.req.query());
    const state = getCookie(c, STATE_COOKIE);
    const verifier = getCookie(c, VERIFIER_COOKIE);
    deleteCookie(c, STATE_COOKIE, { path: GOOGLE_COOKIE_PATH });
    deleteCookie(c, VERIFIER_COOKIE, { path: GOOGLE_COOKIE_PATH });
    if (!query.success || !state || !verifier || query.data.state !== state)
      return redirectWithError(c, 'google_failed');
    let profile: Awaited<ReturnType<ReturnType<typeof googleSignIn>['finish']>>;
    try {
      profile = await googleSignIn(google, deps.config.publicOrigin).finish(query.data.code, verifier);
    } catch (error) {
      deps.logger.error({ msg: 'google sign-in failed', error: String((error as Error)?.message ?? error) });
      return redirectWithError(c, 'google_failed');
    }
    const accounts = services.accounts;
    let userId = await accounts.userForIdentity('google', profile.subject);
    if (!userId) {
      // Link by email only when Google vouches for it, so nobody takes over an account with an unverified address.
      if (!profile.emailVerified) return redirectWithError(c, 'google_email_unverified');
      const existing = await accounts.findByEmail(profile.email);
      // An account on this address that nobody proved: unless this browser is its maker's (signed in
      // or signed in to it before), it starts clean for the address's owner, whatever was set up on it.
      const maker =
        existing !== undefined && (c.get('user')?.id === existing.id || (await knownDevice(c, existing.id)));
      const user =
        existing && (existing.email_verified === 1 || maker)
          ? existing
          : await claimAddress(deps.sql, accounts, deps.now, profile.email, null);
      if (!user) return redirectWithError(c, 'google_failed');
      await accounts.linkIdentity('google', profile.subject, user.id);
      await accounts.markEmailVerified(user.id);
      userId = user.id;
    }
    // Google is one factor: an account that asked for two also needs its authenticator code.
    if (await services.twoFactor.isEnabled(userId)) {
      const token = await accounts.createPendingSignIn(userId);
      writeShortCookie(c, deps.config.publicOrigin, PENDING_COOKIE, token, PENDING_COOKIE_PATH);
      return c.redirect(`/?${AUTH_STEP_PARAM}=second-factor`, 302);
    }
    await startSession(c, userId);
    return c.redirect('/', 302);
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
    const attempt = await services.accounts.finishPendingSignIn(token, async (user, tx) => {
      const verdict = await codeAgainstBudget(c, tx, user, totp);
      // A spent budget takes no try of this sign-in either: the throw rolls the transaction back.
      if (typeof verdict === 'number') throw tooMany(verdict);
      return verdict === 'right';
    });
    if (attempt === 'expired') throw expired();
    if (attempt === 'wrong') throw wrongCode();
    const { user } = attempt;
    deleteCookie(c, PENDING_COOKIE, { path: PENDING_COOKIE_PATH });
    await startSession(c, user.id);
    const body: SessionResponse = { user: await services.accounts.toApiUser(user) };
    return c.json(body);
  });
