import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { z } from 'zod';
import { AUTH_ERROR_PARAM, AUTH_STEP_PARAM, type AuthRedirectError } from '../../shared/api/auth-redirects';
import { claimAddress } from '../auth/account-claim';
import { googleSignIn } from '../auth/google';
import { writeShortCookie } from '../auth/session-cookie';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';
import { knownDevice, PENDING_COOKIE, PENDING_COOKIE_PATH, startSession } from './auth-shared';

const STATE_COOKIE = 'swatchbook_google_state';
const VERIFIER_COOKIE = 'swatchbook_google_verifier';
const GOOGLE_COOKIE_PATH = '/api/auth/google';

const redirectWithError = (c: Context<AppEnv>, code: AuthRedirectError) =>
  c.redirect(`/?${AUTH_ERROR_PARAM}=${code}`, 302);

/** Signing in with Google (OAuth with state and PKCE). */
export const googleRoutes = new Hono<AppEnv>()
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
  });
