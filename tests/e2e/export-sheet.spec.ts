import type { Browser, Page } from '@playwright/test';
import { openOn, PHONE } from './support/devices';
import { expect, test } from './support/fixtures';
import { saveCurrent, strips } from './support/saved-flows';

/** Export as a person meets it: a sheet that fits a phone, names that do not collide, files named after the palette. */

const FORMATS = ['PNG', 'SVG', 'JSON', 'CSS', 'Adobe swatches', 'GIMP palette', 'Procreate', 'Paint list'];

async function openPage(browser: Browser, baseURL: string, device: 'phone' | 'laptop', scheme: 'light' | 'dark') {
  const page = await openOn(browser, baseURL, device, scheme);
  await expect(strips(page)).toHaveCount(5);
  return page;
}

const exportButton = (page: Page) => page.getByRole('button', { name: 'Export' });
const menu = (page: Page) => page.getByRole('menu');
const box = async (page: Page, text: string) => {
  const found = await menu(page).getByText(text, { exact: true }).boundingBox();
  if (!found) throw new Error(`${text} is not on screen`);
  return found;
};

/** The date the person's clock shows, as the file name writes it. */
const today = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });

for (const scheme of ['light', 'dark'] as const) {
  test(`on a phone (${scheme}) Export is a full-width sheet that names every format`, async ({ browser, server }) => {
    const page = await openPage(browser, server.url, 'phone', scheme);
    await exportButton(page).tap();
    await expect(menu(page)).toBeVisible();
    const sheet = await menu(page).boundingBox();
    expect(sheet?.x).toBe(0);
    expect(sheet?.width).toBe(PHONE.width);
    // It sits on the bottom edge, whole.
    expect(Math.round((sheet?.y ?? 0) + (sheet?.height ?? 0))).toBe(PHONE.height);
    expect(sheet?.y).toBeGreaterThan(0);
    for (const name of FORMATS) {
      const label = await box(page, name);
      expect(label.x, name).toBeGreaterThanOrEqual(0);
      expect(label.x + label.width, name).toBeLessThanOrEqual(PHONE.width);
      // Whole, on one line, and not cut by the sheet.
      expect(label.height, name).toBeLessThan(30);
      await expect(menu(page).getByText(name, { exact: true })).toBeInViewport({ ratio: 1 });
    }
    // A tap on the dimmed page above closes it.
    await page.touchscreen.tap(PHONE.width / 2, 40);
    await expect(menu(page)).toBeHidden();
    await page.context().close();
  });

  test(`on a laptop (${scheme}) no format's name wraps or runs into its description`, async ({ browser, server }) => {
    const page = await openPage(browser, server.url, 'laptop', scheme);
    await exportButton(page).click();
    await expect(menu(page)).toBeVisible();
    const single = (await box(page, 'PNG')).height;
    const items = menu(page).getByRole('menuitem');
    await expect(items).toHaveCount(FORMATS.length);
    for (const [i, name] of FORMATS.entries()) {
      const label = await box(page, name);
      expect(label.height, name).toBeLessThanOrEqual(single + 1);
      const detail = await items.nth(i).locator('.export-menu-detail').boundingBox();
      expect(label.x + label.width, name).toBeLessThanOrEqual(detail?.x ?? 0);
    }
    await page.context().close();
  });
}

test('on a phone the paint list opens as a page to print or save as PDF, not a download', async ({
  browser,
  server,
}) => {
  const page = await openPage(browser, server.url, 'phone', 'light');
  const names = await strips(page).locator('.palette-strip-name').allTextContents();
  let downloaded = false;
  page.on('download', () => {
    downloaded = true;
  });
  await exportButton(page).tap();
  const [list] = await Promise.all([
    page.context().waitForEvent('page'),
    menu(page)
      .getByRole('menuitem', { name: /^Paint list/ })
      .tap(),
  ]);
  await expect(list.getByRole('heading', { level: 1 })).toHaveText('Untitled Palette');
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(names);
  await expect(list.getByText('save it as a PDF')).toBeVisible();
  expect(list.url()).toMatch(/^blob:/);
  expect(downloaded).toBe(false);
  await page.context().close();
});

test('exported files are named after the palette and the day, or "palette" while it has no name', async ({ page }) => {
  await page.goto('/');
  await expect(strips(page)).toHaveCount(5);
  const date = await today(page);
  await exportButton(page).click();
  const [unnamed] = await Promise.all([
    page.waitForEvent('download'),
    menu(page).getByRole('menuitem', { name: /^SVG/ }).click(),
  ]);
  expect(unnamed.suggestedFilename()).toBe(`palette-${date}.svg`);

  await saveCurrent(page, 'Hallway / Kids’ “room”', { anonymous: true });
  const [png] = await Promise.all([page.waitForEvent('download'), page.locator('body').press('e')]);
  expect(png.suggestedFilename()).toBe(`hallway-kids-room-${date}.png`);
});
