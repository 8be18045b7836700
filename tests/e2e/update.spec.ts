import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { ROOT, type RunningServer, startServer } from '../support/server-process';
import { stripIds, strips, visitUntilInstalled } from './support/service-worker';

// The service worker is what this file is about: let it run (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search colours' });
const updateToast = (page: Page) => page.locator('.toast').filter({ hasText: 'A new version is ready — Reload' });
const release = (page: Page) => page.locator('meta[name="swatchbook-release"]');

/** What the palette looks like to the person: its colours, which are locked, and the search typed. */
async function paletteAsSeen(page: Page) {
  await expect(strips(page).first()).toBeVisible();
  return {
    ids: await stripIds(page),
    locked: await strips(page).evaluateAll((items) => items.map((el) => el.getAttribute('data-locked') === 'true')),
  };
}

let nextRelease = '';
let server: RunningServer | null = null;

test.beforeAll(() => {
  test.setTimeout(180_000);
  // The next release: the same app built again with a marker in its page (tests/e2e/support/next-build.config.ts).
  nextRelease = mkdtempSync(join(tmpdir(), 'swatchbook-e2e-next-'));
  const build = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'tests/e2e/support/next-build.config.ts',
      '--outDir',
      nextRelease,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('building the next release failed');
});

test.afterEach(async () => {
  await server?.stop();
  server = null;
});

test('a new release is offered with a Reload button; the palette stays until the person reloads, and after', async ({
  page,
}) => {
  const current = process.env.E2E_DIST_DIR;
  if (!current) throw new Error('E2E_DIST_DIR is not set: run through playwright.config.ts');
  server = await startServer({ distDir: current });
  const { port, databasePath, url } = server;

  await visitUntilInstalled(page, url);
  await expect(release(page)).toHaveCount(0);
  const first = (await strips(page).locator('.palette-strip-name').allTextContents())[0] as string;
  await page.getByRole('button', { name: `Lock ${first}` }).click();
  const before = await paletteAsSeen(page);
  expect(before.locked[0]).toBe(true);

  // The release is deployed: the server restarts on the same address with the new build.
  await server.stop();
  server = await startServer({ distDir: nextRelease, env: { PORT: String(port), DATABASE_PATH: databasePath } });

  // The person comes back to the app: it opens at once (the installed version) and offers the new one.
  await page.goto(url);
  await expect(updateToast(page)).toBeVisible({ timeout: 20_000 });
  expect(await paletteAsSeen(page)).toEqual(before);
  await expect(release(page)).toHaveCount(0);
  // They go on working: a search, typed. The page is still the one they had; nothing reloaded it.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await searchBox(page).click();
  await page.keyboard.type('blue');
  await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
  await expect(updateToast(page)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // Reload: the new version takes over, with the same palette, locks and search.
  await Promise.all([
    page.waitForEvent('framenavigated'),
    updateToast(page).getByRole('button', { name: 'Reload' }).click(),
  ]);
  await expect(release(page)).toHaveAttribute('content', 'next');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
  await expect(searchBox(page)).toHaveValue('blue');
  await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
  await expect(updateToast(page)).toHaveCount(0);
  await searchBox(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  expect(await paletteAsSeen(page)).toEqual(before);
  // The new worker controls the page and nothing more waits.
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { controlled: navigator.serviceWorker.controller !== null, waiting: registration?.waiting ?? null };
  });
  expect(state).toEqual({ controlled: true, waiting: null });
});
