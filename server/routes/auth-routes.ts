import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { z } from 'zod';
import {
  AUTH_ERROR_PARAM,
  type AuthRedirectError,
  credentialsSchema,
  type SessionResponse,
  type SignupResponse,
} from '../../shared/api/auth';
import type { AppEnv } from '../app';
import { googleSignIn } from '../auth/google';
import { burnVerify, hashPassword, verifyPassword } from '../auth/passwords';
import type { RateLimiter } from '../auth/rate-limit';
import { clearSessionCookie, readSessionCookie, writeSessionCookie, writeShortCookie } from '../auth/session-cookie';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';

const STATE_COOKIE = 'swatchbook_google_state';
const VERIFIER_COOKIE = 'swatchbook_google_verifier';
const GOOGLE_COOKIE_PATH = '/api/auth/google';

/** The caller's address: the socket's, or the proxy's X-Forwarded-For when configured to trust it. */
function clientIp(c: Context<AppEnv>): string {
  if (c.get('deps').config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function limit(limiter: RateLimiter, key: string) {
  const wait = limiter.hit(key);
  if (wait !== null) {
    const minutes = Math.ceil(wait / 60);
    throw new ApiError(
      429,
      'rate_limited',
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      undefined,
      { 'Retry-After': String(wait) },
    );
  }
}

function startSession(c: Context<AppEnv>, userId: string) {
  const { deps, services } = c.var;
  const { token, expiresAt } = services.accounts.createSession(userId);
  writeSessionCookie(c, deps.config.publicOrigin, token, expiresAt, deps.now().getTime());
}

const redirectWithError = (c: Context<AppEnv>, code: AuthRedirectError) =>
  c.redirect(`/?${AUTH_ERROR_PARAM}=${code}`, 302);

export const authRoutes = new Hono<AppEnv>()
  .post('/auth/signup', validate('json', credentialsSchema), async (c) => {
    const { deps, services } = c.var;
    const { email, password } = c.req.valid('json');
    limit(services.limits.perIp, `ip:${clientIp(c)}`);
    limit(services.limits.perEmail, `signup:${email}`);
    const taken = () => new ApiError(409, 'email_taken', 'An account with this email already exists. Please sign in.');
    if (services.accounts.findByEmail(email)) throw taken();
    const passwordHash = await hashPassword(password);
    const mailer = deps.mailer ?? null;
    const user = services.accounts.createUser(email, passwordHash, false);
    if (!user) throw taken();
    const token = services.accounts.createConfirmation(user.id);
    const link = new URL(`/api/auth/confirm?token=${token}`, deps.config.publicOrigin).toString();
    if (mailer) {
      try {
        await mailer.send({
          to: email,
          subject: 'Confirm your Swatchbook account',
          text: `Welcome to Swatchbook.\n\nConfirm your email address to start saving palettes:\n${link}\n\nThe link works for 48 hours. If you did not sign up, ignore this mail.`,
        });
      } catch (error) {
        deps.logger.error({ msg: 'confirmation mail failed', error: String((error as Error)?.message ?? error) });
        services.accounts.removeUnconfirmed(user.id);
        throw new ApiError(503, 'mail_failed', 'We could not send the confirmation mail. Please try again.');
      }
    } else {
      // Without SMTP the account works at once; a self-hoster can still confirm with the logged link.
      deps.logger.info({ msg: 'email confirmation link (SMTP not configured)', link });
      startSession(c, user.id);
    }
    const body: SignupResponse = { user: services.accounts.toApiUser(user), confirmationRequired: mailer !== null };
    return c.json(body, 201);
  })
  .post('/auth/signin', validate('json', credentialsSchema), async (c) => {
    const { deps, services } = c.var;
    const { email, password } = c.req.valid('json');
    limit(services.limits.perIp, `ip:${clientIp(c)}`);
    limit(services.limits.perEmail, `email:${email}`);
    const user = services.accounts.findByEmail(email);
    const invalid = () => new ApiError(401, 'invalid_credentials', 'Invalid email or password.');
    if (!user?.password_hash) {
      await burnVerify(password);
      throw invalid();
    }
    if (!(await verifyPassword(user.password_hash, password))) throw invalid();
    if (deps.mailer && user.email_verified !== 1) {
      throw new ApiError(403, 'email_not_confirmed', 'Confirm your email first: follow the link we sent you.');
    }
    services.limits.perEmail.reset(`email:${email}`);
    startSession(c, user.id);
    const body: SessionResponse = { user: services.accounts.toApiUser(user) };
    return c.json(body);
  })
  .post('/auth/signout', (c) => {
    const token = readSessionCookie(c);
    if (token) c.var.services.accounts.deleteSession(token);
    clearSessionCookie(c, c.var.deps.config.publicOrigin);
    return c.body(null, 204);
  })
  .get('/auth/session', (c) => {
    const user = c.get('user');
    const body: SessionResponse = { user: user ? c.var.services.accounts.toApiUser(user) : null };
    return c.json(body);
  })
  .get('/auth/confirm', (c) => {
    const parsed = z.object({ token: z.string().regex(/^[a-z2-7]{1,64}$/) }).safeParse(c.req.query());
    const user = parsed.success ? c.var.services.accounts.confirmEmail(parsed.data.token) : null;
    if (!user) return redirectWithError(c, 'confirmation_invalid');
    startSession(c, user.id);
    return c.redirect('/', 302);
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
    let userId = accounts.userForIdentity('google', profile.subject);
    if (!userId) {
      // Link by email only when Google vouches for it, so nobody takes over an account with an unverified address.
      if (!profile.emailVerified) return redirectWithError(c, 'google_email_unverified');
      const existing = accounts.findByEmail(profile.email);
      if (existing && existing.email_verified !== 1) accounts.claimUnverified(existing.id);
      const user = existing ? accounts.findById(existing.id) : accounts.createUser(profile.email, null, true);
      if (!user) return redirectWithError(c, 'google_failed');
      accounts.linkIdentity('google', profile.subject, user.id);
      accounts.markEmailVerified(user.id);
      userId = user.id;
    }
    startSession(c, userId);
    return c.redirect('/', 302);
  });
