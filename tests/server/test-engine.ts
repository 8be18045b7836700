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
export const testEngine: 'sqlite' | 'postgres' = process.env.SWATCHBOOK_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/**
 * An empty, fully migrated store for one test app. On PostgreSQL: the run's server (started by
 * support/postgres-global-setup.ts) with a schema of its own, and a small pool whose idle connections
 * close after a second, so hundreds of test apps stay under the server's connection limit.
 */
export async function openTestSql(): Promise<Sql> {
  if (testEngine === 'sqlite') {
    return sqliteSql(openDatabase(join(mkdtempSync(join(tmpdir(), 'swatchbook-test-')), 'test.sqlite')));
  }
  const url = inject('postgresUrl') || process.env.SWATCHBOOK_TEST_PG_URL;
  if (!url) throw new Error('SWATCHBOOK_TEST_DB=postgres but no PostgreSQL was started (vitest globalSetup)');
  return openPostgres(url, { schema: `t_${randomBytes(8).toString('hex')}`, max: 4, idleTimeoutMillis: 1000 });
}
