import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Starts a PostgreSQL only when SWATCHBOOK_TEST_DB=postgres; a no-op on SQLite.
    globalSetup: ['tests/support/postgres-global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 20_000,
  },
});
