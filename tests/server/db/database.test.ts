import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { migrate, openDatabase } from '../../../server/db/database';
import { migrations } from '../../../server/db/migrations';
import { openStore, storeFromEnv } from '../../../server/db/open-store';
import { sqliteOf } from '../../../server/db/sqlite-sql';

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
