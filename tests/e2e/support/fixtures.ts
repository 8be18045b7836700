import { test as base, expect } from '@playwright/test';
import { startPostgres } from '../../support/postgres-server';
import { type RunningServer, startServer } from '../../support/server-process';

/**
 * `server`: the real server process with a temporary database, one per Playwright worker, serving
 * the app built by global-setup. `baseURL` points at it, so `page.goto('/')` opens the real app.
 * `engine`: SQLite (a temporary file) unless a spec says `test.use({ engine: 'postgres' })`, which
 * gives its worker a PostgreSQL of its own.
 */
export const test = base.extend<object, { server: RunningServer; engine: 'sqlite' | 'postgres' }>({
  engine: ['sqlite', { scope: 'worker', option: true }],
  server: [
    async ({ engine }, use) => {
      const distDir = process.env.E2E_DIST_DIR;
      if (!distDir) throw new Error('E2E_DIST_DIR is not set: run through playwright.config.ts');
      const postgres = engine === 'postgres' ? await startPostgres() : null;
      const server = await startServer({ distDir, env: postgres ? { DATABASE_URL: postgres.url } : {} });
      await use(server);
      await server.stop();
      await postgres?.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  // The server paints the page before the app's script runs. A person waits for the page to come
  // alive before dragging a photo onto it; so do the tests: a navigation that waits for `load` (the
  // default) also waits until the app marks itself ready. Tests about the moments before that pass
  // their own `waitUntil`, and pages without the app (or without JavaScript) are not waited for.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const ready = () =>
        page
          .waitForFunction(
            () => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'),
            null,
            { timeout: 15_000 },
          )
          .catch(() => {});
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (!options?.waitUntil || options.waitUntil === 'load') await ready();
        return response;
      };
      const reload = page.reload.bind(page);
      page.reload = async (options) => {
        const response = await reload(options);
        if (!options?.waitUntil || options.waitUntil === 'load') await ready();
        return response;
      };
    }
    await use(page);
  },
});

export { expect };
