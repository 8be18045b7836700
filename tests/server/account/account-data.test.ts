import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rebuildPaletteProjections } from '../../../server/palettes/palette-projection';
import { call, colorIds, makeTestApp, signUp, snapshot } from '../helpers';
import { sqliteOf } from '../../../server/db/sqlite-sql';

const PASSWORD = 'correct horse';
const TABLES = [
  'events',
  'palettes',
  'palette_counts',
  'shares',
  'users',
  'identities',
  'sessions',
  'email_confirmations',
  'password_resets',
  'known_devices',
  'totp_recovery_codes',
  'pending_sign_ins',
  'erased_accounts',
  'erasing_streams',
];
type ErrorBody = { error: { code: string } };

/** Every byte of the database's files (main file, WAL and shared memory), as text to search. */
function databaseBytes(file: string): string {
  return [file, `${file}-wal`, `${file}-shm`]
    .filter((path) => existsSync(path))
    .map((path) => readFileSync(path).toString('latin1'))
    .join('\n');
}

describe('your data, and leaving', () => {
  it('exports every palette with its full history as one JSON download', async () => {
    const { app } = await makeTestApp();
    const { cookie, email } = await signUp(app);
    const created = (await (
      await call(app, 'POST', '/api/palettes', { cookie, body: { name: 'Hall', colorIds: colorIds(3) } })
    ).json()) as { id: string; version: number };
    await call(app, 'PATCH', `/api/palettes/${created.id}`, {
      cookie,
      body: { name: 'Hall and stairs' },
      headers: { 'if-match': `W/"${created.version}"` },
    });
    await call(app, 'POST', '/api/palettes', { cookie, body: { name: 'Kitchen', colorIds: colorIds(4, 10) } });
    const res = await call(app, 'GET', '/api/account/export', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="swatchbook-account-.*\.json"/);
    const body = (await res.json()) as {
      account: { email: string };
      palettes: Array<{
        name: string;
        history: Array<{ version: number; name: string; colors: Array<{ hexCode: string }> }>;
      }>;
    };
    expect(body.account.email).toBe(email);
    const hall = body.palettes.find((p) => p.name === 'Hall and stairs');
    expect(hall?.history.map((v) => v.name)).toEqual(['Hall', 'Hall and stairs']);
    expect(hall?.history[0]?.colors).toHaveLength(3);
    expect(hall?.history[0]?.colors[0]?.hexCode).toMatch(/^#[0-9A-Fa-f]{6}$/);
    expect(body.palettes.map((p) => p.name).sort()).toEqual(['Hall and stairs', 'Kitchen']);
    expect((await call(app, 'GET', '/api/account/export')).status).toBe(401);
  });

  it('refuses a sixth export within the hour with 429, the error shape and Retry-After, per account', async () => {
    let now = new Date('2026-11-22T12:00:00Z').getTime();
    const { app } = await makeTestApp({ now: () => new Date(now) });
    const owner = await signUp(app);
    const other = await signUp(app);
    for (let i = 0; i < 5; i++) {
      const res = await call(app, 'GET', '/api/account/export', { cookie: owner.cookie });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { account: { email: string } }).account.email).toBe(owner.email);
    }
    const refused = await call(app, 'GET', '/api/account/export', { cookie: owner.cookie });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('rate_limited');
    // Someone else's budget is their own.
    expect((await call(app, 'GET', '/api/account/export', { cookie: other.cookie })).status).toBe(200);
    now += Number(refused.headers.get('retry-after')) * 1000;
    expect((await call(app, 'GET', '/api/account/export', { cookie: owner.cookie })).status).toBe(200);
  });

  it('deletes the account with its password: nothing of theirs is left in the database file, even after VACUUM; everyone else replays the same', async () => {
    const { app, deps } = await makeTestApp();
    const leaver = await signUp(app);
    const stayer = await signUp(app);
    // Colours nobody else uses, and names found nowhere else.
    const theirColours = colorIds(3, 200);
    const mine = async (name: string, ids = theirColours) =>
      (await (
        await call(app, 'POST', '/api/palettes', { cookie: leaver.cookie, body: { name, colorIds: ids } })
      ).json()) as {
        id: string;
        version: number;
      };
    const kept = await mine('Quincewood Parlour');
    const renamed = await call(app, 'PATCH', `/api/palettes/${kept.id}`, {
      cookie: leaver.cookie,
      body: { name: 'Quincewood Parlour Two' },
      headers: { 'if-match': `W/"${kept.version}"` },
    });
    expect(renamed.status).toBe(200);
    const shared = (await (
      await call(app, 'PUT', `/api/palettes/${kept.id}/sharing`, { cookie: leaver.cookie, body: { public: true } })
    ).json()) as { shareId: string };
    const gone = await mine('Marrowfield Snug', colorIds(3, 210));
    expect((await call(app, 'DELETE', `/api/palettes/${gone.id}`, { cookie: leaver.cookie })).status).toBe(204);
    await call(app, 'POST', '/api/palettes/import', {
      cookie: leaver.cookie,
      body: { palettes: [{ localId: 'local-1', name: 'Imported Oxbow Landing', colorIds: colorIds(3, 220) }] },
    });
    for (const name of ['Stayer One', 'Stayer Two']) {
      await call(app, 'POST', '/api/palettes', { cookie: stayer.cookie, body: { name, colorIds: colorIds(3) } });
    }
    const count = async (table: string) => (await deps.sql.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))!.n;
    expect(await count('events')).toBeGreaterThan(5);

    const wrong = await call(app, 'DELETE', '/api/account', {
      cookie: leaver.cookie,
      body: { password: 'not my password' },
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as ErrorBody).error.code).toBe('invalid_credentials');
    expect(await deps.sql.get('SELECT count(*) AS n FROM users WHERE id = ?', [leaver.id])).toEqual({ n: 1 });

    const res = await call(app, 'DELETE', '/api/account', { cookie: leaver.cookie, body: { password: PASSWORD } });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join()).toMatch(/swatchbook_session=;.*Max-Age=0/);
    // Signed out, the share link is gone, the address can sign up afresh.
    expect(await (await call(app, 'GET', '/api/auth/session', { cookie: leaver.cookie })).json()).toEqual({
      user: null,
    });
    expect((await call(app, 'GET', `/api/shares/${shared.shareId}`)).status).toBe(404);
    expect(
      (await call(app, 'POST', '/api/auth/signin', { body: { email: leaver.email, password: PASSWORD } })).status,
    ).toBe(401);

    const secrets = [
      'Quincewood',
      'Marrowfield',
      'Oxbow',
      leaver.email,
      leaver.id,
      ...theirColours,
      ...colorIds(3, 210),
      ...colorIds(3, 220),
    ];
    // SQLite: not a byte in its files, even after VACUUM. PostgreSQL keeps dead rows in its files
    // until VACUUM reuses them (server/README.md), so there: no row in any table holds any of it.
    const sqlite = sqliteOf(deps.sql);
    const check = async () => {
      const text = sqlite
        ? databaseBytes(sqlite.name)
        : JSON.stringify(await Promise.all(TABLES.map((table) => deps.sql.all(`SELECT * FROM ${table}`))));
      for (const secret of secrets) expect(text.includes(secret), `${secret} left in the database`).toBe(false);
    };
    await check();
    if (!sqlite) {
      // PostgreSQL: the erasure asked for a VACUUM of the tables it deleted from, so dead rows' space is freed now.
      const vacuumed = async () =>
        (
          await deps.sql.all<{ relname: string }>(
            `SELECT relname FROM pg_stat_user_tables
             WHERE schemaname = current_schema() AND last_vacuum IS NOT NULL AND relname IN ('users', 'events', 'palettes')`,
          )
        ).length;
      for (let i = 0; i < 100 && (await vacuumed()) < 3; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await vacuumed()).toBe(3);
    }
    sqlite?.exec('VACUUM');
    sqlite?.pragma('wal_checkpoint(TRUNCATE)');
    await check();

    // The stayer's palettes are all there, and the projections still equal a replay.
    const list = (await (await call(app, 'GET', '/api/palettes', { cookie: stayer.cookie })).json()) as {
      palettes: Array<{ name: string }>;
    };
    expect(list.palettes.map((p) => p.name).sort()).toEqual(['Stayer One', 'Stayer Two']);
    const live = await snapshot(deps.sql);
    await rebuildPaletteProjections(deps.sql, deps.catalogue);
    expect(await snapshot(deps.sql)).toEqual(live);
    if (sqlite) expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');

    // The log is still append-only for everyone else, and the purge path is closed to living accounts.
    await expect(deps.sql.run('DELETE FROM events')).rejects.toThrow(/append-only/);
    await expect(deps.sql.run('UPDATE events SET data = ?', ['{}'])).rejects.toThrow(/append-only/);
    await expect(
      deps.sql.run('INSERT INTO erased_accounts (user_id, erased_at) VALUES (?, ?)', [stayer.id, 'now']),
    ).rejects.toThrow(/erase the user row/);
  });

  it('a Google-only account deletes with a fresh sign-in, not an old session', async () => {
    let now = new Date('2026-11-22T12:00:00Z').getTime();
    const { app, deps } = await makeTestApp({ now: () => new Date(now) });
    const { accounts } = await import('../../../server/auth/account-queries');
    const store = accounts(deps.sql, deps.now);
    const user = (await store.createUser('google-only@example.com', null, true))!;
    const session = await store.createSession(user.id);
    const cookie = `swatchbook_session=${session.token}`;
    now += 11 * 60 * 1000;
    const stale = await call(app, 'DELETE', '/api/account', { cookie, body: {} });
    expect(stale.status).toBe(401);
    expect(((await stale.json()) as ErrorBody).error.code).toBe('reauthentication_required');
    const fresh = `swatchbook_session=${(await store.createSession(user.id)).token}`;
    expect((await call(app, 'DELETE', '/api/account', { cookie: fresh, body: {} })).status).toBe(204);
    expect(await deps.sql.get('SELECT count(*) AS n FROM users')).toEqual({ n: 0 });
  });
});
