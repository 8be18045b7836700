import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { migrate, openDatabase } from '../../../server/db/database';
import { migrations } from '../../../server/db/migrations';
import { openStore, storeFromEnv } from '../../../server/db/open-store';
import { sqliteOf } from '../../../server/db/sqlite-sql';
import { BACKSTOP_PAGES, startWalCheckpointer } from '../../../server/db/wal-checkpointer';

const tempPath = (...parts: string[]) => join(mkdtempSync(join(tmpdir(), 'swatchbook-db-')), ...parts);

type Recorded = { version: number; name: string; applied_at: string };
const recorded = (db: Database.Database) =>
  db.prepare<[], Recorded>('SELECT version, name, applied_at FROM schema_migrations ORDER BY version').all();
const schema = (db: Database.Database) =>
  db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY type, name').all();

describe('the migration list', () => {
  it('has unique versions in increasing order, each with a name and some SQL', () => {
    const versions = migrations.map((m) => m.version);
    expect(versions.length).toBeGreaterThan(0);
    for (const [i, version] of versions.entries()) {
      expect(Number.isSafeInteger(version) && version >= 1, `version ${version}`).toBe(true);
      if (i > 0) expect(version, `migration ${i + 1} after ${versions[i - 1]}`).toBeGreaterThan(versions[i - 1]!);
    }
    expect(new Set(versions).size).toBe(versions.length);
    for (const m of migrations) {
      expect(m.name.trim(), `migration ${m.version}`).not.toBe('');
      expect(m.sql.trim(), `migration ${m.version}`).not.toBe('');
    }
  });
});

describe('the database file', () => {
  it('is created with its folder, in WAL mode, with every migration of the list recorded', () => {
    const db = openDatabase(tempPath('nested', 'app.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(recorded(db).map(({ version, name }) => ({ version, name }))).toEqual(
      migrations.map(({ version, name }) => ({ version, name })),
    );
    db.close();
  });

  it('syncs each commit to disk only where SQLITE_SYNCHRONOUS=full asks (power-loss safe), else survives a crash (NORMAL)', async () => {
    // SQLite's numbers for the pragma: 1 NORMAL, 2 FULL.
    const level = async (env: Record<string, string>) => {
      const sql = await openStore(storeFromEnv({ DATABASE_PATH: tempPath('app.sqlite'), ...env }));
      try {
        return sqliteOf(sql)!.pragma('synchronous', { simple: true });
      } finally {
        await sql.close();
      }
    };
    expect(await level({})).toBe(1);
    expect(await level({ SQLITE_SYNCHRONOUS: 'normal' })).toBe(1);
    expect(await level({ SQLITE_SYNCHRONOUS: 'full' })).toBe(2);
    expect(await level({ SQLITE_SYNCHRONOUS: 'FULL' })).toBe(2);
    expect(() => storeFromEnv({ DATABASE_PATH: 'x.sqlite', SQLITE_SYNCHRONOUS: 'off' })).toThrow(/normal .* or full/);
  });

  it('runs every migration once, in version order, whatever order it is given them in', () => {
    const db = new Database(':memory:');
    const exec = vi.spyOn(db, 'exec');
    expect(migrate(db, [...migrations].reverse())).toBe(migrations.length);
    const ran = exec.mock.calls.map(([sql]) => sql).filter((sql) => migrations.some((m) => m.sql === sql));
    expect(ran).toEqual(migrations.map((m) => m.sql));
    db.close();
  });

  it('applies nothing when opened again: the same records, the same schema', () => {
    const path = tempPath('app.sqlite');
    const first = openDatabase(path);
    const records = recorded(first);
    const tables = schema(first);
    first.close();
    const again = openDatabase(path);
    expect(recorded(again)).toEqual(records);
    expect(migrate(again)).toBe(0);
    expect(recorded(again)).toEqual(records);
    expect(schema(again)).toEqual(tables);
    again.close();
  });

  it('applies only the migrations a database has not run yet', () => {
    const db = new Database(':memory:');
    const older = migrations.slice(0, -1);
    expect(migrate(db, older)).toBe(older.length);
    expect(migrate(db)).toBe(1);
    expect(recorded(db).map((row) => row.version)).toEqual(migrations.map((m) => m.version));
    db.close();
  });

  it('counts the palettes each owner already had when it adds palette_counts (migration 10)', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.version < 10),
    );
    const insert = db.prepare(
      `INSERT INTO palettes (id, user_id, name, colors, created_at, updated_at, is_public, share_id, version)
       VALUES (?, ?, 'P', '[]', '2026-01-01', '2026-01-01', 0, NULL, 1)`,
    );
    for (const [id, owner] of [
      ['p1', 'ann'],
      ['p2', 'ann'],
      ['p3', 'ann'],
      ['p4', 'bob'],
    ])
      insert.run(id, owner);
    expect(migrate(db)).toBe(migrations.filter((m) => m.version >= 10).length);
    expect(db.prepare('SELECT user_id, palettes FROM palette_counts ORDER BY user_id').all()).toEqual([
      { user_id: 'ann', palettes: 3 },
      { user_id: 'bob', palettes: 1 },
    ]);
    db.close();
  });

  it('rolls back a failing migration completely', () => {
    const db = openDatabase(tempPath('app.sqlite'));
    const broken = [{ version: 999, name: 'broken', sql: 'CREATE TABLE half (x INTEGER); SELECT * FROM nowhere;' }];
    expect(() => migrate(db, broken)).toThrow();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    expect(db.prepare('SELECT 1 FROM schema_migrations WHERE version = 999').get()).toBeUndefined();
    db.close();
  });
});

describe('the WAL checkpointer', () => {
  const fileBytes = (path: string) => statSync(path).size;
  /** 2 000 commits of a 1 KiB row each: about 2 MiB in the WAL, far below the backstop's 10 000 pages. */
  const write = (db: Database.Database) => {
    db.exec('CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, data TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO filler (data) VALUES (?)');
    for (let i = 0; i < 2000; i++) insert.run('x'.repeat(1024));
  };
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    return done();
  };

  it('copies commits into the database file from its own thread, and the WAL starts over', async () => {
    const path = tempPath('app.sqlite');
    const db = openDatabase(path);
    const errors: string[] = [];
    const checkpointer = startWalCheckpointer(db, (error) => errors.push(error), 20);
    write(db);
    // The rows reach the main file although this connection never checkpointed (its backstop is far off).
    expect(await until(() => fileBytes(path) > 2_000_000)).toBe(true);
    // Once all of it is copied (the file holds every page; a busy machine may take a while), the next
    // commit writes from the WAL's start: the WAL file does not grow past its first size.
    const allPages = () =>
      Number(db.pragma('page_count', { simple: true })) * Number(db.pragma('page_size', { simple: true }));
    expect(await until(() => fileBytes(path) >= allPages())).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const walAfterFirst = fileBytes(`${path}-wal`);
    write(db);
    expect(await until(() => fileBytes(path) > 4_000_000)).toBe(true);
    expect(fileBytes(`${path}-wal`)).toBeLessThan(walAfterFirst * 1.5);
    await checkpointer.stop();
    expect(errors).toEqual([]);
    expect(db.prepare('SELECT count(*) AS n FROM filler').get()).toEqual({ n: 4000 });
    db.close();
  });

  it('without it, the same commits stay in the WAL until the backstop', () => {
    const path = tempPath('app.sqlite');
    const db = openDatabase(path);
    db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    const before = fileBytes(path);
    write(db);
    expect(fileBytes(path)).toBeLessThan(before + 100_000);
    db.close();
  });

  it('does nothing for a database in memory, and stops at once', async () => {
    const db = openDatabase(':memory:');
    const checkpointer = startWalCheckpointer(db, () => {});
    await checkpointer.stop();
    write(db);
    expect(db.prepare('SELECT count(*) AS n FROM filler').get()).toEqual({ n: 2000 });
    db.close();
  });
});
