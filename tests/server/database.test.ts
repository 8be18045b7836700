import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../server/db/database';

describe('the database file', () => {
  it('is created with its folder, in WAL mode, with every migration applied', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'swatchbook-db-')), 'nested', 'app.sqlite');
    const db = openDatabase(path);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all();
    expect(versions.length).toBeGreaterThan(0);
    db.close();
  });

  it('applies migrations once, even when opened again', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'swatchbook-db-')), 'app.sqlite');
    openDatabase(path).close();
    const again = openDatabase(path);
    expect(migrate(again)).toBe(0);
    again.close();
  });

  it('rolls back a failing migration completely', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'swatchbook-db-')), 'app.sqlite'));
    const broken = [{ version: 999, name: 'broken', sql: 'CREATE TABLE half (x INTEGER); SELECT * FROM nowhere;' }];
    expect(() => migrate(db, broken)).toThrow();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    expect(db.prepare('SELECT 1 FROM schema_migrations WHERE version = 999').get()).toBeUndefined();
    db.close();
  });
});
