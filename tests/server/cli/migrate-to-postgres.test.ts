import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiPalette } from '../../../shared/api/palettes';
import { openDatabase } from '../../../server/db/database';
import { sqliteSql } from '../../../server/db/sqlite-sql';
import { runCli } from '../../support/server-process';
import { call, colorIds, makeTestApp, sessionCookie, signUp, snapshot } from '../helpers';
import { freshPostgresDatabase } from '../test-engine';

const migrate = (env: Record<string, string>) => runCli('migrate-to-postgres.ts', [], env);

const list = async (app: Awaited<ReturnType<typeof makeTestApp>>['app'], cookie: string) =>
  ((await (await call(app, 'GET', '/api/palettes', { cookie })).json()) as { palettes: ApiPalette[] }).palettes;

// PostgreSQL project only (vitest.config.ts): it moves a SQLite installation into the run's PostgreSQL.
describe('npm run migrate-to-postgres', () => {
  it('moves a SQLite installation: people sign in with their passwords and find every palette, share and version', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'swatchbook-move-')), 'old.sqlite');
    const before = await makeTestApp({ sql: sqliteSql(openDatabase(path)) });
    const ann = await signUp(before.app, 'ann@example.com');
    const bob = await signUp(before.app, 'bob@example.com');
    const made = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(before.app, 'POST', '/api/palettes', {
        cookie: ann.cookie,
        body: { name: `Room ${i}`, colorIds: colorIds(3, i * 5) },
      });
      made.push((await res.json()) as ApiPalette);
    }
    await call(before.app, 'PATCH', `/api/palettes/${made[0]!.id}`, {
      cookie: ann.cookie,
      headers: { 'if-match': 'W/"1"' },
      body: { name: 'Hall, warmer' },
    });
    const { shareId } = (await (
      await call(before.app, 'PUT', `/api/palettes/${made[1]!.id}/sharing`, {
        cookie: ann.cookie,
        body: { public: true },
      })
    ).json()) as { shareId: string };
    await call(before.app, 'DELETE', `/api/palettes/${made[2]!.id}`, { cookie: ann.cookie });
    await call(before.app, 'POST', '/api/palettes/import', {
      cookie: bob.cookie,
      body: { palettes: [{ localId: 'l1', name: 'Bob’s kitchen', colorIds: colorIds(4, 40) }] },
    });
    const annBefore = await list(before.app, ann.cookie);
    const shareBefore = await (await call(before.app, 'GET', `/api/shares/${shareId}`)).text();
    const sqliteModels = await snapshot(before.deps.sql);
    await before.deps.sql.close();

    const target = await freshPostgresDatabase();
    const moved = migrate({ DATABASE_PATH: path, DATABASE_URL: target.url });
    expect(moved.stderr).toBe('');
    expect(moved.status).toBe(0);
    expect(moved.stdout).toMatch(/Every table's count matches/);

    const after = await makeTestApp({ sql: target.sql });
    // The same password signs in; the same session cookie still works too.
    const signin = await call(after.app, 'POST', '/api/auth/signin', {
      body: { email: 'ann@example.com', password: 'correct horse' },
    });
    expect(signin.status).toBe(200);
    expect(await list(after.app, sessionCookie(signin))).toEqual(annBefore);
    expect(await list(after.app, ann.cookie)).toEqual(annBefore);
    expect(await (await call(after.app, 'GET', `/api/shares/${shareId}`)).text()).toBe(shareBefore);
    expect(await snapshot(target.sql)).toEqual(sqliteModels);
    const history = await (
      await call(after.app, 'GET', `/api/palettes/${made[0]!.id}/history`, { cookie: ann.cookie })
    ).json();
    expect(history.versions.map((v: { name: string }) => v.name)).toEqual(['Room 0', 'Hall, warmer']);
    // New writes continue the log after the copied events.
    const next = await call(after.app, 'POST', '/api/palettes', {
      cookie: bob.cookie,
      body: { name: 'New on PostgreSQL', colorIds: colorIds(3) },
    });
    expect(next.status).toBe(201);

    // Run again: the target is not empty, so it refuses and writes nothing.
    const events = await target.sql.get('SELECT count(*) AS n FROM events');
    const again = migrate({ DATABASE_PATH: path, DATABASE_URL: target.url });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already holds events/);
    expect(await target.sql.get('SELECT count(*) AS n FROM events')).toEqual(events);
    await target.sql.close();
  }, 60_000);

  it('says what is missing instead of guessing', () => {
    const noUrl = migrate({ DATABASE_PATH: '/nonexistent.sqlite', DATABASE_URL: '' });
    expect(noUrl.status).toBe(2);
    expect(noUrl.stderr).toMatch(/Set DATABASE_URL/);
    const noFile = migrate({ DATABASE_PATH: '/nonexistent.sqlite', DATABASE_URL: 'postgres://127.0.0.1:1/x' });
    expect(noFile.status).toBe(2);
    expect(noFile.stderr).toMatch(/No SQLite database at \/nonexistent.sqlite/);
  });
});
