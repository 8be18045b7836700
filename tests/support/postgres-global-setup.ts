import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL the server tests run on when SWATCHBOOK_TEST_DB=postgres (else empty). */
    postgresUrl: string;
  }
}

/**
 * With SWATCHBOOK_TEST_DB=postgres, one PostgreSQL for the whole run: each test app takes a fresh
 * schema of it (tests/server/test-engine.ts). SWATCHBOOK_TEST_PG_URL names a server already running
 * instead. Otherwise the tests run on SQLite and nothing starts here.
 */
export default async function setup(project: TestProject) {
  const given = process.env.SWATCHBOOK_TEST_PG_URL;
  const wanted = (project.config.env?.SWATCHBOOK_TEST_DB ?? process.env.SWATCHBOOK_TEST_DB) === 'postgres';
  if (!wanted || given) {
    project.provide('postgresUrl', given ?? '');
    return;
  }
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
