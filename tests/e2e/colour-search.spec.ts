import type { Page } from '@playwright/test';
import { loadCatalogue } from '../../server/catalogue-file';
import type { CatalogueColor } from '../../shared/catalogue/types';
import { inRange, named } from '../workers/colour-facts';
import { expect, test } from './support/fixtures';

const catalogue = loadCatalogue();
const byName = new Map(catalogue.colors.map((c) => [c.colorName, c]));
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search colours' });
const results = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
const count = (page: Page) => page.locator('#results-count');
const strips = (page: Page) => page.getByRole('list', { name: 'Current palette' }).getByRole('listitem');
const shownColours = async (page: Page) =>
  (await results(page).locator('.result-name').allTextContents()).map((n) => byName.get(n) as CatalogueColor);

async function open(page: Page) {
  await page.goto('/');
  await expect(strips(page)).toHaveCount(5);
}

/** Focus the box and let search's late-loading part answer once, then empty the box again by keys. */
async function searchLoaded(page: Page) {
  await searchBox(page).click();
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('white');
  await expect(count(page)).toHaveText(/^Showing \d+ colours$/);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await expect(strips(page)).toHaveCount(5);
}

test.describe('colour words', () => {
  test("'dark green' shows dark greens, not a pale stone named Dark; 'sage' shows sage greens", async ({ page }) => {
    await open(page);
    await searchLoaded(page);
    await page.keyboard.type('dark green');
    await page.keyboard.press('Escape');
    await expect(count(page)).toHaveText(/^Showing \d+ colours$/);
    await expect(results(page).first()).toBeVisible();
    const shown = await shownColours(page);
    expect(shown.length).toBeGreaterThanOrEqual(5);
    // Every row the person sees is dark by its LRV and green by its hue (or says so in its name).
    for (const c of shown) {
      expect(named('dark', c) || inRange('dark', c), c.colorName).toBe(true);
      expect(named('green', c) || inRange('green', c), c.colorName).toBe(true);
    }
    await expect(results(page).filter({ hasText: 'Portland Stone - Dark' })).toHaveCount(0);

    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('sage');
    await page.keyboard.press('Escape');
    await expect(results(page).first().locator('.result-name')).toHaveText('Sage Green');
    const sage = await shownColours(page);
    expect(sage.filter((c) => inRange('sage', c)).length).toBeGreaterThanOrEqual(5);
  });
});
