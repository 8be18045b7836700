import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { type Migration, migrations as allMigrations } from './migrations';

/**
 * How hard a commit waits for the disk, in WAL mode. `normal` (the default): a commit survives the
 * process being killed (kill -9, a crash), but the last commits before a power loss or an OS crash
 * may be lost (the file stays intact). `full`: the WAL is synced at every commit, so an acknowledged
 * write survives power loss too, at a cost in write rate (tests/bench/sqlite-synchronous.bench.ts).
 */
export type Synchronous = 'normal' | 'full';

/** Opens (creating if needed) the SQLite file in WAL mode and brings its schema up to date. */
export function openDatabase(
  path: string,
  migrations: readonly Migration[] = allMigrations,
  synchronous: Synchronous = 'normal',
): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  // Every byte a delete or an update frees is overwritten at once, so an erased person's data never
  // lingers in a page's free space or on the freelist (account/account-erase.ts relies on it).
  db.pragma('secure_delete = ON');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const applied = migrate(db, migrations);
  zeroFreeSpaceOnce(db, applied === migrations.length);
  return db;
}

/** Set in the file's header (`user_version`) once its free space has been rebuilt with zeros. */
const ZEROED = 1;

/**
 * A file written before secure_delete was on still holds deleted and overwritten rows in free space
 * and on the freelist: rebuilt once (VACUUM, which takes time in proportion to the file, once per
 * file), then marked. A file made now has nothing to rebuild.
 */
function zeroFreeSpaceOnce(db: Database.Database, created: boolean) {
  if (((db.pragma('user_version', { simple: true }) as number) & ZEROED) !== 0) return;
  if (!created && db.name !== ':memory:') {
    db.exec('VACUUM');
    db.pragma('wal_checkpoint(TRUNCATE)');
  }
  db.pragma(`user_version = ${ZEROED}`);
}
export function migrate(db: Database.Database, migrations: readonly Migration[] = allMigrations): number {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT`);
  const done = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .all()
      .map((row) => (row as { version: number }).version),
  );
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  let applied = 0;
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (done.has(migration.version)) continue;
    // Each migration and its record commit together, so a crash never leaves one half-applied.
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
    })();
    applied++;
  }
  return applied;
}
