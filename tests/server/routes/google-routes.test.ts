import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimitConfig } from '../../../server/auth/rate-limit';
import type { Logger } from '../../../server/http/app-env';
import { call, googleConfig, makeTestApp, sessionCookie, signUp } from '../helpers';

const PASSWORD = 'correct horse';

describe('accounts: Google sign-in (against a local OIDC mock)', () => {
  let oidc: OAuth2Server;
  let email = 'gina@example.com';
  let verified = true;
  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    oidc.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, { email, email_verified: verified });
    });
  });
  afterAll(() => oidc.stop());

  async function googleApp(logger?: Logger, rateLimits?: RateLimitConfig) {
    return await makeTestApp({ ...(logger ? { logger } : {}), config: googleConfig(oidc.issuer.url!, rateLimits) });
  }

  /** Follows the whole redirect dance as a browser would, returning the final callback response. */
  async function signInWithGoogle(app: Awaited<ReturnType<typeof googleApp>>['app'], tamperState = false) {
    const start = await app.request('http://localhost:3000/api/auth/google');
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    const cookies = start.headers
      .getSetCookie()
      .map((l) => l.split(';')[0])
      .join('; ');
    const consent = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    expect(back.pathname).toBe('/api/auth/google/callback');
    if (tamperState) back.searchParams.set('state', 'forged');
    return app.request(`http://localhost:3000${back.pathname}${back.search}`, { headers: { cookie: cookies } });
  }

  it('creates an account from a verified Google email and signs it in', async () => {
    email = 'gina@example.com';
    verified = true;
    const { app } = await googleApp();
    const done = await signInWithGoogle(app);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/');
    const session = await call(app, 'GET', '/api/auth/session', { cookie: sessionCookie(done) });
    expect(await session.json()).toMatchObject({ user: { email, emailVerified: true, providers: ['google'] } });
  });

  it('links Google to an existing password account whose owner confirmed the email', async () => {
    email = 'hal@example.com';
    verified = true;
    const { app, deps } = await googleApp();
    const { id } = await signUp(app, email);
    // The owner confirmed the address (by mail, or an administrator's reset link).
    await deps.sql.run('UPDATE users SET email_verified = 1 WHERE id = ?', [id]);
    const done = await signInWithGoogle(app);
    const session = (await (await call(app, 'GET', '/api/auth/session', { cookie: sessionCookie(done) })).json()) as {
      user: { id: string; providers: string[] };
    };
    expect(session.user.id).toBe(id);
    expect(session.user.providers.sort()).toEqual(['google', 'password']);
    const password = await call(app, 'POST', '/api/auth/signin', { body: { email, password: PASSWORD } });
    expect(password.status).toBe(200);
  });

  it('takes an unconfirmed account back from whoever set its password when Google proves the email', async () => {
    email = 'kim@example.com';
    verified = true;
    const { app } = await googleApp();
    // Someone who does not own kim@example.com signs up with it (no SMTP: usable at once, unconfirmed).
    const squatter = await signUp(app, email);
    const done = await signInWithGoogle(app);
    const session = (await (await call(app, 'GET', '/api/auth/session', { cookie: sessionCookie(done) })).json()) as {
      user: { id: string; providers: string[]; emailVerified: boolean };
    };
    // A fresh account on the address: nothing the squatter set up came with it.
    expect(session.user).toMatchObject({ providers: ['google'], emailVerified: true });
    expect(session.user.id).not.toBe(squatter.id);
    // The squatter's session and password no longer open the account.
    const old = (await (await call(app, 'GET', '/api/auth/session', { cookie: squatter.cookie })).json()) as {
      user: unknown;
    };
    expect(old.user).toBeNull();
    const retry = await call(app, 'POST', '/api/auth/signin', { body: { email, password: PASSWORD } });
    expect(retry.status).toBe(401);
  });

  it('refuses an unverified Google email and a forged state, back to / with an error', async () => {
    email = 'ivy@example.com';
    verified = false;
    const { app } = await googleApp();
    const unverified = await signInWithGoogle(app);
    expect(unverified.headers.get('location')).toBe('/?auth_error=google_email_unverified');
    verified = true;
    const forged = await signInWithGoogle(app, true);
    expect(forged.headers.get('location')).toBe('/?auth_error=google_failed');
    expect(forged.headers.getSetCookie().some((l) => l.startsWith('swatchbook_session=') && !/Max-Age=0/.test(l))).toBe(
      false,
    );
  });

  it('an account with two-factor on also needs its authenticator code after Google', async () => {
    email = 'tara@example.com';
    verified = true;
    const { app } = await googleApp();
    const first = await signInWithGoogle(app);
    const owner = sessionCookie(first);
    const { secret } = (await (await call(app, 'POST', '/api/auth/totp/setup', { cookie: owner })).json()) as {
      secret: string;
    };
    // The test app's clock stands at 2026-11-22T12:00:00Z.
    const at = Date.parse('2026-11-22T12:00:00Z');
    const code = generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(at / 30_000)), 6);
    const enabled = await call(app, 'POST', '/api/auth/totp/enable', { cookie: owner, body: { code } });
    expect(enabled.status, await enabled.clone().text()).toBe(200);
    const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };

    // Google alone: no session, a waiting sign-in instead, and the app is told to ask for the code.
    const back = await signInWithGoogle(app);
    expect(back.headers.get('location')).toBe('/?auth_step=second-factor');
    const cookies = back.headers.getSetCookie();
    expect(cookies.some((l) => l.startsWith('swatchbook_session=') && !/Max-Age=0/.test(l))).toBe(false);
    const pending = cookies.find((l) => l.startsWith('swatchbook_pending_sign_in='));
    expect(pending).toMatch(/HttpOnly/i);
    expect(pending).toMatch(/Path=\/api\/auth\/second-factor/);
    const waiting = pending!.split(';')[0]!;

    const noWait = await call(app, 'POST', '/api/auth/second-factor', { body: { totp: recoveryCodes[0] } });
    expect(noWait.status).toBe(401);
    expect(((await noWait.json()) as { error: { code: string } }).error.code).toBe('second_factor_expired');
    const wrong = await call(app, 'POST', '/api/auth/second-factor', { cookie: waiting, body: { totp: '000000' } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('invalid_totp');

    const done = await call(app, 'POST', '/api/auth/second-factor', {
      cookie: waiting,
      body: { totp: recoveryCodes[0] },
    });
    expect(done.status).toBe(200);
    const session = await call(app, 'GET', '/api/auth/session', { cookie: sessionCookie(done) });
    expect(await session.json()).toMatchObject({ user: { email } });
    // Used once: the same waiting sign-in cannot make a second session.
    const again = await call(app, 'POST', '/api/auth/second-factor', {
      cookie: waiting,
      body: { totp: recoveryCodes[1] },
    });
    expect(again.status).toBe(401);

    // Five wrong codes end a waiting sign-in: a right one after that is refused too.
    const next = (await signInWithGoogle(app)).headers
      .getSetCookie()
      .find((l) => l.startsWith('swatchbook_pending_sign_in='))!
      .split(';')[0]!;
    for (let i = 0; i < 5; i++) {
      const res = await call(app, 'POST', '/api/auth/second-factor', { cookie: next, body: { totp: '000000' } });
      expect(res.status).toBe(401);
    }
    const late = await call(app, 'POST', '/api/auth/second-factor', { cookie: next, body: { totp: recoveryCodes[1] } });
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe('second_factor_expired');
  });

  /** A Google account with two-factor on, and a fresh waiting sign-in (its cookie) whenever asked. */
  async function twoFactorGoogleAccount(address: string) {
    email = address;
    verified = true;
    const { app, deps } = await googleApp();
    const owner = sessionCookie(await signInWithGoogle(app));
    const { secret } = (await (await call(app, 'POST', '/api/auth/totp/setup', { cookie: owner })).json()) as {
      secret: string;
    };
    const at = Date.parse('2026-11-22T12:00:00Z');
    const code = generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(at / 30_000)), 6);
    const enabled = await call(app, 'POST', '/api/auth/totp/enable', { cookie: owner, body: { code } });
    expect(enabled.status).toBe(200);
    const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
    const waiting = async () =>
      (await signInWithGoogle(app)).headers
        .getSetCookie()
        .find((l) => l.startsWith('swatchbook_pending_sign_in='))!
        .split(';')[0]!;
    return { app, deps, recoveryCodes, waiting };
  }

  const errorCode = async (res: Response) => ((await res.clone().json()) as { error?: { code: string } }).error?.code;

  it('codes sent at once to one waiting sign-in: one session, one recovery code spent', async () => {
    const { app, deps, recoveryCodes, waiting } = await twoFactorGoogleAccount('uma@example.com');
    const cookie = await waiting();
    // Someone holding the waiting sign-in fires every recovery code at once (a double tap does the same).
    const answers = await Promise.all(
      recoveryCodes.map((totp) => call(app, 'POST', '/api/auth/second-factor', { cookie, body: { totp } })),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 200))
      expect(await errorCode(res)).toBe('second_factor_expired');
    const left = await deps.sql.get<{ n: number }>('SELECT count(*) AS n FROM totp_recovery_codes');
    expect(left).toEqual({ n: recoveryCodes.length - 1 });
  });

  it('wrong codes sent at once still get five tries in all, then the right code is refused', async () => {
    const { app, recoveryCodes, waiting } = await twoFactorGoogleAccount('vic@example.com');
    const cookie = await waiting();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(app, 'POST', '/api/auth/second-factor', { cookie, body: { totp: String(100000 + i) } }),
      ),
    );
    const codes = await Promise.all(answers.map(errorCode));
    // Four wrong tries say so; the fifth ends the waiting sign-in, and every later one finds it ended.
    expect(codes.filter((code) => code === 'invalid_totp')).toHaveLength(4);
    expect(codes.filter((code) => code === 'second_factor_expired')).toHaveLength(6);
    const late = await call(app, 'POST', '/api/auth/second-factor', { cookie, body: { totp: recoveryCodes[0] } });
    expect(await errorCode(late)).toBe('second_factor_expired');
  });

  it('one second-factor budget per account: spent on the password path, Google and the reset link answer 429 too', async () => {
    email = 'wes@example.com';
    verified = true;
    const budget = 6;
    const { app, deps } = await googleApp(undefined, { secondFactor: budget });
    // The owner: a confirmed password account, linked to Google, with an authenticator app.
    const { id } = await signUp(app, email);
    await deps.sql.run('UPDATE users SET email_verified = 1 WHERE id = ?', [id]);
    const first = await signInWithGoogle(app);
    const owner = sessionCookie(first);
    const ownerDevice = first.headers
      .getSetCookie()
      .find((l) => l.startsWith('swatchbook_device='))!
      .split(';')[0]!;
    const { secret } = (await (await call(app, 'POST', '/api/auth/totp/setup', { cookie: owner })).json()) as {
      secret: string;
    };
    const at = Date.parse('2026-11-22T12:00:00Z');
    const codeNow = () => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(at / 30_000)), 6);
    const enabled = await call(app, 'POST', '/api/auth/totp/enable', { cookie: owner, body: { code: codeNow() } });
    expect(enabled.status).toBe(200);
    const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };

    // The attacker holds the password and the Google account: codes on the password path, each from
    // another address (so the per-address limit never answers), until the account's budget is spent.
    const statuses: number[] = [];
    for (let i = 0; i <= budget; i++) {
      const res = await call(app, 'POST', '/api/auth/signin', {
        body: { email, password: PASSWORD, totp: String(300000 + i) },
        env: { incoming: { socket: { remoteAddress: `203.0.113.${i}`, remotePort: 1 } } },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(budget).fill(401), 429]);
    // Then Google: before, every waiting sign-in checked five more codes. Now no code is checked, not
    // even the right one, and the waiting sign-in keeps its tries for later.
    for (let round = 0; round < 3; round++) {
      const waiting = (await signInWithGoogle(app)).headers
        .getSetCookie()
        .find((l) => l.startsWith('swatchbook_pending_sign_in='))!
        .split(';')[0]!;
      for (const totp of ['111111', recoveryCodes[round]!]) {
        const res = await call(app, 'POST', '/api/auth/second-factor', { cookie: waiting, body: { totp } });
        expect(res.status, `round ${round}, ${totp}`).toBe(429);
        expect(await errorCode(res)).toBe('rate_limited');
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      }
    }
    // And the reset link (a mailbox is one factor; the code is the other).
    const { accounts } = await import('../../../server/auth/account-queries');
    const token = await accounts(deps.sql, deps.now).createPasswordReset(id);
    const reset = await call(app, 'POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'battery staple', totp: '222222' },
    });
    expect(reset.status).toBe(429);
    // The owner's own browser, which signed in before, still finishes its Google sign-in.
    const ownWaiting = (await signInWithGoogle(app)).headers
      .getSetCookie()
      .find((l) => l.startsWith('swatchbook_pending_sign_in='))!
      .split(';')[0]!;
    const ownCode = await call(app, 'POST', '/api/auth/second-factor', {
      cookie: `${ownWaiting}; ${ownerDevice}`,
      body: { totp: recoveryCodes[9]! },
    });
    expect(ownCode.status).toBe(200);
    // Only the owner's code was spent: the ones sent past the budget were never checked.
    expect(await deps.sql.get('SELECT count(*) AS n FROM totp_recovery_codes')).toEqual({
      n: recoveryCodes.length - 1,
    });
  });

  it('answers 404 when Google is not configured', async () => {
    const res = await (await makeTestApp()).app.request('http://localhost:3000/api/auth/google');
    expect(res.status).toBe(404);
  });
});
