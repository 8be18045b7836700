import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../../server/db/sql';
import { runCli } from '../../support/server-process';
import { call, colorIds, googleConfig, makeTestApp, sessionCookie, type TestApp } from '../helpers';
import { linkToken, startSmtpSink } from '../smtp-sink';
import { storeEnv } from '../test-engine';

/**
 * Someone signs up an address that is not theirs. Whatever they set up on it (a password, two-factor,
 * palettes), the address's owner proving it (a mailed link, Google, the administrator's reset link)
 * gets an account that is theirs alone, and nothing of the squatter's stays.
 */
type ErrorBody = { error: { code: string; message: string } };
const ATTACKER = 'attacker password';
const OWNER = 'owner own password';
const AT = Date.parse('2026-11-22T12:00:00Z');

const errorCode = async (res: Response) => ((await res.clone().json()) as ErrorBody).error.code;
const whoAmI = async (app: TestApp, cookie: string) =>
  (
    (await (await call(app, 'GET', '/api/auth/session', { cookie })).json()) as {
      user: { id: string; totp?: boolean } | null;
    }
  ).user;
const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((l) => l.startsWith(`${name}=`) && !/Max-Age=0/.test(l))
    ?.split(';')[0];

/** What the squatter set up while the address was theirs: palettes, an authenticator app, recovery codes. */
async function squat(app: TestApp, email: string) {
  const res = await call(app, 'POST', '/api/auth/signup', { body: { email, password: ATTACKER } });
  expect(res.status).toBe(201);
  const cookie = sessionCookie(res);
  const id = ((await res.json()) as { user: { id: string } }).user.id;
  for (const name of ['Squatter one', 'Squatter two']) {
    const made = await call(app, 'POST', '/api/palettes', { cookie, body: { name, colorIds: colorIds(3) } });
    expect(made.status).toBe(201);
  }
  const { secret } = (await (await call(app, 'POST', '/api/auth/totp/setup', { cookie })).json()) as { secret: string };
  const code = generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(AT / 30_000)), 6);
  const enabled = await call(app, 'POST', '/api/auth/totp/enable', { cookie, body: { code } });
  expect(enabled.status).toBe(200);
  return { id, cookie, device: cookieOf(res, 'swatchbook_device')! };
}

/** Nothing of the squatter's account is left in the database: rows, codes, marks, palettes and their events. */
async function expectNothingOf(sql: Sql, squatterId: string) {
  for (const [table, column] of [
    ['users', 'id'],
    ['sessions', 'user_id'],
    ['known_devices', 'user_id'],
    ['totp_recovery_codes', 'user_id'],
    ['palettes', 'user_id'],
    ['events', 'actor'],
  ] as const) {
    expect(await sql.get(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`, [squatterId]), table).toEqual({
      n: 0,
    });
  }
  expect(await sql.get("SELECT count(*) AS n FROM events WHERE data LIKE '%Squatter%'")).toEqual({ n: 0 });
}

/** The owner's account after the claim: a new id, no second factor, no palettes. */
async function expectClean(app: TestApp, cookie: string, squatterId: string) {
  const me = await whoAmI(app, cookie);
  expect(me).not.toBeNull();
  expect(me!.id).not.toBe(squatterId);
  expect(me!.totp).toBe(false);
  const list = (await (await call(app, 'GET', '/api/palettes', { cookie })).json()) as { palettes: unknown[] };
  expect(list.palettes).toEqual([]);
}

describe('pre-hijack through the confirmation link (SMTP on)', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('the link alone binds nothing: the owner chooses their own password, and the attacker’s opens nothing', async () => {
    const { app } = await makeTestApp({ mailer: sink.mailer() });
    const email = 'prehijack@example.com';
    expect((await call(app, 'POST', '/api/auth/signup', { body: { email, password: ATTACKER } })).status).toBe(201);
    // The owner gets a mail they did not ask for and follows it. Before: a bare POST confirmed (200),
    // binding the address to the attacker's password.
    const token = linkToken(await sink.mailTo(email), '/confirm');
    const bare = await call(app, 'POST', '/api/auth/confirm', { body: { token } });
    expect(bare.status).toBe(400);
    expect(await errorCode(bare)).toBe('invalid_request');
    // The owner does not know the attacker's password...
    const guess = await call(app, 'POST', '/api/auth/confirm', { body: { token, password: OWNER } });
    expect(guess.status).toBe(401);
    expect(((await guess.json()) as ErrorBody).error.message).toMatch(/choose your own password/);
    // ...and chooses their own.
    const own = await call(app, 'POST', '/api/auth/confirm', { body: { token, newPassword: OWNER } });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ email, startedClean: true });
    const attacker = await call(app, 'POST', '/api/auth/signin', { body: { email, password: ATTACKER } });
    expect(attacker.status).toBe(401);
    const owner = await call(app, 'POST', '/api/auth/signin', { body: { email, password: OWNER } });
    expect(owner.status).toBe(200);
    // The address is proved: the attacker cannot sign it up again, and the spent link is spent.
    expect((await call(app, 'POST', '/api/auth/signup', { body: { email, password: ATTACKER } })).status).toBe(409);
    expect((await call(app, 'POST', '/api/auth/confirm', { body: { token, newPassword: ATTACKER } })).status).toBe(400);
  });

  it('race: the attacker signs up after the owner, so the newest link is the attacker’s; the owner’s own link still works, and the attacker’s binds nothing', async () => {
    const { app } = await makeTestApp({ mailer: sink.mailer() });
    const email = 'race@example.com';
    expect((await call(app, 'POST', '/api/auth/signup', { body: { email, password: OWNER } })).status).toBe(201);
    const ownerToken = linkToken(await sink.mailTo(email, 1), '/confirm');
    expect((await call(app, 'POST', '/api/auth/signup', { body: { email, password: ATTACKER } })).status).toBe(201);
    const attackerToken = linkToken(await sink.mailTo(email, 2), '/confirm');
    // The newest link, clicked: before, 200 with the attacker's password bound.
    expect((await call(app, 'POST', '/api/auth/confirm', { body: { token: attackerToken } })).status).toBe(400);
    // The owner's own link: before, invalid (the attacker's sign-up voided it). Now it asks for the
    // password, and the owner's no longer matches...
    const stale = await call(app, 'POST', '/api/auth/confirm', { body: { token: ownerToken, password: OWNER } });
    expect(stale.status).toBe(401);
    // ...so the owner sets it again, and the attacker's newest link is spent with the attacker's account.
    const own = await call(app, 'POST', '/api/auth/confirm', { body: { token: ownerToken, newPassword: OWNER } });
    expect(own.status).toBe(200);
    expect(
      (await call(app, 'POST', '/api/auth/confirm', { body: { token: attackerToken, password: ATTACKER } })).status,
    ).toBe(400);
    expect((await call(app, 'POST', '/api/auth/signin', { body: { email, password: ATTACKER } })).status).toBe(401);
    expect((await call(app, 'POST', '/api/auth/signin', { body: { email, password: OWNER } })).status).toBe(200);
  });

  it('whatever was set up before mail was on (two-factor, palettes, sessions, device marks) goes when the owner chooses their own password; an unconfirmed account cannot turn on two-factor', async () => {
    // The server ran without SMTP: the attacker signed up, saved palettes and turned on two-factor.
    const before = await makeTestApp();
    const email = 'before-mail@example.com';
    const squatter = await squat(before.app, email);
    const other = sessionCookie(
      await call(before.app, 'POST', '/api/auth/signup', { body: { email: 'later@example.com', password: ATTACKER } }),
    );
    // Then the server gained SMTP (the same database). An account still unconfirmed cannot turn
    // two-factor on (before: 200, a secret to enable).
    const { app, deps } = await makeTestApp({ sql: before.deps.sql, mailer: sink.mailer() });
    const setup = await call(app, 'POST', '/api/auth/totp/setup', { cookie: other });
    expect(setup.status).toBe(403);
    expect(await errorCode(setup)).toBe('email_not_confirmed');
    expect(((await setup.clone().json()) as ErrorBody).error.message).toMatch(/Confirm your email address before/);
    // The owner asks for a link (the sign-in form offers it) and chooses their own password.
    expect((await call(app, 'POST', '/api/auth/resend-confirmation', { body: { email } })).status).toBe(202);
    const token = linkToken(await sink.mailTo(email), '/confirm');
    const own = await call(app, 'POST', '/api/auth/confirm', { body: { token, newPassword: OWNER } });
    expect(own.status).toBe(200);
    expect(await whoAmI(app, squatter.cookie)).toBeNull();
    const signin = await call(app, 'POST', '/api/auth/signin', { body: { email, password: OWNER } });
    // Before the fix the owner met the squatter's second factor here (totp_required).
    expect(signin.status).toBe(200);
    await expectClean(app, sessionCookie(signin), squatter.id);
    await expectNothingOf(deps.sql, squatter.id);
  });
});

describe('a squatter with two-factor keeps nothing (no SMTP)', () => {
  let oidc: OAuth2Server;
  let googleEmail = '';
  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    oidc.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, { email: googleEmail, email_verified: true });
    });
  });
  afterAll(() => oidc.stop());

  const googleApp = () => makeTestApp({ config: googleConfig(oidc.issuer.url!) });

  /** The whole redirect dance as a browser does it, with the browser's own cookies (if any). */
  async function signInWithGoogle(app: TestApp, browserCookies = '') {
    const start = await app.request('http://localhost:3000/api/auth/google', {
      headers: browserCookies ? { cookie: browserCookies } : {},
    });
    const cookies = [browserCookies, ...start.headers.getSetCookie().map((l) => l.split(';')[0])].filter(Boolean);
    const consent = await fetch(new URL(start.headers.get('location')!), { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    return app.request(`http://localhost:3000${back.pathname}${back.search}`, {
      headers: { cookie: cookies.join('; ') },
    });
  }

  it('Google: the owner gets a session on a clean account, not the squatter’s second factor or palettes', async () => {
    const { app, deps } = await googleApp();
    googleEmail = 'google-owner@example.com';
    const squatter = await squat(app, googleEmail);
    const back = await signInWithGoogle(app);
    // Before: a waiting sign-in for the squatter's authenticator code (/?auth_step=second-factor), no session.
    expect(back.headers.get('location')).toBe('/');
    const owner = cookieOf(back, 'swatchbook_session');
    expect(owner).toBeTruthy();
    await expectClean(app, owner!, squatter.id);
    await expectNothingOf(deps.sql, squatter.id);
    expect(await whoAmI(app, squatter.cookie)).toBeNull();
    expect(
      (await call(app, 'POST', '/api/auth/signin', { body: { email: googleEmail, password: ATTACKER } })).status,
    ).toBe(401);
    // The squatter's device mark is gone with the account: it passes no ceiling of the owner's.
    expect(await deps.sql.get('SELECT count(*) AS n FROM known_devices')).toEqual({ n: 1 });
  });

  it('Google from the browser that made the account keeps what its maker saved', async () => {
    const { app } = await googleApp();
    googleEmail = 'maker@example.com';
    const res = await call(app, 'POST', '/api/auth/signup', { body: { email: googleEmail, password: OWNER } });
    const maker = ((await res.json()) as { user: { id: string } }).user.id;
    const cookie = sessionCookie(res);
    await call(app, 'POST', '/api/palettes', { cookie, body: { name: 'Mine', colorIds: colorIds(3) } });
    await call(app, 'POST', '/api/auth/signout', { cookie });
    // Signed out, but the browser keeps its device mark: Google proves the address, the mark the maker.
    const back = await signInWithGoogle(app, cookieOf(res, 'swatchbook_device')!);
    const session = cookieOf(back, 'swatchbook_session')!;
    expect((await whoAmI(app, session))!.id).toBe(maker);
    const list = (await (await call(app, 'GET', '/api/palettes', { cookie: session })).json()) as {
      palettes: Array<{ name: string }>;
    };
    expect(list.palettes.map((p) => p.name)).toEqual(['Mine']);
  });

  it('the administrator’s reset link: the owner sets a password on a clean account, without the squatter’s code', async () => {
    const { app, deps } = await makeTestApp();
    const email = 'admin-claim@example.com';
    const squatter = await squat(app, email);
    const cli = runCli('account.ts', ['reset-password', email], {
      ...storeEnv(deps.sql),
      PUBLIC_ORIGIN: 'http://localhost:3000',
    });
    expect(cli.status, cli.stderr).toBe(0);
    const token = /\/reset-password\?token=([a-z2-7]+)/.exec(cli.stdout)?.[1];
    const done = await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: OWNER } });
    // Before: 401 totp_required, the squatter's authenticator standing between the owner and the address.
    expect(done.status).toBe(200);
    await expectClean(app, sessionCookie(done), squatter.id);
    await expectNothingOf(deps.sql, squatter.id);
    expect((await call(app, 'POST', '/api/auth/signin', { body: { email, password: ATTACKER } })).status).toBe(401);
    // Single use, like any reset link.
    expect(
      (await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: ATTACKER } })).status,
    ).toBe(400);
    // The administrator was told what following the link does to an account nobody confirmed.
    expect(cli.stdout).toMatch(/never confirmed/);
    expect(cli.stdout).toMatch(/2 saved palettes/);
  });
});
