import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { MailRequestResponse } from '../../shared/api/auth';
import type { CodeVerdict } from '../auth/two-factor';
import type { UserRow } from '../auth/user-queries';
import type { Mail } from '../auth/mailer';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../auth/password-rules';
import type { RateLimiter } from '../auth/rate-limit';
import { isHttps, writeSessionCookie } from '../auth/session-cookie';
import { isTokenShaped } from '../auth/tokens';
import type { Sql } from '../db/sql';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { ApiError } from '../http/errors';

// What the auth routes (session-, password-, two-factor- and google-routes.ts) share: rate limits,
// starting a session with its device mark, mail requests, and the second factor.

// A Google sign-in waiting for the authenticator code; sent only to the route that finishes it.
export const PENDING_COOKIE = 'swatchbook_pending_sign_in';
export const PENDING_COOKIE_PATH = '/api/auth/second-factor';

/** Marks a browser that has signed in to an account before (OWASP "device cookies"). */
const DEVICE_COOKIE = 'swatchbook_device';
const DEVICE_COOKIE_PATH = '/api/auth';

export const ip = (c: Context<AppEnv>) => clientIp(c, c.var.deps.config.trustProxy ?? 0);

export function tooMany(wait: number, message?: string) {
  const minutes = Math.ceil(wait / 60);
  return new ApiError(
    429,
    'rate_limited',
    message ?? `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    undefined,
    { 'Retry-After': String(wait) },
  );
}

export async function limit(limiter: RateLimiter, key: string) {
  const wait = await limiter.hit(key);
  if (wait !== null) throw tooMany(wait);
}

export async function checkLimit(limiter: RateLimiter, key: string, message?: string) {
  const wait = await limiter.check(key);
  if (wait !== null) throw tooMany(wait, message);
}

/** A password being chosen must not be one of the most common: 400 naming the field. */
export function refuseCommon(password: string, field: string) {
  if (isCommonPassword(password)) {
    throw new ApiError(400, 'invalid_request', COMMON_PASSWORD_MESSAGE, [
      { path: [field], message: COMMON_PASSWORD_MESSAGE },
    ]);
  }
}

export async function startSession(c: Context<AppEnv>, userId: string) {
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
export async function knownDevice(c: Context<AppEnv>, userId: string, db?: Sql): Promise<boolean> {
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

export const link = (c: Context<AppEnv>, path: string, token: string) =>
  new URL(`${path}?token=${token}`, c.var.deps.config.publicOrigin).toString();

/**
 * Someone asks for a mail about an address (a new confirmation link, a password reset): limited per
 * IP (429, about the asker), and the same 202 whether or not the address has an account, so the
 * answer tells nobody which addresses do. Past the per-address cap no mail goes, and the answer says
 * nothing of it either: a stranger asking again and again neither fills the owner's inbox nor gets the
 * owner's own request refused (the links already sent still work). `mailFor` gives a known account's
 * mail, or null when it gets none.
 */
export async function answerMailRequest(
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

export function signedIn(c: Context<AppEnv>): UserRow {
  const user = c.get('user');
  if (!user) throw new ApiError(401, 'unauthenticated', 'Sign in first.');
  return user;
}

/**
 * One code against the account's second-factor budget, the same on every path (password sign-in,
 * reset link, Google): counted before it is checked, in the caller's transaction, so codes sent at
 * once meet the budget one after another; a right code takes its count back. A device that signed in
 * before still passes a spent budget. The seconds to wait when the budget is spent, else the verdict.
 */
export async function codeAgainstBudget(
  c: Context<AppEnv>,
  tx: Sql,
  user: UserRow,
  code: string,
): Promise<CodeVerdict | number> {
  const { limits, twoFactor } = c.var.services;
  const wait = await limits.secondFactor.hit(user.id, tx);
  if (wait !== null && !(await knownDevice(c, user.id, tx))) return wait;
  const verdict = await twoFactor.verify(user.id, code, tx);
  if (verdict === 'right') await limits.secondFactor.refund(user.id, tx);
  return verdict;
}

const wrongCode = () =>
  new ApiError(401, 'invalid_totp', 'That code is not right. Use the current code from your app, or a recovery code.');

/** The app's code was right but has just been used: a new one comes within 30 seconds. */
const reusedCode = () =>
  new ApiError(
    401,
    'totp_reused',
    'That code has just been used. Wait for the next code in your app, or use a recovery code.',
  );

/** The failure a person reads for a code that did not pass. */
export const refusedCode = (verdict: 'wrong' | 'reused') => (verdict === 'reused' ? reusedCode() : wrongCode());

/**
 * With two-factor on, the right password alone answers 401 `totp_required`; a wrong code counts as
 * a failed sign-in at (account, address) and at the account, and against the account's one
 * second-factor budget. The failure is counted before the code is checked, in one transaction with
 * the check: that first write holds the counter (the connection on SQLite, the row on PostgreSQL), so
 * codes sent at once are checked one after another against the limit. A right code takes its count back.
 */
export async function secondFactor(c: Context<AppEnv>, user: UserRow, code: string | undefined) {
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
    else if (typeof verdict !== 'number') await services.limits.perAccount.hit(user.email, tx);
    return verdict;
  });
  if (typeof outcome === 'number') throw tooMany(outcome);
  if (outcome !== 'right') throw refusedCode(outcome);
}
