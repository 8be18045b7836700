import { defineConfig } from 'vitest/config';

// The server tests that touch the store run twice: on SQLite (with everything else) and on a real
// PostgreSQL the run starts itself (tests/support/postgres-global-setup.ts). SQLite's own files
// (WAL, pragmas, the migrations as SQLite spells them) are tested on SQLite only; the store
// contract on both engines is tests/server/db/sql.test.ts, which starts its own PostgreSQL.
const POSTGRES_ONLY = ['tests/server/db/two-processes.test.ts', 'tests/server/cli/migrate-to-postgres.test.ts'];
const SQLITE_ONLY = [
  'tests/server/db/database.test.ts',
  'tests/server/db/sql.test.ts',
  'tests/server/http/static-files.test.ts',
  'tests/server/pages/head-tags.test.ts',
  'tests/server/main.test.ts',
  'tests/server/palettes/share-cache.test.ts',
  'tests/server/auth/account-mails.test.ts',
  'tests/server/account/account-erasure-bytes.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    maxWorkers: 2,
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          setupFiles: ['tests/support/frames.ts'],
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: ['tests/e2e/**', 'node_modules/**', ...POSTGRES_ONLY],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['tests/server/**/*.test.ts'],
          exclude: SQLITE_ONLY,
          env: { SWATCHBOOK_TEST_DB: 'postgres' },
          globalSetup: ['tests/support/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
