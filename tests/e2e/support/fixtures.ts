import { test as base, expect } from '@playwright/test';
import { type RunningServer, startServer } from '../../support/server-process';

/**
 * `server`: the real server process with a temporary database, one per Playwright worker, serving
 * the app built by global-setup. `baseURL` points at it, so `page.goto('/')` opens the real app.
 */
export const test = base.extend<object, { server: RunningServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const distDir = process.env.E2E_DIST_DIR;
      if (!distDir) throw new Error('E2E_DIST_DIR is not set: run through playwright.config.ts');
      const server = await startServer({ distDir });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect };
