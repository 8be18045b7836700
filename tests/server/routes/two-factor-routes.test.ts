import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../server/http/app-env';
import { call, limitedConfig, makeTestApp, sessionCookie, signUp } from '../helpers';

type ErrorBody = { error: { code: string } };
const PASSWORD = 'correct horse';

/** What an authenticator app shows at `at` for this secret (RFC 6238: 30 s steps, 6 digits). */
const codeAt = (secret: string, at: number, offsetSteps = 0) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(at / 30_000) + offsetSteps), 6);

async function withTwoFactor(config?: AppConfig) {
  let now = new Date('2026-11-22T12:00:00Z').getTime();
  const made = await makeTestApp({ now: () => new Date(now), ...(config ? { config } : {}) });
  const { app } = made;
  const account = await signUp(app);
  const setup = await call(app, 'POST', '/api/auth/totp/setup', { cookie: account.cookie });
  expect(setup.status).toBe(200);
  const { secret, uri } = (await setup.json()) as { secret: string; uri: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\/Swatchbook:/);
  expect(uri).toContain(`secret=${secret}`);
  const wrong = await call(app, 'POST', '/api/auth/totp/enable', { cookie: account.cookie, body: { code: '000000' } });
  expect(wrong.status).toBe(400);
  const enable = await call(app, 'POST', '/api/auth/totp/enable', {
    cookie: account.cookie,
    body: { code: codeAt(secret, now) },
  });
  expect(enable.status).toBe(200);
  const { recoveryCodes } = (await enable.json()) as { recoveryCodes: string[] };
  now += 60_000;
  return {
    ...made,
    ...account,
    secret,
    recoveryCodes,
    at: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('two-factor sign-in (TOTP)', () => {
  it('once on, the right password alone answers totp_required; a current code or a recovery code signs in, each once', async () => {
    const t = await withTwoFactor();
    expect(t.recoveryCodes).toHaveLength(10);
    expect(new Set(t.recoveryCodes).size).toBe(10);
    const stored = await t.deps.sql.all<{ code_hash: string }>('SELECT code_hash FROM totp_recovery_codes');
    expect(stored).toHaveLength(10);
    for (const code of t.recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code);

    const bare = await call(t.app, 'POST', '/api/auth/signin', { body: { email: t.email, password: PASSWORD } });
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as ErrorBody).error.code).toBe('totp_required');
    expect(bare.headers.getSetCookie().some((l) => l.startsWith('swatchbook_session=') && !/Max-Age=0/.test(l))).toBe(
      false,
    );

    const wrong = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: t.email, password: PASSWORD, totp: '123456' },
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as ErrorBody).error.code).toBe('invalid_totp');

    const code = codeAt(t.secret, t.at());
    const ok = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: t.email, password: PASSWORD, totp: code },
    });
    expect(ok.status).toBe(200);
    // The same code cannot be replayed.
    const replay = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: t.email, password: PASSWORD, totp: code },
    });
    expect(replay.status).toBe(401);

    const recovery = t.recoveryCodes[3]!;
    const viaRecovery = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: t.email, password: PASSWORD, totp: recovery.toUpperCase() },
    });
    expect(viaRecovery.status).toBe(200);
    const again = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: t.email, password: PASSWORD, totp: recovery },
    });
    expect(again.status).toBe(401);
    // A wrong password with a right code is still refused.
    t.advance(60_000);
    const badPassword = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: t.email, password: 'not the password', totp: codeAt(t.secret, t.at()) },
    });
    expect(badPassword.status).toBe(401);
    expect(((await badPassword.json()) as ErrorBody).error.code).toBe('invalid_credentials');
  });

  it('wrong codes are rate-limited like passwords', async () => {
    const t = await withTwoFactor();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call(t.app, 'POST', '/api/auth/signin', {
        body: { email: t.email, password: PASSWORD, totp: String(100000 + i) },
      });
      statuses.push(res.status);
    }
    // Ten failures per (account, address), the wrong code at setup included, then 429.
    const limited = statuses.indexOf(429);
    expect(limited).toBeGreaterThan(5);
    expect(limited).toBeLessThanOrEqual(10);
    expect(statuses.slice(0, limited).every((s) => s === 401)).toBe(true);
  });

  it('password reset does not bypass it', async () => {
    const t = await withTwoFactor();
    // The owner proved the address (by mail, Google or an earlier reset link): the account is theirs.
    await t.deps.sql.run('UPDATE users SET email_verified = 1 WHERE id = ?', [t.id]);
    // The same single-use link a reset mail or the administrator's CLI hands out.
    const { accounts } = await import('../../../server/auth/account-queries');
    const token = await accounts(t.deps.sql, t.deps.now).createPasswordReset(t.id);
    const bare = await call(t.app, 'POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'battery staple' },
    });
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as ErrorBody).error.code).toBe('totp_required');
    const wrong = await call(t.app, 'POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'battery staple', totp: '000000' },
    });
    expect(wrong.status).toBe(401);
    const done = await call(t.app, 'POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'battery staple', totp: codeAt(t.secret, t.at()) },
    });
    expect(done.status).toBe(200);
    expect(sessionCookie(done)).toMatch(/^swatchbook_session=/);
  });

  it('codes sent at once with a reset link meet the same limit as codes sent one by one', async () => {
    const limit = 4;
    const t = await withTwoFactor(limitedConfig({ perEmail: limit }));
    await t.deps.sql.run('UPDATE users SET email_verified = 1 WHERE id = ?', [t.id]);
    const { accounts } = await import('../../../server/auth/account-queries');
    const token = await accounts(t.deps.sql, t.deps.now).createPasswordReset(t.id);
    // Whoever got into the mailbox guesses the second factor with many requests at once.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(t.app, 'POST', '/api/auth/password-reset/confirm', {
          body: { token, password: 'battery staple', totp: String(200000 + i) },
        }),
      ),
    );
    const codes = await Promise.all(answers.map(async (res) => ((await res.json()) as ErrorBody).error.code));
    // The wrong code at setup already counted one failure from this address.
    expect(codes.filter((code) => code === 'invalid_totp')).toHaveLength(limit - 1);
    expect(codes.filter((code) => code === 'rate_limited')).toHaveLength(12 - (limit - 1));
    expect(answers.find((res) => res.status === 429)?.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('turns off with the password', async () => {
    const t = await withTwoFactor();
    const signin = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: t.email, password: PASSWORD, totp: codeAt(t.secret, t.at()) },
    });
    const cookie = sessionCookie(signin);
    const wrong = await call(t.app, 'POST', '/api/auth/totp/disable', { cookie, body: { password: 'nope nope nope' } });
    expect(wrong.status).toBe(401);
    const off = await call(t.app, 'POST', '/api/auth/totp/disable', { cookie, body: { password: PASSWORD } });
    expect(off.status).toBe(204);
    const plain = await call(t.app, 'POST', '/api/auth/signin', { body: { email: t.email, password: PASSWORD } });
    expect(plain.status).toBe(200);
    expect(await plain.json()).toMatchObject({ user: { totp: false } });
  });

  it('the code just used, typed again in its 30 seconds, answers totp_reused (wait for the next code), and the next code signs in', async () => {
    const t = await withTwoFactor();
    const code = codeAt(t.secret, t.at());
    const first = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: t.email, password: PASSWORD, totp: code },
    });
    expect(first.status).toBe(200);
    // A moment later, on another device, the same code is still on the app's screen.
    t.advance(5_000);
    const again = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: t.email, password: PASSWORD, totp: code },
    });
    expect(again.status).toBe(401);
    const body = (await again.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('totp_reused');
    expect(body.error.message).toMatch(/just been used.*next code/);
    expect(again.headers.getSetCookie().some((l) => l.startsWith('swatchbook_session=') && !/Max-Age=0/.test(l))).toBe(
      false,
    );
    // A code that is simply wrong still says so.
    const wrong = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: t.email, password: PASSWORD, totp: code === '000000' ? '111111' : '000000' },
    });
    expect(((await wrong.json()) as ErrorBody).error.code).toBe('invalid_totp');
    // The next code, once the app shows it, signs in.
    t.advance(30_000);
    const next = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: t.email, password: PASSWORD, totp: codeAt(t.secret, t.at()) },
    });
    expect(next.status).toBe(200);
  });

  it('deleting the account asks for a code too: none or a wrong one answers 401 in the error shape and the account stays; a current code deletes it', async () => {
    const t = await withTwoFactor();
    const signin = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: t.email, password: PASSWORD, totp: codeAt(t.secret, t.at()) },
    });
    const cookie = sessionCookie(signin);
    const stillThere = async () =>
      (await t.deps.sql.get<{ n: number }>('SELECT count(*) AS n FROM users WHERE id = ?', [t.id]))?.n === 1;

    const bare = await call(t.app, 'DELETE', '/api/account', { cookie, body: { password: PASSWORD } });
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as ErrorBody).error.code).toBe('totp_required');
    expect(await stillThere()).toBe(true);

    t.advance(30_000);
    const current = codeAt(t.secret, t.at());
    const wrong = await call(t.app, 'DELETE', '/api/account', {
      cookie,
      body: { password: PASSWORD, totp: current === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(401);
    const wrongBody = (await wrong.json()) as { error: { code: string; message: string } };
    expect(wrongBody.error.code).toBe('invalid_totp');
    expect(typeof wrongBody.error.message).toBe('string');
    expect(await stillThere()).toBe(true);

    // The right code with the wrong password deletes nothing either, and spends no code.
    const badPassword = await call(t.app, 'DELETE', '/api/account', {
      cookie,
      body: { password: 'not the password', totp: current },
    });
    expect(badPassword.status).toBe(401);
    expect(((await badPassword.json()) as ErrorBody).error.code).toBe('invalid_credentials');
    expect(await stillThere()).toBe(true);

    const done = await call(t.app, 'DELETE', '/api/account', { cookie, body: { password: PASSWORD, totp: current } });
    expect(done.status).toBe(204);
    expect(await stillThere()).toBe(false);
  });

  it('a recovery code deletes the account too', async () => {
    const t = await withTwoFactor();
    const signin = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: t.email, password: PASSWORD, totp: t.recoveryCodes[0]! },
    });
    const cookie = sessionCookie(signin);
    const done = await call(t.app, 'DELETE', '/api/account', {
      cookie,
      body: { password: PASSWORD, totp: t.recoveryCodes[1]! },
    });
    expect(done.status).toBe(204);
  });
});
