import { openDatabase, type Synchronous } from './database';
import type { Sql } from './sql';
import { sqliteSql } from './sqlite-sql';

/** Where the data lives: a SQLite file (the default) or a PostgreSQL database. */
export type StoreTarget =
  | { engine: 'sqlite'; path: string; label: string; synchronous: Synchronous }
  | { engine: 'postgres'; url: string; label: string };

export const DEFAULT_DATABASE_PATH = 'var/swatchbook.sqlite';

/**
 * `DATABASE_URL` naming a PostgreSQL database wins; else `DATABASE_PATH`, else var/swatchbook.sqlite,
 * with `SQLITE_SYNCHRONOUS` (normal or full; see `Synchronous` in database.ts).
 */
export function storeFromEnv(env: NodeJS.ProcessEnv): StoreTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new Error('DATABASE_URL must be a PostgreSQL URL (postgres://…); for SQLite set DATABASE_PATH instead.');
    }
    // The label goes to logs: never the password.
    const shown = new URL(url);
    shown.password = shown.password ? '***' : '';
    return { engine: 'postgres', url, label: shown.toString() };
  }
  const path = env.DATABASE_PATH ?? DEFAULT_DATABASE_PATH;
  const synchronous = (env.SQLITE_SYNCHRONOUS?.trim().toLowerCase() || 'normal') as Synchronous;
  if (synchronous !== 'normal' && synchronous !== 'full') {
    throw new Error('SQLITE_SYNCHRONOUS must be normal (the default) or full.');
  }
  return { engine: 'sqlite', path, label: path, synchronous };
}

/** Opens the store and brings its schema up to date; the one place the engine is chosen. */
export async function openStore(target: StoreTarget, options: { max?: number } = {}): Promise<Sql> {
  if (target.engine === 'sqlite') return sqliteSql(openDatabase(target.path, undefined, target.synchronous));
  // Loaded only when asked for: a SQLite installation never loads the PostgreSQL driver.
  const { openPostgres } = await import('./postgres-sql');
  return openPostgres(target.url, options);
}
