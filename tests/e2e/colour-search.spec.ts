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

test.describe('lightness and undertone filters', () => {
  test('LRV band and undertone narrow the results, show as chips, and come back after a reload', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    await open(page);
    const lightness = page.getByRole('combobox', { name: 'Lightness (LRV)' });
    const undertone = page.getByRole('combobox', { name: 'Undertone' });
    const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('listitem');
    const darkCool = catalogue.colors.filter((c) => c.lrv >= 10 && c.lrv < 25 && c.undertone === 'cool');
    const dark = catalogue.colors.filter((c) => c.lrv >= 10 && c.lrv < 25);

    await expect(lightness.locator('option')).toHaveText([
      'Any lightness',
      'Very light (LRV 70+)',
      'Light (LRV 50–69)',
      'Mid-tone (LRV 25–49)',
      'Dark (LRV 10–24)',
      'Very dark (LRV under 10)',
    ]);
    await lightness.selectOption({ label: 'Dark (LRV 10–24)' });
    await expect(count(page)).toHaveText(`Showing ${dark.length} colours`);
    await undertone.selectOption({ label: 'Cool undertone' });
    await expect(count(page)).toHaveText(`Showing ${darkCool.length} colours`);
    await expect(chips).toHaveText(['Dark (LRV 10–24)×', 'Cool undertone×']);
    const shown = await shownColours(page);
    expect(shown.length).toBeGreaterThan(0);
    for (const c of shown) expect(darkCool, c.colorName).toContain(c);

    // The session and the cookie keep them: the server paints them first, the page hydrates the same.
    const cookie = async () =>
      (await page.context().cookies()).find((c) => c.name === 'swatchbook_palette')?.value ?? '';
    await expect.poll(cookie).toContain('u=cool');
    // The server's own markup (same cookies) already has both chosen.
    const html = await (await page.request.get('/')).text();
    expect(html).toMatch(/<option value="dark" selected/);
    expect(html).toMatch(/<option value="cool" selected/);
    await page.reload();
    await expect(lightness).toHaveValue('dark');
    await expect(undertone).toHaveValue('cool');
    await expect(chips).toHaveText(['Dark (LRV 10–24)×', 'Cool undertone×']);
    await expect(count(page)).toHaveText(`Showing ${darkCool.length} colours`);

    await page.getByRole('button', { name: 'Remove filter Cool undertone' }).click();
    await expect(undertone).toHaveValue('');
    await expect(count(page)).toHaveText(`Showing ${dark.length} colours`);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(lightness).toHaveValue('');
    await expect(strips(page)).toHaveCount(5);
    expect(problems.filter((p) => /hydrat|did not match/i.test(p))).toEqual([]);
  });
});
