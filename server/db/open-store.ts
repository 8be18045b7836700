import { openDatabase } from './database';
import type { Sql } from './sql';
import { sqliteSql } from './sqlite-sql';

/** Where the data lives: a SQLite file (the default) or a PostgreSQL database. */
export type StoreTarget =
  | { engine: 'sqlite'; path: string; label: string }
  | { engine: 'postgres'; url: string; label: string };

export const DEFAULT_DATABASE_PATH = 'var/swatchbook.sqlite';

/** `DATABASE_URL` naming a PostgreSQL database wins; else `DATABASE_PATH`, else var/swatchbook.sqlite. */
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
  return { engine: 'sqlite', path, label: path };
}

/** Opens the store and brings its schema up to date; the one place the engine is chosen. */
export async function openStore(target: StoreTarget, options: { max?: number } = {}): Promise<Sql> {
  if (target.engine === 'sqlite') return sqliteSql(openDatabase(target.path));
  // Loaded only when asked for: a SQLite installation never loads the PostgreSQL driver.
  const { openPostgres } = await import('./postgres-sql');
  return openPostgres(target.url, options);
}
