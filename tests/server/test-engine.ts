import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { openPostgres } from '../../server/db/postgres-sql';
import type { Sql } from '../../server/db/sql';
import { sqliteSql } from '../../server/db/sqlite-sql';

/** Which engine the server tests run on: SQLite unless SWATCHBOOK_TEST_DB=postgres. */
const testEngine: 'sqlite' | 'postgres' = process.env.SWATCHBOOK_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/**
 * An empty, fully migrated store for one test app. On PostgreSQL: the run's server (started by
 * support/postgres-global-setup.ts) with a schema of its own, and a small pool whose idle connections
 * close after a second, so hundreds of test apps stay under the server's connection limit.
 */
export async function openTestSql(): Promise<Sql> {
  if (testEngine === 'sqlite') {
    return sqliteSql(openDatabase(join(mkdtempSync(join(tmpdir(), 'swatchbook-test-')), 'test.sqlite')));
  }
  return (await freshPostgresDatabase()).sql;
}

const urls = new WeakMap<Sql, string>();

/** The environment that points a server process or a CLI at the store a test app uses. */
export function storeEnv(sql: Sql): Record<string, string> {
  if (sql.engine === 'sqlite') return { DATABASE_PATH: (sql as Sql & { db: { name: string } }).db.name };
  const url = urls.get(sql);
  if (!url) throw new Error('not a store opened by openTestSql');
  return { DATABASE_URL: url };
}

function postgresUrl(): string {
  const url = inject('postgresUrl') || process.env.SWATCHBOOK_TEST_PG_URL;
  if (!url)
    throw new Error('no PostgreSQL was started for these tests (vitest globalSetup, SWATCHBOOK_TEST_DB=postgres)');
  return url;
}

/**
 * A fresh, migrated schema on the run's PostgreSQL, with the URL that reaches it (for a server
 * process or a CLI started by the test: `options=-c search_path=…`).
 */
export async function freshPostgresDatabase(): Promise<{ url: string; sql: Sql }> {
  const schema = `t_${randomBytes(8).toString('hex')}`;
  const sql = await openPostgres(postgresUrl(), { schema, max: 4, idleTimeoutMillis: 1000 });
  const url = new URL(postgresUrl());
  url.searchParams.set('options', `-c search_path=${schema}`);
  urls.set(sql, url.toString());
  return { url: url.toString(), sql };
}
