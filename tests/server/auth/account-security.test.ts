import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMaintenance } from '../../../server/account/maintenance';
import { openDatabase } from '../../../server/db/database';
import { sqliteOf, sqliteSql } from '../../../server/db/sqlite-sql';
import { paletteStreamId } from '../../../shared/palette/palette-events';
import { rebuildPaletteProjections } from '../../../server/palettes/palette-projection';
import {
  authFrom,
  call,
  colorIds,
  limitedConfig,
  makeTestApp,
  sessionCookie,
  signUp,
  snapshot,
  testConfig,
} from '../helpers';
import { runCli } from '../../support/server-process';
import { linkToken, startSmtpSink } from '../smtp-sink';
import { storeEnv } from '../test-engine';

type ErrorBody = { error: { code: string; message: string; issues?: Array<{ path: string[]; message: string }> } };
const PASSWORD = 'correct horse';
const OTHER = 'battery staple';
const hasSession = (res: Response) =>
  res.headers.getSetCookie().some((l) => l.startsWith('swatchbook_session=') && !/Max-Age=0/.test(l));
const whoAmI = async (app: Awaited<ReturnType<typeof makeTestApp>>['app'], cookie: string) =>
  ((await (await call(app, 'GET', '/api/auth/session', { cookie })).json()) as { user: { id: string } | null }).user;

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

describe('confirmation that signs nobody in', () => {
  it('pre-hijack: the owner signing up takes an unconfirmed address back; the first password stops working', async () => {
    const { app } = await makeTestApp({ mailer: sink.mailer() });
    const email = 'victim@example.com';
    const attacker = await call(app, 'POST', '/api/auth/signup', { body: { email, password: PASSWORD } });
    expect(attacker.status).toBe(201);
    const attackerToken = linkToken(await sink.mailTo(email, 1), '/confirm');
    // The owner signs up too: before, 409 (and the attacker's account lived on).
    const owner = await call(app, 'POST', '/api/auth/signup', { body: { email, password: OTHER } });
    expect(owner.status).toBe(201);
    // The link mailed at the attacker's sign-up (it is in the owner's inbox) no longer confirms the
    // attacker's password: that password is gone.
    const stale = await call(app, 'POST', '/api/auth/confirm', { body: { token: attackerToken, password: PASSWORD } });
    expect(stale.status).toBe(401);
    expect(((await stale.json()) as ErrorBody).error.code).toBe('invalid_credentials');
    const ownerToken = linkToken(await sink.mailTo(email, 2), '/confirm');
    const confirmed = await call(app, 'POST', '/api/auth/confirm', { body: { token: ownerToken, password: OTHER } });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email, startedClean: false });
    const attackerIn = await call(app, 'POST', '/api/auth/signin', { body: { email, password: PASSWORD } });
    expect(attackerIn.status).toBe(401);
    const ownerIn = await call(app, 'POST', '/api/auth/signin', { body: { email, password: OTHER } });
    expect(ownerIn.status).toBe(200);
  });

  it('login CSRF: following a confirmation link (GET) leads to the page and signs nobody in; POST confirms without a session', async () => {
    const { app } = await makeTestApp({ mailer: sink.mailer() });
    const email = 'csrf@example.com';
    await call(app, 'POST', '/api/auth/signup', { body: { email, password: PASSWORD } });
    const token = linkToken(await sink.mailTo(email), '/confirm');
    const get = await app.request(`http://localhost:3000/api/auth/confirm?token=${token}`);
    expect(get.status).toBe(302);
    expect(get.headers.get('location')).toBe(`/confirm?token=${token}`);
    expect(hasSession(get)).toBe(false);
    // The GET changed nothing: still unconfirmed.
    const early = await call(app, 'POST', '/api/auth/signin', { body: { email, password: PASSWORD } });
    expect(early.status).toBe(403);
    const post = await call(app, 'POST', '/api/auth/confirm', { body: { token, password: PASSWORD } });
    expect(post.status).toBe(200);
    expect(hasSession(post)).toBe(false);
    // Single use.
    expect((await call(app, 'POST', '/api/auth/confirm', { body: { token, password: PASSWORD } })).status).toBe(400);
  });

  it('confirming ends every session of the account', async () => {
    const { app, deps } = await makeTestApp({ mailer: sink.mailer() });
    const email = 'ends@example.com';
    await call(app, 'POST', '/api/auth/signup', { body: { email, password: PASSWORD } });
    const token = linkToken(await sink.mailTo(email), '/confirm');
    // A session that existed before the confirmation (e.g. made while SMTP was off).
    const user = (await deps.sql.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [email]))!;
    const { createSession } = (await import('../../../server/auth/account-queries')).accounts(deps.sql, deps.now);
    const old = await createSession(user.id);
    expect(await whoAmI(app, `swatchbook_session=${old.token}`)).not.toBeNull();
    expect((await call(app, 'POST', '/api/auth/confirm', { body: { token, password: PASSWORD } })).status).toBe(200);
    expect(await whoAmI(app, `swatchbook_session=${old.token}`)).toBeNull();
  });

  it('without SMTP no live token is ever written to the log, and the account works at once', async () => {
    const lines: string[] = [];
    const logger = {
      info: (f: object) => lines.push(JSON.stringify(f)),
      error: (f: object) => lines.push(JSON.stringify(f)),
    };
    const { app, deps } = await makeTestApp({ logger });
    const res = await call(app, 'POST', '/api/auth/signup', {
      body: { email: 'nolog@example.com', password: PASSWORD },
    });
    expect(res.status).toBe(201);
    expect(await whoAmI(app, sessionCookie(res))).not.toBeNull();
    expect(lines.join('\n')).not.toMatch(/token=/);
    expect(await deps.sql.get('SELECT count(*) AS n FROM email_confirmations')).toEqual({ n: 0 });
  });

  it('squatting: an unconfirmed account past its link is swept, and resend-confirmation answers 202 whatever the address', async () => {
    let now = new Date('2026-11-22T12:00:00Z').getTime();
    const { app, deps } = await makeTestApp({ mailer: sink.mailer(), now: () => new Date(now) });
    const email = 'squat@example.com';
    await call(app, 'POST', '/api/auth/signup', { body: { email, password: PASSWORD } });
    await sink.mailTo(email);
    const resend = await call(app, 'POST', '/api/auth/resend-confirmation', { body: { email } });
    expect(resend.status).toBe(202);
    const unknown = await call(app, 'POST', '/api/auth/resend-confirmation', { body: { email: 'nobody@example.com' } });
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual(await resend.json());
    const resent = linkToken(await sink.mailTo(email, 2), '/confirm');
    expect(resent).toMatch(/^[a-z2-7]+$/);
    now += 49 * 60 * 60 * 1000;
    expect((await runMaintenance(deps.sql, deps.now, { mail: true })).unconfirmedAccounts).toBe(1);
    expect(await deps.sql.get('SELECT count(*) AS n FROM users WHERE email = ?', [email])).toEqual({ n: 0 });
    // The address is free: a new sign-up succeeds.
    expect((await call(app, 'POST', '/api/auth/signup', { body: { email, password: OTHER } })).status).toBe(201);
  });

  it('caps confirmation mails per address asked for, without saying so in the answer', async () => {
    const { app } = await makeTestApp({
      mailer: sink.mailer(),
      config: limitedConfig({ mailsPerEmail: 2 }),
    });
    const email = 'many@example.com';
    await call(app, 'POST', '/api/auth/signup', { body: { email, password: PASSWORD } });
    await sink.mailTo(email, 1);
    const answers: Array<{ status: number; body: unknown }> = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(app, 'POST', '/api/auth/resend-confirmation', { body: { email } });
      answers.push({ status: res.status, body: await res.json() });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify({ status: 202, body: { delivery: 'mail' } })]),
    );
    await sink.mailTo(email, 3);
    await new Promise((r) => setTimeout(r, 300));
    // The sign-up's mail and two resent links: the last two asks sent nothing.
    expect(sink.mails.filter((m) => m.includes(`To: ${email}`))).toHaveLength(3);
  });
});

describe('limits that hold', () => {
  it('lock-out: wrong passwords from one address never lock the owner out elsewhere', async () => {
    const { app } = await makeTestApp();
    await signUp(app, 'owner@example.com');
    for (let i = 0; i < 11; i++) {
      await authFrom(app, '198.51.100.66', 'signin', { email: 'owner@example.com', password: 'wrong password' });
    }
    const attacker = await authFrom(app, '198.51.100.66', 'signin', { email: 'owner@example.com', password: PASSWORD });
    expect(attacker.status).toBe(429);
    const owner = await authFrom(app, '192.0.2.10', 'signin', { email: 'owner@example.com', password: PASSWORD });
    expect(owner.status).toBe(200);
  });

  it('a guessing storm from many addresses slows the account, but a device that signed in before still passes', async () => {
    const { app } = await makeTestApp({ config: limitedConfig({ perAccount: 20 }) });
    await signUp(app, 'storm@example.com');
    const first = await authFrom(app, '192.0.2.10', 'signin', { email: 'storm@example.com', password: PASSWORD });
    const device = first.headers
      .getSetCookie()
      .find((l) => l.startsWith('swatchbook_device='))
      ?.split(';')[0];
    expect(device).toBeTruthy();
    for (let i = 0; i < 25; i++) {
      await authFrom(app, `203.0.113.${i}`, 'signin', { email: 'storm@example.com', password: `guess number ${i}` });
    }
    const stranger = await authFrom(app, '198.51.100.1', 'signin', { email: 'storm@example.com', password: PASSWORD });
    expect(stranger.status).toBe(429);
    const known = await authFrom(
      app,
      '192.0.2.99',
      'signin',
      { email: 'storm@example.com', password: PASSWORD },
      { cookie: device! },
    );
    expect(known.status).toBe(200);
  });

  it('a kept device mark stops passing the per-account ceiling after a password reset and after sign-out-everywhere', async () => {
    const { app, deps } = await makeTestApp({ config: limitedConfig({ perAccount: 20 }) });
    const { accounts } = await import('../../../server/auth/account-queries');
    const email = 'marks@example.com';
    await signUp(app, email);
    let password = PASSWORD;
    const deviceOf = (res: Response) =>
      res.headers
        .getSetCookie()
        .find((l) => l.startsWith('swatchbook_device='))
        ?.split(';')[0];
    const storm = async (round: number) => {
      for (let i = 0; i < 25; i++) {
        await authFrom(app, `203.0.${round}.${i}`, 'signin', { email, password: `guess ${round} ${i}` });
      }
    };
    const fromKept = (cookie: string) => authFrom(app, '192.0.2.77', 'signin', { email, password }, { cookie });

    // The device someone kept (a lost phone, a shared computer) signed in once.
    const kept = deviceOf(await authFrom(app, '192.0.2.10', 'signin', { email, password }));
    expect(kept).toBeTruthy();
    // The owner resets the password (a mailed link or the administrator's: the same link).
    password = 'new password after reset';
    const token = await accounts(deps.sql, deps.now).createPasswordReset(
      (await deps.sql.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [email]))!.id,
    );
    const reset = await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password } });
    expect(reset.status).toBe(200);
    await storm(1);
    // Before, the kept mark still passed the ceiling (200); now it is a stranger's device like any other.
    expect((await fromKept(kept!)).status).toBe(429);
    await deps.sql.run('DELETE FROM rate_limits');

    // A mark made after the reset, then sign-out everywhere.
    const second = await authFrom(app, '192.0.2.11', 'signin', { email, password });
    const secondMark = deviceOf(second);
    expect(secondMark).toBeTruthy();
    expect((await call(app, 'POST', '/api/auth/signout-everywhere', { cookie: sessionCookie(second) })).status).toBe(
      204,
    );
    await storm(2);
    expect((await fromKept(secondMark!)).status).toBe(429);
    expect(await deps.sql.get('SELECT count(*) AS n FROM known_devices')).toEqual({ n: 0 });
  });

  it("a stranger cannot block the owner: 50 wrong passwords from 5 addresses and 10 reset requests leave the owner's reset from a new device working, and the inbox holds at most the hourly cap", async () => {
    const { app, deps } = await makeTestApp({ mailer: sink.mailer() });
    const email = 'blocked@example.com';
    await call(app, 'POST', '/api/auth/signup', { body: { email, password: PASSWORD } });
    await sink.mailTo(email, 1);
    await deps.sql.run('UPDATE users SET email_verified = 1 WHERE email = ?', [email]);
    const mailsOf = (to: string) => sink.mails.filter((m) => m.includes(`To: ${to}`) && m.includes('/reset-password'));
    // The stranger: ten wrong passwords from each of five addresses, then ten "forgot password" asks.
    for (let a = 0; a < 5; a++) {
      for (let i = 0; i < 10; i++) {
        await authFrom(app, `198.51.100.${a}`, 'signin', { email, password: `guess ${a} ${i}` });
      }
    }
    const strangerAsks: Response[] = [];
    for (let i = 0; i < 10; i++) {
      strangerAsks.push(
        await call(app, 'POST', '/api/auth/password-reset', {
          body: { email },
          env: { incoming: { socket: { remoteAddress: `198.51.100.${20 + i}`, remotePort: 1 } } },
        }),
      );
    }
    expect(strangerAsks.map((r) => r.status)).toEqual(Array(10).fill(202));
    // The owner on a new device: the account's ceiling slows password sign-in there (by design)...
    const newDevice = { incoming: { socket: { remoteAddress: '192.0.2.200', remotePort: 1 } } };
    const signIn = await call(app, 'POST', '/api/auth/signin', { body: { email, password: PASSWORD }, env: newDevice });
    expect(signIn.status).toBe(429);
    // ...but "forgot password" answers as always (before: 429, Retry-After 600), the same as for an
    // address nobody has.
    const ask = await call(app, 'POST', '/api/auth/password-reset', { body: { email }, env: newDevice });
    const nobody = await call(app, 'POST', '/api/auth/password-reset', {
      body: { email: 'nobody-here@example.com' },
      env: newDevice,
    });
    expect(ask.status).toBe(202);
    expect(nobody.status).toBe(202);
    expect(await ask.json()).toEqual(await nobody.json());
    // The inbox: the hourly cap's three mails, not eleven (before: ten, and none for the owner's own ask).
    await sink.mailTo(email, 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsOf(email)).toHaveLength(3);
    // Any link in it resets the password from the new device and signs in there.
    const token = linkToken(mailsOf(email).at(-1)!, '/reset-password');
    const reset = await call(app, 'POST', '/api/auth/password-reset/confirm', {
      body: { token, password: OTHER },
      env: newDevice,
    });
    expect(reset.status).toBe(200);
    expect(await whoAmI(app, sessionCookie(reset))).not.toBeNull();
  });

  it('spoofed X-Forwarded-For: behind one proxy the rightmost entry counts, whatever the client writes on the left', async () => {
    const config = limitedConfig({ perIp: 3 }, { trustProxy: 1 });
    const { app } = await makeTestApp({ config });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await authFrom(
        app,
        '127.0.0.1',
        'signin',
        { email: `guess${i}@example.com`, password: PASSWORD },
        { headers: { 'x-forwarded-for': `10.0.0.${i}, 203.0.113.9` } },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another real client behind the same proxy is not affected.
    const other = await authFrom(
      app,
      '127.0.0.1',
      'signin',
      { email: 'guess@example.com', password: PASSWORD },
      { headers: { 'x-forwarded-for': '203.0.113.9, 203.0.113.10' } },
    );
    expect(other.status).toBe(401);
  });

  it('TRUST_PROXY=2 takes the second entry from the right', async () => {
    const config = limitedConfig({ perIp: 2 }, { trustProxy: 2 });
    const { app } = await makeTestApp({ config });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await authFrom(
        app,
        '127.0.0.1',
        'signin',
        { email: 'x@example.com', password: PASSWORD },
        { headers: { 'x-forwarded-for': `10.9.9.${i}, 203.0.113.7, 10.0.0.${i}` } },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('counters persist in the database: a restart does not forget them', async () => {
    const first = await makeTestApp({ config: limitedConfig({ perIp: 2 }) });
    for (let i = 0; i < 2; i++) {
      await authFrom(first.app, '192.0.2.50', 'signin', { email: 'r@example.com', password: PASSWORD });
    }
    // A new app on the same store, as after a restart (SQLite: the file opened afresh).
    const sqlite = sqliteOf(first.deps.sql);
    sqlite?.close();
    const sql = sqlite ? sqliteSql(openDatabase(sqlite.name)) : first.deps.sql;
    const second = await makeTestApp({ sql, config: first.deps.config });
    const res = await authFrom(second.app, '192.0.2.50', 'signin', { email: 'r@example.com', password: PASSWORD });
    expect(res.status).toBe(429);
  });

  it('caps palettes per account and versions per palette with a clear 409, and writes per minute with 429', async () => {
    const { app } = await makeTestApp({ config: { ...testConfig, caps: { palettes: 2, versionsPerPalette: 3 } } });
    const { cookie } = await signUp(app);
    const create = () => call(app, 'POST', '/api/palettes', { cookie, body: { name: 'P', colorIds: colorIds(3) } });
    const a = (await (await create()).json()) as { id: string; version: number };
    expect((await create()).status).toBe(201);
    const third = await create();
    expect(third.status).toBe(409);
    expect(((await third.json()) as ErrorBody).error.code).toBe('palette_limit');
    let version = a.version;
    const rename = (name: string) =>
      call(app, 'PATCH', `/api/palettes/${a.id}`, {
        cookie,
        body: { name },
        headers: { 'if-match': `W/"${version}"` },
      });
    const r1 = await rename('Two');
    version = ((await r1.json()) as { version: number }).version;
    const r2 = await rename('Three');
    version = ((await r2.json()) as { version: number }).version;
    expect(version).toBe(3);
    const over = await rename('Four');
    expect(over.status).toBe(409);
    const body = (await over.json()) as ErrorBody;
    expect(body.error.code).toBe('version_limit');
    expect(body.error.message).toMatch(/versions/);
    // The oldest versions are still all there.
    const history = (await (await call(app, 'GET', `/api/palettes/${a.id}/history`, { cookie })).json()) as {
      versions: Array<{ version: number; name: string }>;
    };
    expect(history.versions.map((v) => v.name)).toEqual(['P', 'Two', 'Three']);
    // Deleting is never refused.
    expect((await call(app, 'DELETE', `/api/palettes/${a.id}`, { cookie })).status).toBe(204);

    const limited = await makeTestApp({
      config: limitedConfig({ writesPerMinute: 3 }),
    });
    const user = await signUp(limited.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await call(limited.app, 'POST', '/api/palettes', {
            cookie: user.cookie,
            body: { name: `W${i}`, colorIds: colorIds(3) },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('counts live palettes against the cap: a delete frees a place, an Undo takes it again, other accounts apart', async () => {
    const { app, deps } = await makeTestApp({
      config: { ...testConfig, caps: { palettes: 2, versionsPerPalette: 100 } },
    });
    const { cookie } = await signUp(app);
    const create = async (name: string) => {
      const res = await call(app, 'POST', '/api/palettes', { cookie, body: { name, colorIds: colorIds(3) } });
      return { status: res.status, id: res.status === 201 ? ((await res.json()) as { id: string }).id : '' };
    };
    const a = await create('A');
    const b = await create('B');
    expect((await create('refused')).status).toBe(409);
    expect((await call(app, 'DELETE', `/api/palettes/${a.id}`, { cookie })).status).toBe(204);
    const c = await create('C');
    expect(c.status).toBe(201);
    // At the cap an Undo is refused like a create, in the server's words; a freed place lets it back.
    const refusedUndo = await call(app, 'POST', `/api/palettes/${a.id}/undelete`, { cookie });
    expect(refusedUndo.status).toBe(409);
    expect(((await refusedUndo.json()) as ErrorBody).error.message).toMatch(/Delete some to bring these back/);
    expect((await call(app, 'DELETE', `/api/palettes/${c.id}`, { cookie })).status).toBe(204);
    expect((await call(app, 'POST', `/api/palettes/${a.id}/undelete`, { cookie })).status).toBe(200);
    expect((await create('refused too')).status).toBe(409);
    expect((await call(app, 'POST', `/api/palettes/${c.id}/undelete`, { cookie })).status).toBe(409);
    const bulk = await call(app, 'POST', '/api/palettes/delete', { cookie, body: { ids: [b.id, c.id] } });
    // C was deleted already: only B goes.
    expect(((await bulk.json()) as { deleted: string[] }).deleted).toEqual([b.id]);
    expect((await create('D')).status).toBe(201);
    expect((await create('refused again')).status).toBe(409);
    // Someone else's palettes are theirs to count.
    const other = await signUp(app);
    const theirs = await call(app, 'POST', '/api/palettes', {
      cookie: other.cookie,
      body: { name: 'Theirs', colorIds: colorIds(3) },
    });
    expect(theirs.status).toBe(201);
    // The counts are a projection: a replay of the log gives the same.
    const live = await snapshot(deps.sql);
    expect(live.counts).toEqual(
      expect.arrayContaining([expect.objectContaining({ palettes: 2 }), expect.objectContaining({ palettes: 1 })]),
    );
    await rebuildPaletteProjections(deps.sql, deps.catalogue);
    expect(await snapshot(deps.sql)).toEqual(live);
  });

  it('cap bypass by Undo: import 5, delete all, import 5 more, undelete the first 5 (one by one and in bulk) stays at 5 live', async () => {
    const cap = 5;
    const { app, deps } = await makeTestApp({
      config: { ...testConfig, caps: { palettes: cap, versionsPerPalette: 100 } },
    });
    const { cookie, id } = await signUp(app);
    const importBatch = async (round: number) => {
      const res = await call(app, 'POST', '/api/palettes/import', {
        cookie,
        body: {
          palettes: Array.from({ length: cap }, (_, i) => ({
            localId: `round-${round}-${i}`,
            name: `R${round} ${i}`,
            colorIds: colorIds(3, i),
          })),
        },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { palettes: Array<{ id: string }> }).palettes.map((p) => p.id);
    };
    const live = async () =>
      ((await (await call(app, 'GET', '/api/palettes', { cookie })).json()) as { palettes: unknown[] }).palettes.length;
    const first = await importBatch(1);
    const deleted = await call(app, 'POST', '/api/palettes/delete', { cookie, body: { ids: first } });
    expect(((await deleted.json()) as { deleted: string[] }).deleted).toHaveLength(cap);
    await importBatch(2);
    expect(await live()).toBe(cap);
    // The attack: bring the first five back. Before, 200 and ten live palettes (fifteen after a second round).
    const bulk = await call(app, 'POST', '/api/palettes/undelete', { cookie, body: { ids: first } });
    expect(bulk.status).toBe(409);
    const body = (await bulk.json()) as ErrorBody;
    expect(body.error.code).toBe('palette_limit');
    expect(body.error.message).toContain(`${cap} saved palettes`);
    for (const paletteId of first) {
      const one = await call(app, 'POST', `/api/palettes/${paletteId}/undelete`, { cookie });
      expect(one.status).toBe(409);
      expect(((await one.json()) as ErrorBody).error.code).toBe('palette_limit');
    }
    expect(await live()).toBe(cap);
    // All or nothing: the refused bulk Undo brought none back, and the count the cap reads agrees.
    expect(await deps.sql.get('SELECT palettes FROM palette_counts WHERE user_id = ?', [id])).toEqual({
      palettes: cap,
    });
  });

  it('pages the history: ?before=VERSION&limit=N', async () => {
    const { app } = await makeTestApp();
    const { cookie } = await signUp(app);
    const created = (await (
      await call(app, 'POST', '/api/palettes', { cookie, body: { name: 'v1', colorIds: colorIds(3) } })
    ).json()) as { id: string; version: number };
    let version = created.version;
    for (let i = 2; i <= 5; i++) {
      const res = await call(app, 'PATCH', `/api/palettes/${created.id}`, {
        cookie,
        body: { name: `v${i}` },
        headers: { 'if-match': `W/"${version}"` },
      });
      version = ((await res.json()) as { version: number }).version;
    }
    type Page = { versions: Array<{ version: number; name: string }>; nextBefore: number | null };
    const page = async (query: string) =>
      (await (await call(app, 'GET', `/api/palettes/${created.id}/history${query}`, { cookie })).json()) as Page;
    const newest = await page('?limit=2');
    expect(newest.versions.map((v) => v.version)).toEqual([4, 5]);
    expect(newest.nextBefore).toBe(4);
    const older = await page(`?before=${newest.nextBefore}&limit=2`);
    expect(older.versions.map((v) => v.name)).toEqual(['v2', 'v3']);
    const last = await page(`?before=${older.nextBefore}&limit=2`);
    expect(last.versions.map((v) => v.version)).toEqual([1]);
    expect(last.nextBefore).toBeNull();
    const bad = await call(app, 'GET', `/api/palettes/${created.id}/history?limit=0`, { cookie });
    expect(bad.status).toBe(400);
  });
});

describe('text that is text', () => {
  it('stores names NFC, and refuses ill-formed UTF-16, controls, bidi overrides and invisible names with a 400 naming the field', async () => {
    const { app } = await makeTestApp();
    const { cookie } = await signUp(app);
    const decomposed = 'Cafe\u0301 wall';
    const ok = await call(app, 'POST', '/api/palettes', { cookie, body: { name: decomposed, colorIds: colorIds(3) } });
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { name: string }).name).toBe(decomposed.normalize('NFC'));
    for (const name of [
      'Lone \ud800 half',
      'Nul\u0000name',
      'evil\u202Etxt.exe',
      '\u200B\u200B',
      'tab\there',
      '\u2067x',
    ]) {
      const res = await call(app, 'POST', '/api/palettes', { cookie, body: { name, colorIds: colorIds(3) } });
      expect(res.status, JSON.stringify(name)).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.issues?.[0]?.path).toEqual(['name']);
      expect(body.error.issues?.[0]?.message).toMatch(/name/);
    }
    const list = (await (await call(app, 'GET', '/api/palettes', { cookie })).json()) as { palettes: unknown[] };
    expect(list.palettes).toHaveLength(1);
  });

  it('a chosen password has at least 8 characters and is not one of the most common, and the answer says why', async () => {
    const { app } = await makeTestApp();
    const short = await call(app, 'POST', '/api/auth/signup', {
      body: { email: 'p1@example.com', password: 'abc1234' },
    });
    expect(short.status).toBe(400);
    expect(((await short.json()) as ErrorBody).error.issues?.[0]).toMatchObject({ path: ['password'] });
    const common = await call(app, 'POST', '/api/auth/signup', {
      body: { email: 'p1@example.com', password: 'password1' },
    });
    expect(common.status).toBe(400);
    const body = (await common.json()) as ErrorBody;
    expect(body.error.issues?.[0]?.path).toEqual(['password']);
    expect(body.error.message).toMatch(/common/);
    expect(
      (await call(app, 'POST', '/api/auth/signup', { body: { email: 'p1@example.com', password: 'Iloveyou' } })).status,
    ).toBe(400);
  });
});

describe('password reset, change password, sign out everywhere, absolute lifetime', () => {
  it('forgot password: 202 the same for any address; the mailed single-use link sets the password, confirms, ends other sessions and signs in', async () => {
    const { app } = await makeTestApp({ mailer: sink.mailer() });
    const { cookie: otherDevice, email } = await (async () => {
      // Made without mail, then the server gained SMTP: a live session on another device.
      const noMail = await makeTestApp();
      void noMail;
      const res = await call(app, 'POST', '/api/auth/signup', {
        body: { email: 'forgot@example.com', password: PASSWORD },
      });
      expect(res.status).toBe(201);
      const token = linkToken(await sink.mailTo('forgot@example.com'), '/confirm');
      await call(app, 'POST', '/api/auth/confirm', { body: { token, password: PASSWORD } });
      const signin = await call(app, 'POST', '/api/auth/signin', {
        body: { email: 'forgot@example.com', password: PASSWORD },
      });
      return { cookie: sessionCookie(signin), email: 'forgot@example.com' };
    })();
    const known = await call(app, 'POST', '/api/auth/password-reset', { body: { email } });
    const unknown = await call(app, 'POST', '/api/auth/password-reset', { body: { email: 'ghost@example.com' } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
    const mail = await sink.mailTo(email, 2);
    expect(mail).toContain('Subject: Reset your Swatchbook password');
    expect(mail).toContain('text/html');
    expect(mail).toMatch(/1 hour/);
    const token = linkToken(mail, '/reset-password');
    const weak = await call(app, 'POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'password1' },
    });
    expect(weak.status).toBe(400);
    const done = await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: OTHER } });
    expect(done.status).toBe(200);
    expect(await whoAmI(app, sessionCookie(done))).not.toBeNull();
    expect(await whoAmI(app, otherDevice)).toBeNull();
    expect(
      (await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: 'another one here' } }))
        .status,
    ).toBe(400);
    expect((await call(app, 'POST', '/api/auth/signin', { body: { email, password: PASSWORD } })).status).toBe(401);
    expect((await call(app, 'POST', '/api/auth/signin', { body: { email, password: OTHER } })).status).toBe(200);
  });

  it('a reset link expires after an hour', async () => {
    let now = new Date('2026-11-22T12:00:00Z').getTime();
    const { app } = await makeTestApp({ mailer: sink.mailer(), now: () => new Date(now) });
    await call(app, 'POST', '/api/auth/signup', { body: { email: 'late@example.com', password: PASSWORD } });
    await call(app, 'POST', '/api/auth/password-reset', { body: { email: 'late@example.com' } });
    const mails = () => sink.mails.filter((m) => m.includes('To: late@example.com') && m.includes('/reset-password'));
    for (let i = 0; i < 200 && mails().length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    const token = linkToken(mails()[0]!, '/reset-password');
    now += 61 * 60 * 1000;
    const res = await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: OTHER } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe('reset_invalid');
  });

  it('without SMTP the answer says to ask the administrator, and `npm run account -- reset-password` prints a working one-time link', async () => {
    const { app, deps } = await makeTestApp();
    const { email } = await signUp(app, 'admin-help@example.com');
    const res = await call(app, 'POST', '/api/auth/password-reset', { body: { email } });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ delivery: 'administrator' });
    const cli = runCli('account.ts', ['reset-password', email], {
      ...storeEnv(deps.sql),
      PUBLIC_ORIGIN: 'http://localhost:3000',
    });
    expect(cli.status, cli.stderr).toBe(0);
    const token = /\/reset-password\?token=([a-z2-7]+)/.exec(cli.stdout)?.[1];
    expect(token).toBeTruthy();
    void deps;
    const done = await call(app, 'POST', '/api/auth/password-reset/confirm', { body: { token, password: OTHER } });
    expect(done.status).toBe(200);
    expect((await call(app, 'POST', '/api/auth/signin', { body: { email, password: OTHER } })).status).toBe(200);
  });

  it('changes the password with the current one, ending every other session', async () => {
    const { app } = await makeTestApp();
    const { cookie, email } = await signUp(app);
    const other = sessionCookie(await call(app, 'POST', '/api/auth/signin', { body: { email, password: PASSWORD } }));
    const wrong = await call(app, 'POST', '/api/auth/password', {
      cookie,
      body: { currentPassword: 'not it at all', newPassword: OTHER },
    });
    expect(wrong.status).toBe(401);
    const ok = await call(app, 'POST', '/api/auth/password', {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: OTHER },
    });
    expect(ok.status).toBe(204);
    expect(await whoAmI(app, cookie)).not.toBeNull();
    expect(await whoAmI(app, other)).toBeNull();
    expect((await call(app, 'POST', '/api/auth/signin', { body: { email, password: OTHER } })).status).toBe(200);
    expect(
      (await call(app, 'POST', '/api/auth/password', { body: { currentPassword: OTHER, newPassword: PASSWORD } }))
        .status,
    ).toBe(401);
  });

  it('signs out everywhere', async () => {
    const { app } = await makeTestApp();
    const { cookie, email } = await signUp(app);
    const other = sessionCookie(await call(app, 'POST', '/api/auth/signin', { body: { email, password: PASSWORD } }));
    const res = await call(app, 'POST', '/api/auth/signout-everywhere', { cookie });
    expect(res.status).toBe(204);
    expect(await whoAmI(app, cookie)).toBeNull();
    expect(await whoAmI(app, other)).toBeNull();
  });

  it('ends a session 90 days after sign-in however often it is used', async () => {
    let now = new Date('2026-11-22T12:00:00Z').getTime();
    const { app } = await makeTestApp({ now: () => new Date(now) });
    const { cookie } = await signUp(app);
    for (let day = 0; day < 88; day += 10) {
      now += 10 * 86_400_000;
      if (day + 10 < 90) expect(await whoAmI(app, cookie), `day ${day + 10}`).not.toBeNull();
    }
    now = new Date('2026-11-22T12:00:00Z').getTime() + 90 * 86_400_000 + 1000;
    expect(await whoAmI(app, cookie)).toBeNull();
  });
});

describe('migrating an existing database', () => {
  it('brings a version-4 database forward: palettes stay, live sessions get their 90-day end', async () => {
    const { migrations } = await import('../../../server/db/migrations');
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = join(mkdtempSync(join(tmpdir(), 'swatchbook-migrate-')), 'old.sqlite');
    const old = openDatabase(path, migrations.slice(0, 4));
    const created = new Date('2026-11-01T00:00:00Z').getTime();
    old
      .prepare(
        "INSERT INTO users (id, email, password_hash, email_verified, created_at) VALUES ('u1', 'o@example.com', NULL, 1, '2026-11-01T00:00:00Z')",
      )
      .run();
    old
      .prepare("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ('s1', 'u1', ?, ?)")
      .run(created, created + 1000);
    old
      .prepare(
        `INSERT INTO events (stream_id, version, type, schema_version, data, actor, time)
       VALUES (?, 1, 'PaletteCreated', 1, ?, 'u1', '2026-11-01T00:00:00Z')`,
      )
      .run(
        paletteStreamId('p1'),
        JSON.stringify({ paletteId: 'p1', ownerId: 'u1', name: 'Kept', colorIds: colorIds(3) }),
      );
    old.close();
    const db = openDatabase(path);
    expect(db.prepare('SELECT absolute_expires_at FROM sessions').get()).toEqual({
      absolute_expires_at: created + 90 * 86_400_000,
    });
    expect((db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n).toBe(1);
    expect(db.prepare('SELECT max(version) AS v FROM schema_migrations').get()).toEqual({
      v: migrations.at(-1)!.version,
    });
    db.close();
  });
});
