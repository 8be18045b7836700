import type { Locator } from '@playwright/test';
import { openOn, PHONE } from './support/devices';
import { expect, test } from './support/fixtures';
import { strips } from './support/saved-flows';

/** The filters on a phone: each one's words whole, in one row that leaves the palette its room. */

const FILTERS = ['Supplier', 'Colour category', 'Lightness (LRV)', 'Undertone'];

/** Whether the words a select shows fit inside it (a cut one is wider than the box it has). */
const cut = (select: Locator) => select.evaluate((el) => el.scrollWidth > el.clientWidth);

for (const scheme of ['light', 'dark'] as const) {
  test(`on a phone (${scheme}) every filter shows its words whole, also after a longer choice`, async ({
    browser,
    server,
  }) => {
    const page = await openOn(browser, server.url, 'phone', scheme);
    await expect(strips(page)).toHaveCount(5);
    const tops = new Set<number>();
    for (const name of FILTERS) {
      const select = page.getByRole('combobox', { name, exact: true });
      await expect(select).toBeVisible();
      const shows = await select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text ?? '');
      expect(await cut(select), `${name} shows “${shows}” cut`).toBe(false);
      const box = await select.boundingBox();
      tops.add(Math.round(box!.y));
    }
    // Still one row under the search box.
    expect(tops.size).toBe(1);

    // Choosing makes the shown words longer: still whole, and the one chosen is on screen.
    const lightness = page.getByRole('combobox', { name: 'Lightness (LRV)' });
    await lightness.tap();
    await lightness.selectOption({ index: 1 });
    await expect(lightness).toBeInViewport({ ratio: 1 });
    expect(await cut(lightness)).toBe(false);
    const supplier = page.getByRole('combobox', { name: 'Supplier' });
    await supplier.tap();
    await supplier.selectOption('Little Greene');
    expect(await cut(supplier)).toBe(false);
    for (const name of FILTERS) expect(await cut(page.getByRole('combobox', { name, exact: true }))).toBe(false);

    // The row stays within the screen's width: nothing pushes the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });
}
