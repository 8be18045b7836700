import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { CatalogueColor } from '../../shared/catalogue/types';
import { bandImage, distinctPaints, encodePng, rgbOf } from '../workers/extract-fixtures';
import { loadCatalogue } from '../../server/catalogue-file';
import { expect, test } from './support/fixtures';
import { stripIds, strips, visitUntilInstalled } from './support/service-worker';

// The service worker is what this file is about: let it run (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const names = (page: Page) => strips(page).locator('.palette-strip-name').allTextContents();
const toast = (page: Page, text: string | RegExp) => page.locator('.toast-region').getByText(text);

/** After one visit the connection goes; the person opens the app again. */
async function reopenOffline(page: Page) {
  await page.context().setOffline(true);
  await page.reload();
  await expect(strips(page).first()).toBeVisible();
}

test.describe('after one visit, with the network off', () => {
  test('the app opens with the palette of the last visit, and Generate and Space make new ones', async ({ page }) => {
    await visitUntilInstalled(page);
    const before = await stripIds(page);
    await reopenOffline(page);
    await expect.poll(() => stripIds(page)).toEqual(before);
    await page.keyboard.press('Space');
    await expect.poll(() => stripIds(page)).not.toEqual(before);
    const second = await stripIds(page);
    await page.getByRole('button', { name: 'Generate New Palette' }).filter({ visible: true }).click();
    await expect.poll(() => stripIds(page)).not.toEqual(second);
    await expect(strips(page)).toHaveCount(5);
  });

  test('search finds a paint and its details open', async ({ page }) => {
    await visitUntilInstalled(page);
    await reopenOffline(page);
    await page.getByRole('combobox', { name: 'Search colours' }).click();
    await page.keyboard.type('hague');
    const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    await expect(results.first().locator('.result-name')).toHaveText('Hague Blue');
    await page.keyboard.press('Escape');
    await results.first().locator('.result-swatch').click();
    const dialog = page.getByRole('dialog', { name: 'Hague Blue' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('dd')).toContainText(['Farrow & Ball', 'No. 30', '#3D4E57']);
  });

  test('a palette comes out of a photo', async ({ page }) => {
    const five = distinctPaints(loadCatalogue(), 5);
    const png = encodePng(bandImage(five.map(rgbOf), { width: 400, height: 240, weights: [5, 4, 3, 2, 1.5] }));
    await visitUntilInstalled(page);
    await reopenOffline(page);
    await page.getByRole('button', { name: 'Extract palette from image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Extract palette from image' });
    await expect(dialog).toBeVisible();
    await dialog
      .locator('input[type="file"]:not([capture])')
      .setInputFiles({ name: 'bands.png', mimeType: 'image/png', buffer: png });
    await expect(toast(page, 'Palette extracted from image!')).toBeVisible();
    await expect.poll(() => names(page)).toEqual(five.map((c: CatalogueColor) => c.colorName));
  });

  test('every export format downloads, and the paint list opens', async ({ page }) => {
    await visitUntilInstalled(page);
    await reopenOffline(page);
    const shown = await names(page);
    const formats: Array<[label: string, extension: string]> = [
      ['PNG', 'png'],
      ['SVG', 'svg'],
      ['JSON', 'json'],
      ['CSS', 'css'],
      ['Adobe swatches', 'ase'],
      ['GIMP palette', 'gpl'],
      ['Procreate', 'swatches'],
    ];
    for (const [label, extension] of formats) {
      await page.getByRole('button', { name: 'Export' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: new RegExp(`^${label}`) }).click(),
      ]);
      expect(download.suggestedFilename(), label).toMatch(new RegExp(`\\.${extension}$`));
      const bytes = await readFile(await download.path());
      expect(bytes.length, label).toBeGreaterThan(0);
      // The JSON names every paint on screen, in order (the other formats' contents: export specs).
      if (extension === 'json') {
        const { colors } = JSON.parse(bytes.toString('utf8')) as { colors: Array<{ name: string }> };
        expect(colors.map((c) => c.name)).toEqual(shown);
      }
    }
    // The paint list opens as a page of its own, offline too.
    await page.getByRole('button', { name: 'Export' }).click();
    const [list] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('menuitem', { name: /^Paint list/ }).click(),
    ]);
    await expect(list.getByRole('heading', { level: 2 })).toHaveText(shown);
  });

  test('a palette is saved on this device, and is still there once back online', async ({ page }) => {
    await visitUntilInstalled(page);
    await reopenOffline(page);
    await page.locator('body').press('s');
    const modal = page.getByRole('dialog', { name: 'Name Your Palette' });
    await expect(modal).toBeVisible();
    await page.keyboard.type('Shop visit');
    await modal.getByRole('button', { name: 'Save Palette' }).click();
    await expect(toast(page, 'Palette saved!')).toBeVisible();
    await page
      .getByRole('button', { name: /^Saved palettes \(1\)$/ })
      .filter({ visible: true })
      .click();
    const sidebar = page.getByRole('dialog', { name: 'Saved Palettes' });
    await expect(sidebar.getByRole('article', { name: 'Shop visit', exact: true })).toBeVisible();

    await page.context().setOffline(false);
    await page.reload();
    await page
      .getByRole('button', { name: /^Saved palettes \(1\)$/ })
      .filter({ visible: true })
      .click();
    await expect(sidebar.getByRole('article', { name: 'Shop visit', exact: true })).toBeVisible();
  });

  test('the API is never answered by the service worker', async ({ page }) => {
    await visitUntilInstalled(page);
    // Online: app files come from the worker's cache, API answers from the server.
    const catalogue = page.waitForResponse((r) => /\/assets\/catalogue-[\w-]+\.json$/.test(r.url()));
    const config = page.waitForResponse((r) => r.url().endsWith('/api/config'));
    await page.reload();
    expect((await catalogue).fromServiceWorker()).toBe(true);
    expect((await config).fromServiceWorker()).toBe(false);
    // Offline: an API address is not given the app's page; it fails as it would with no worker.
    await page.context().setOffline(true);
    await expect(page.goto('/api/config')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
  });
});

test("a returning visit reads the app's style sheet and scripts from the installed cache without running the worker", async ({
  page,
}) => {
  await visitUntilInstalled(page);
  // What the browser reports of each response: which of the worker's static routes answered, and from where.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const routed = new Map<string, { type?: string; source?: string }>();
  cdp.on('Network.responseReceived', (event) => {
    const { url, serviceWorkerRouterInfo, serviceWorkerResponseSource } = event.response;
    const path = new URL(url).pathname;
    if (path.startsWith('/assets/')) {
      routed.set(path, {
        type: serviceWorkerRouterInfo?.actualSourceType,
        source: serviceWorkerResponseSource,
      });
    }
  });
  await page.reload();
  await expect(strips(page).first()).toBeVisible();
  await expect.poll(() => [...routed.keys()].filter((path) => /\.(css|js)$/.test(path)).length).toBeGreaterThan(2);
  for (const [path, answer] of routed) {
    if (/\.(css|js)$/.test(path)) expect({ path, ...answer }).toEqual({ path, type: 'cache', source: 'cache-storage' });
  }
});
