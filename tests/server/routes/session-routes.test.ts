import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../../../server/auth/mailer';
import { authFrom, call, limitedConfig, makeTestApp, sessionCookie, signUp, testConfig } from '../helpers';
import { startSmtpSink } from '../smtp-sink';

type ErrorBody = { error: { code: string; message: string } };
const PASSWORD = 'correct horse';

describe('accounts: sign-up, sign-in, session, sign-out', () => {
  it('signs up (201), is signed in at once without SMTP, and logs no confirmation link', async () => {
    const lines: Record<string, unknown>[] = [];
    const { app } = await makeTestApp({ logger: { info: (f) => lines.push(f), error: (f) => lines.push(f) } });
    const res = await call(app, 'POST', '/api/auth/signup', {
      body: { email: ' Ann@Example.com ', password: PASSWORD },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { user: { email: string; providers: string[] }; confirmationRequired: boolean };
    expect(body).toMatchObject({
      user: { email: 'ann@example.com', providers: ['password'] },
      confirmationRequired: false,
    });
    const cookieLine = res.headers.getSetCookie().find((l) => l.startsWith('swatchbook_session='))!;
    expect(cookieLine).toMatch(/HttpOnly/);
    expect(cookieLine).toMatch(/SameSite=Lax/);
    expect(cookieLine).toMatch(/Max-Age=2592000/);
    expect(cookieLine).not.toMatch(/Secure/);
    const session = await call(app, 'GET', '/api/auth/session', { cookie: sessionCookie(res) });
    expect(await session.json()).toMatchObject({ user: { email: 'ann@example.com' } });
    // No SMTP: no confirmation link is made at all, so none can leak from the log.
    expect(JSON.stringify(lines)).not.toMatch(/token=/);
  });

  it('stores only the hash of the session token, and an argon2id password hash', async () => {
    const { app, deps } = await makeTestApp();
    const { cookie, email } = await signUp(app);
    const token = cookie.split('=')[1]!;
    const stored = await deps.sql.all<{ id: string }>('SELECT id FROM sessions');
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id).not.toContain(token);
    expect(stored[0]?.id).toMatch(/^[0-9a-f]{64}$/);
    const user = (await deps.sql.get<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = ?', [
      email,
    ]))!;
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.password_hash).not.toContain(PASSWORD);
  });

  it('answers 409 email_taken with the fixed message for an existing email, in any case', async () => {
    const { app } = await makeTestApp();
    await signUp(app, 'bea@example.com');
    const res = await call(app, 'POST', '/api/auth/signup', {
      body: { email: 'BEA@example.com', password: 'other pw' },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: { code: 'email_taken', message: 'An account with this email already exists. Please sign in.' },
    });
  });

  it('validates the form: email, password of at least 8 characters', async () => {
    const { app } = await makeTestApp();
    for (const body of [
      { email: 'not-an-email', password: PASSWORD },
      { email: 'a@example.com', password: '1234567' },
      { email: 'a@example.com' },
      {},
    ]) {
      const res = await call(app, 'POST', '/api/auth/signup', { body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe('invalid_request');
    }
  });

  it('signs in with the right password (200 + cookie) and answers 401 otherwise, the same for unknown emails', async () => {
    const { app } = await makeTestApp();
    await signUp(app, 'cy@example.com');
    const ok = await call(app, 'POST', '/api/auth/signin', { body: { email: 'cy@example.com', password: PASSWORD } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ user: { email: 'cy@example.com' } });
    expect(sessionCookie(ok)).toMatch(/^swatchbook_session=/);
    for (const body of [
      { email: 'cy@example.com', password: 'wrong password' },
      { email: 'nobody@example.com', password: PASSWORD },
    ]) {
      const res = await call(app, 'POST', '/api/auth/signin', { body });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        error: { code: 'invalid_credentials', message: 'Invalid email or password.' },
      });
    }
  });

  it('signs out: 204, the session is gone on the server and the cookie cleared', async () => {
    const { app, deps } = await makeTestApp();
    const { cookie } = await signUp(app);
    const res = await call(app, 'POST', '/api/auth/signout', { cookie });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join()).toMatch(/swatchbook_session=;.*Max-Age=0/);
    expect(await deps.sql.get('SELECT count(*) AS n FROM sessions')).toEqual({ n: 0 });
    const after = await call(app, 'GET', '/api/auth/session', { cookie });
    expect(await after.json()).toEqual({ user: null });
  });

  it('keeps a session 30 days from its last use, and ends it 30 days after', async () => {
    let now = new Date('2026-11-22T12:00:00Z').getTime();
    const { app } = await makeTestApp({ now: () => new Date(now) });
    const { cookie } = await signUp(app);
    now += 20 * 86_400_000;
    const used = await call(app, 'GET', '/api/auth/session', { cookie });
    expect(await used.json()).toMatchObject({ user: { id: expect.any(String) } });
    expect(used.headers.getSetCookie().join()).toMatch(/Max-Age=2592000/);
    now += 29 * 86_400_000;
    expect(await (await call(app, 'GET', '/api/auth/session', { cookie })).json()).toMatchObject({
      user: { id: expect.any(String) },
    });
    now += 31 * 86_400_000;
    expect(await (await call(app, 'GET', '/api/auth/session', { cookie })).json()).toEqual({ user: null });
  });

  it('marks the cookie Secure when the public origin is HTTPS', async () => {
    const { app } = await makeTestApp({ config: { ...testConfig, publicOrigin: 'https://swatchbook.example' } });
    const res = await app.request('https://swatchbook.example/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://swatchbook.example' },
      body: JSON.stringify({ email: 'sec@example.com', password: PASSWORD }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie().find((l) => l.startsWith('swatchbook_session='))).toMatch(/Secure/);
  });
});

describe('accounts: protection', () => {
  it('refuses a mutating request from another origin with 403, and a cross-site form post', async () => {
    const { app } = await makeTestApp();
    const res = await call(app, 'POST', '/api/auth/signup', {
      body: { email: 'x@example.com', password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).error.code).toBe('forbidden_origin');
    const form = await app.request('http://localhost:3000/api/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(form.status).toBe(403);
  });

  it('limits sign-in attempts per account: the 11th in 10 minutes answers 429 with Retry-After', async () => {
    const { app } = await makeTestApp();
    await signUp(app, 'dee@example.com');
    const attempt = () =>
      call(app, 'POST', '/api/auth/signin', { body: { email: 'dee@example.com', password: 'wrong password' } });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as ErrorBody).error.code).toBe('rate_limited');
    // Even the right password waits: the limit is on the account, not on the guess.
    const right = await call(app, 'POST', '/api/auth/signin', {
      body: { email: 'dee@example.com', password: PASSWORD },
    });
    expect(right.status).toBe(429);
  });

  it('limits sign-up attempts per email too', async () => {
    const { app } = await makeTestApp();
    await signUp(app, 'taken@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call(app, 'POST', '/api/auth/signup', {
        body: { email: 'taken@example.com', password: PASSWORD },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 9).every((s) => s === 409)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits sign-in and sign-up attempts per address', async () => {
    const { app } = await makeTestApp({ config: limitedConfig({ perIp: 3 }) });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await authFrom(app, '192.0.2.7', 'signin', { email: `guess${i}@example.com`, password: PASSWORD });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const signup = await authFrom(app, '192.0.2.7', 'signup', { email: 'new@example.com', password: PASSWORD });
    expect(signup.status).toBe(429);
    const elsewhere = await authFrom(app, '192.0.2.8', 'signup', { email: 'new@example.com', password: PASSWORD });
    expect(elsewhere.status).toBe(201);
  });

  it('never logs passwords, tokens or cookies', async () => {
    const lines: string[] = [];
    const logger = {
      info: (f: object) => lines.push(JSON.stringify(f)),
      error: (f: object) => lines.push(JSON.stringify(f)),
    };
    const { app } = await makeTestApp({ logger });
    const { cookie } = await signUp(app, 'log@example.com');
    await call(app, 'POST', '/api/auth/signin', { body: { email: 'log@example.com', password: PASSWORD } });
    await call(app, 'GET', '/api/auth/session', { cookie });
    const requestLines = lines.filter((l) => !l.includes('confirmation link'));
    expect(requestLines.length).toBeGreaterThan(2);
    for (const line of requestLines) {
      expect(line).not.toContain(PASSWORD);
      expect(line).not.toContain(cookie.split('=')[1]!);
    }
    expect(JSON.parse(requestLines[0]!)).toMatchObject({ method: 'POST', path: '/api/auth/signup', status: 201 });
  });
});

describe('accounts: confirmation mail over SMTP', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('mails a link; the account signs in only after it is followed', async () => {
    const { app } = await makeTestApp({ mailer: sink.mailer() });
    const res = await call(app, 'POST', '/api/auth/signup', { body: { email: 'eve@example.com', password: PASSWORD } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ confirmationRequired: true, user: { emailVerified: false } });
    expect(res.headers.getSetCookie().some((l) => l.startsWith('swatchbook_session=') && !/Max-Age=0/.test(l))).toBe(
      false,
    );

    const mail = await sink.mailTo('eve@example.com');
    expect(mail).toContain('Subject: Confirm your Swatchbook account');
    const link = /http:\/\/localhost:3000\/confirm\?token=([a-z2-7]+)/.exec(mail);
    const token = link?.[1];
    expect(token).toBeTruthy();

    const early = await call(app, 'POST', '/api/auth/signin', {
      body: { email: 'eve@example.com', password: PASSWORD },
    });
    expect(early.status).toBe(403);
    expect(((await early.json()) as ErrorBody).error.code).toBe('email_not_confirmed');

    const wrong = await call(app, 'POST', '/api/auth/confirm', {
      body: { token: 'aaaaaaaaaaaaaaaaaaaa', password: PASSWORD },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ErrorBody).error.code).toBe('confirmation_invalid');
    // The link alone confirms nothing: it asks for the password chosen at sign-up.
    const bare = await call(app, 'POST', '/api/auth/confirm', { body: { token } });
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as ErrorBody).error.code).toBe('invalid_request');
    const confirm = await call(app, 'POST', '/api/auth/confirm', { body: { token, password: PASSWORD } });
    expect(confirm.status).toBe(200);
    expect(await confirm.json()).toEqual({ email: 'eve@example.com', startedClean: false });
    const signin = await call(app, 'POST', '/api/auth/signin', {
      body: { email: 'eve@example.com', password: PASSWORD },
    });
    expect(signin.status).toBe(200);
    // A confirmation link works once.
    const reuse = await call(app, 'POST', '/api/auth/confirm', { body: { token, password: PASSWORD } });
    expect(reuse.status).toBe(400);
  });

  it('undoes the sign-up when the mail cannot be sent, so the address can try again', async () => {
    const { app, deps } = await makeTestApp({ mailer: smtpMailer('smtp://127.0.0.1:1', 'x@example.com') });
    const res = await call(app, 'POST', '/api/auth/signup', { body: { email: 'fay@example.com', password: PASSWORD } });
    expect(res.status).toBe(503);
    expect(await deps.sql.get('SELECT count(*) AS n FROM users')).toEqual({ n: 0 });
    const retry = await call(app, 'POST', '/api/auth/signup', {
      body: { email: 'fay@example.com', password: PASSWORD },
    });
    expect(retry.status).toBe(503);
    expect(((await retry.json()) as ErrorBody).error.code).toBe('mail_failed');
  });
});
