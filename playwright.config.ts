import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/support/browser';

const executablePath = chromiumPath();

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  workers: 2,
  retries: 0,
  // Each step still fails after its own 5 s; the whole-test limit leaves room for the long flows
  // (two browsers, offline and back) on a two-core machine running two workers.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  globalSetup: './tests/e2e/support/global-setup.ts',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    launchOptions: { ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // A service worker would answer from its cache before any `page.route` sees the request; the
    // offline specs opt in with `test.use({ serviceWorkers: 'allow' })`.
    serviceWorkers: 'block',
  },
});
