import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { generateWithout, stripNames } from './support/saved-flows';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search colours' });
const results = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
const count = (page: Page) => page.locator('#results-count');
const toast = (page: Page) => page.locator('.toast-region');
const options = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
const strips = (page: Page) => page.getByRole('list', { name: 'Current palette' }).getByRole('listitem');
const firstResultName = (page: Page) => results(page).first().locator('.result-name');

async function open(page: Page) {
  await page.goto('/');
  await expect(strips(page)).toHaveCount(5);
}

/**
 * Adds result rows, top down, until the palette holds 10, skipping paints it holds already (the
 * random start palette may hold one: a duplicate is refused). Returns the index after the last row used.
 */
async function fillFromResults(page: Page, held: Set<string>): Promise<number> {
  let i = 0;
  for (; held.size < 10; i++) {
    const row = results(page).nth(i);
    const name = (await row.locator('.result-name').textContent()) ?? '';
    // A paint the palette holds offers no Add: its row says it is in the palette.
    if (held.has(name)) {
      await expect(row.getByRole('button', { name: `${name} is in your palette` })).toHaveText('In palette');
      continue;
    }
    await row.getByRole('button', { name: `Add ${name} to palette` }).click();
    await expect(toast(page)).toContainText(`Added ${name} to palette`);
    held.add(name);
  }
  return i;
}

test.describe('catalogue search', () => {
  test('typing replaces the strips with ranked results, exact name first', async ({ page }) => {
    await open(page);
    await searchBox(page).fill('hague');
    await expect(count(page)).toHaveText('Showing 1 colour');
    await expect(firstResultName(page)).toHaveText('Hague Blue');
    await expect(strips(page)).toHaveCount(0);
    await searchBox(page).fill('bone');
    await expect(firstResultName(page)).toHaveText('Bone');
    await expect(count(page)).toHaveText(/^Showing \d+ colours$/);
    await searchBox(page).fill('');
    await expect(strips(page)).toHaveCount(5);
  });

  test('once a search is cleared, the strips where its list was take taps again', async ({ page }) => {
    await open(page);
    await searchBox(page).click();
    await page.keyboard.type('green');
    await expect(results(page).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(strips(page)).toHaveCount(5);
    await expect(results(page)).toHaveCount(0);
    // The list stays laid out over this area, unseen: a tap must reach the strip, not the list.
    const lock = strips(page)
      .nth(2)
      .getByRole('button', { name: /^Lock / });
    await lock.click();
    await expect(lock).toHaveAttribute('aria-pressed', 'true');
    await strips(page)
      .nth(3)
      .getByRole('button', { name: /^Copy #/ })
      .click();
    await expect(toast(page)).toContainText('Copied');
  });

  test('a search made again after the palette changed says which paints are in the palette now', async ({ page }) => {
    await open(page);
    await generateWithout(page, 'Hague Blue');
    await searchBox(page).click();
    await page.keyboard.type('hague blue');
    const row = results(page).first();
    await expect(row.locator('.result-name')).toHaveText('Hague Blue');
    await row.getByRole('button', { name: 'Add Hague Blue to palette' }).click();
    await expect(row.getByRole('button', { name: 'Hague Blue is in your palette' })).toBeVisible();
    await searchBox(page).click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(results(page)).toHaveCount(0);
    // The list, unseen now, last saw Hague Blue in the palette; the palette changes without it.
    await strips(page).getByRole('button', { name: 'Remove Hague Blue' }).click();
    await expect(strips(page).filter({ hasText: 'Hague Blue' })).toHaveCount(0);
    await searchBox(page).click();
    await page.keyboard.type('hague blue');
    await expect(row.locator('.result-name')).toHaveText('Hague Blue');
    await expect(row.getByRole('button', { name: 'Add Hague Blue to palette' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Hague Blue is in your palette' })).toHaveCount(0);
  });

  test('finds numbers, hex codes and typos', async ({ page }) => {
    await open(page);
    await searchBox(page).fill('No. 30');
    await expect(firstResultName(page)).toHaveText('Hague Blue');
    await searchBox(page).fill('30');
    await expect(firstResultName(page)).toHaveText('Hague Blue');
    for (const hex of ['#3d4e57', '3D4E57']) {
      await searchBox(page).fill(hex);
      await expect(count(page)).toHaveText('Showing 1 colour');
      await expect(firstResultName(page)).toHaveText('Hague Blue');
    }
    await searchBox(page).fill('#3d4e');
    await expect(firstResultName(page)).toHaveText('Hague Blue');
    await expect(page.getByText(/closest paints come first/)).toHaveCount(0);
    await searchBox(page).fill('#3d4e58');
    await expect(page.getByText('No paint is exactly #3D4E58: the closest paints come first.')).toBeVisible();
    await expect(count(page)).toHaveText('Showing 12 colours');
    await expect(results(page).locator('.result-name').nth(0)).toHaveText(/Hague Blue|Blue 07/);
    await searchBox(page).fill('elephnt');
    await expect(firstResultName(page)).toHaveText("Elephant's Breath");
    await searchBox(page).fill('hauge blue');
    await expect(firstResultName(page)).toHaveText('Hague Blue');
    await searchBox(page).fill('qqqqzz');
    await expect(count(page)).toHaveText('Showing 0 colours');
    await expect(page.getByText('No colours match these filters.')).toBeVisible();
  });

  test('each keystroke queries the worker, and the last one wins', async ({ page }) => {
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await open(page);
    await searchBox(page).pressSequentially('hague blu', { delay: 0 });
    await expect(firstResultName(page)).toHaveText('Hague Blue');
    await expect(count(page)).toHaveText('Showing 1 colour');
    await expect(page.locator('.results')).toHaveAttribute('data-results-for', '["hague blu",null,null]');
    expect(workers.some((url) => /search\.worker/.test(url))).toBe(true);
  });

  test('a catalogue too large to search in the page: the worker answers, and each answer names the right paints', async ({
    page,
  }) => {
    // 2 600 more paints than the real file: past the size the page answers itself (MAIN_THREAD_MAX),
    // so the worker keeps the index and answers with catalogue positions the page turns into paints.
    await page.context().route(/\/assets\/catalogue[^/]*\.json$/, async (route) => {
      const response = await route.fetch();
      const file = (await response.json()) as { colors: Array<{ id: string; colorName: string }> };
      const more = Array.from({ length: 2600 }, (_, i) => ({
        ...file.colors[i % file.colors.length],
        id: `test-shade-${i}`,
        colorName: `Test Shade ${i}`,
      }));
      await route.fulfill({ response, json: { ...file, colors: [...file.colors, ...more] } });
    });
    await open(page);
    // One of the added paints (its position is past the real ones) and one of the real ones.
    for (const [typed, name] of [
      ['test shade 2599', 'Test Shade 2599'],
      ['hague', 'Hague Blue'],
    ] as const) {
      await searchBox(page).click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(typed);
      await expect(firstResultName(page)).toHaveText(name);
      await expect(count(page)).toHaveText('Showing 1 colour');
    }
    // A one-letter query: thousands of positions in one answer.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('t');
    await expect(count(page)).toHaveText(/^Showing [2-9]\d{3} colours$/);
  });

  test('without workers the same search runs on the main thread', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'Worker', { value: undefined, configurable: true });
    });
    await open(page);
    await searchBox(page).fill('hauge');
    await expect(firstResultName(page)).toHaveText('Hague Blue');
    await page.getByRole('button', { name: 'Hague Blue', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Hague Blue' });
    await expect(dialog.getByRole('heading', { name: 'Lick' })).toBeVisible();
  });
});

test.describe('suggestions', () => {
  test('show up to 8, move with the arrows, open a colour with Enter', async ({ page }) => {
    await open(page);
    await searchBox(page).fill('blue');
    await expect(options(page)).toHaveCount(8);
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
    await searchBox(page).press('ArrowDown');
    await expect(options(page).nth(0)).toHaveAttribute('aria-selected', 'true');
    await searchBox(page).press('ArrowDown');
    await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options(page).nth(0)).toHaveAttribute('aria-selected', 'false');
    await searchBox(page).press('ArrowUp');
    await searchBox(page).press('ArrowUp');
    await expect(options(page).nth(7)).toHaveAttribute('aria-selected', 'true');
    const chosen = (await options(page).nth(7).locator('.search-suggestion-name').textContent()) ?? '';
    await searchBox(page).press('Enter');
    await expect(page.getByRole('dialog', { name: chosen })).toBeVisible();
    await expect(searchBox(page)).toHaveValue(chosen);
  });

  test('Escape hides them, a second Escape clears the search', async ({ page }) => {
    await open(page);
    // Escape straight after typing, before any answer: it closes the list, it does not wipe the words.
    await searchBox(page).fill('hague');
    await searchBox(page).press('Escape');
    await expect(searchBox(page)).toHaveValue('hague');
    await searchBox(page).fill('');
    await searchBox(page).fill('hague');
    await expect(options(page)).toHaveCount(1);
    await searchBox(page).press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(searchBox(page)).toHaveValue('hague');
    await searchBox(page).press('Escape');
    await expect(searchBox(page)).toHaveValue('');
    await expect(strips(page)).toHaveCount(5);
  });

  test("a new search's suggestions are its own, and a closed list takes no taps", async ({ page }) => {
    await open(page);
    await searchBox(page).click();
    await page.keyboard.type('green');
    await expect(options(page)).toHaveCount(8);
    await searchBox(page).press('Escape');
    await searchBox(page).press('Escape');
    await expect(options(page)).toHaveCount(0);
    await expect(strips(page)).toHaveCount(5);
    // The closed list lay over the first strip: a tap there reaches the strip.
    const lock = strips(page)
      .first()
      .getByRole('button', { name: /^Lock / });
    await lock.click();
    await expect(lock).toHaveAttribute('aria-pressed', 'true');
    await searchBox(page).click();
    await page.keyboard.type('hague');
    await expect(options(page)).toHaveCount(1);
    await expect(options(page).first()).toContainText('Hague Blue');
    await page.getByRole('option', { name: /Hague Blue/ }).click();
    await expect(page.getByRole('dialog', { name: 'Hague Blue' })).toBeVisible();
  });

  test('a click on a suggestion opens it', async ({ page }) => {
    await open(page);
    await searchBox(page).fill('arsenic');
    await page.getByRole('option', { name: /Arsenic/ }).click();
    await expect(page.getByRole('dialog', { name: 'Arsenic' })).toBeVisible();
  });

  test('are hidden 200 ms after the box loses focus', async ({ page }) => {
    await page.clock.install();
    await open(page);
    await searchBox(page).fill('hague');
    await expect(options(page)).toHaveCount(1);
    // Time flows on its own after install(); stop it so the 150 ms below are the only time that passes.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.getByRole('combobox', { name: 'Supplier' }).focus();
    await page.clock.runFor(150);
    await expect(options(page)).toHaveCount(1);
    await page.clock.runFor(100);
    await expect(page.getByRole('listbox')).toHaveCount(0);
  });
});

test.describe('filters and chips', () => {
  test('supplier and category filters, alone and with a search, with removable chips', async ({ page }) => {
    await open(page);
    const supplier = page.getByRole('combobox', { name: 'Supplier' });
    const category = page.getByRole('combobox', { name: 'Colour category' });
    // 'All categories' and each category that has paints ('Other' has none).
    await expect(category.locator('option')).toHaveCount(12);
    await supplier.selectOption('Lick');
    await expect(count(page)).toHaveText('Showing 99 colours');
    await supplier.selectOption('Little Greene');
    await expect(count(page)).toHaveText('Showing 204 colours');
    await supplier.selectOption('Farrow & Ball');
    await expect(count(page)).toHaveText('Showing 144 colours');

    await category.selectOption('Blues');
    await searchBox(page).fill('blue');
    await expect(options(page)).toHaveCount(8);
    await searchBox(page).press('Escape');
    await expect(firstResultName(page)).toBeVisible();
    for (const row of await results(page).all()) {
      await expect(row.locator('.result-meta')).toContainText('Farrow & Ball');
    }
    await expect(results(page).filter({ hasText: 'Hague Blue' })).toHaveCount(1);
    const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('listitem');
    await expect(chips).toHaveText(['“blue”×', 'Farrow & Ball×', 'Blues×']);

    const before = await count(page).textContent();
    await page.getByRole('button', { name: 'Remove filter Farrow & Ball' }).click();
    await expect(supplier).toHaveValue('');
    await expect(count(page)).not.toHaveText(before ?? '');
    await expect(results(page).filter({ hasText: 'Lick' }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Remove filter “blue”' }).click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(count(page)).toHaveText(/^Showing \d+ colours$/);

    await supplier.selectOption('Lick');
    await page.getByRole('button', { name: 'Clear all' }).first().click();
    await expect(chips).toHaveCount(0);
    await expect(category).toHaveValue('');
    await expect(strips(page)).toHaveCount(5);
  });

  test('the list is virtualised yet scrolls to the last colour', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await open(page);
    await page.getByRole('combobox', { name: 'Supplier' }).selectOption('Little Greene');
    await expect(count(page)).toHaveText('Showing 204 colours');
    expect(await results(page).count()).toBeLessThan(30);
    // Below those in view, a few rows are drawn ahead, so a fling finds them there.
    const below = () =>
      results(page).evaluateAll((rows) => {
        const bottom = document.querySelector('.results-scroll')?.getBoundingClientRect().bottom ?? 0;
        return rows.filter((row) => row.getBoundingClientRect().top >= bottom).length;
      });
    await expect.poll(below).toBeGreaterThanOrEqual(2);
    await page.locator('.results-scroll').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect(results(page).last()).toHaveAttribute('aria-posinset', '204');
    await expect(results(page).last()).toBeInViewport();
  });
});

test.describe('result rows', () => {
  test('Copy, Add (results stay), buy link, then Palette Full at 10', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page);
    await generateWithout(page, 'Hague Blue');
    const held = new Set(await stripNames(page));
    await searchBox(page).fill('hague blue');
    const row = results(page).first();
    await row.getByRole('button', { name: 'Copy #3D4E57' }).click();
    await expect(toast(page)).toContainText('Copied #3D4E57');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('#3D4E57');

    const buy = row.getByRole('link', { name: 'Buy Hague Blue' });
    await expect(buy).toHaveAttribute('href', /^https:\/\/www\.farrow-ball\.com\//);
    await expect(buy).toHaveAttribute('target', '_blank');

    await row.getByRole('button', { name: 'Add Hague Blue to palette' }).click();
    await expect(toast(page)).toContainText('Added Hague Blue to palette');
    await expect(searchBox(page)).toHaveValue('hague blue');
    await expect(firstResultName(page)).toHaveText('Hague Blue');

    // Hague Blue is a strip now: its row says so instead of offering Add, and a press explains.
    await expect(row.getByRole('button', { name: 'Add Hague Blue to palette' })).toHaveCount(0);
    const inPalette = row.getByRole('button', { name: 'Hague Blue is in your palette' });
    await expect(inPalette).toHaveText('In palette');
    await inPalette.click();
    await expect(toast(page)).toContainText('Hague Blue is already in your palette');
    // Four other paints fill it up.
    // Four greys the palette does not hold yet (the random start palette may hold one) fill it up.
    held.add('Hague Blue');
    expect(held.size).toBe(6);
    await searchBox(page).fill('grey');
    await fillFromResults(page, held);
    // Full: no row offers Add any more; the ones not in the palette say Palette Full.
    await expect(results(page).getByRole('button', { name: /^Add / })).toHaveCount(0);
    await expect(results(page).getByRole('button', { name: 'Palette Full' }).first()).toBeDisabled();
    await searchBox(page).fill('white');
    await expect(results(page).getByRole('button', { name: /^Add / })).toHaveCount(0);
    await expect(results(page).getByRole('button', { name: 'Palette Full' }).first()).toBeDisabled();

    await expect(options(page)).toHaveCount(8);
    await searchBox(page).press('Escape');
    await page.getByRole('button', { name: 'Clear all' }).first().click();
    await expect(strips(page)).toHaveCount(10);
  });
});

test.describe('detail modal', () => {
  test('shows the facts and acts on the colour', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page);
    await generateWithout(page, 'Hague Blue');
    await searchBox(page).fill('hague');
    await expect(options(page)).toHaveCount(1);
    await searchBox(page).press('Escape');
    await results(page).first().locator('.result-swatch').click();
    const dialog = page.getByRole('dialog', { name: 'Hague Blue' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('dd')).toContainText(['Farrow & Ball', 'No. 30', '#3D4E57']);
    // No published LRV for Farrow & Ball: the figure says it is an estimate and from what.
    const lrv = dialog.locator('dd').filter({ hasText: 'estimated' });
    await expect(lrv).toHaveText(/^\d+ \(estimated from the screen colour\)$/);
    const figure = (await lrv.textContent())?.split(' ')[0];
    // The description quotes the same figure and a lightness word that fits a deep blue-grey.
    const description = dialog.locator('.detail-description');
    await expect(description).toContainText(`LRV ${figure} (estimated)`);
    await expect(description).toHaveText(/\bdark\b.*\bblue\b|\bblue\b.*\bdark\b/);
    await expect(dialog.locator('.detail-finishes li')).toHaveCount(8);
    await expect(dialog.getByRole('link', { name: 'Buy This Colour' })).toHaveAttribute(
      'href',
      'https://www.farrow-ball.com/paint/hague-blue',
    );
    await dialog.getByRole('button', { name: 'Copy Colour Code' }).click();
    await expect(toast(page)).toContainText('Copied #3D4E57');
    await dialog.getByRole('button', { name: 'Add to Palette' }).click();
    await expect(toast(page)).toContainText('Added Hague Blue to palette');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(searchBox(page)).toHaveValue('hague');
  });

  test('says where a published LRV comes from, and calls it no estimate', async ({ page }) => {
    await open(page);
    await searchBox(page).fill('hicks');
    await expect(options(page)).toHaveCount(1);
    await searchBox(page).press('Escape');
    await results(page).first().locator('.result-swatch').click();
    const dialog = page.getByRole('dialog', { name: "Hicks' Blue" });
    await expect(dialog).toBeVisible();
    const lrv = dialog.locator('dd').filter({ hasText: 'published' });
    await expect(lrv).toHaveText(/^\d+ \(published by Little Greene\)$/);
    await expect(dialog.locator('dd').filter({ hasText: 'estimated' })).toHaveCount(0);
    const figure = (await lrv.textContent())?.split(' ')[0];
    await expect(dialog.locator('.detail-description')).toContainText(`LRV ${figure}`);
    await expect(dialog.locator('.detail-description')).not.toContainText('estimated');
  });

  test('lists the closest colours in the other two brands, each addable and openable', async ({ page }) => {
    await open(page);
    await generateWithout(page, 'Blue 07');
    await searchBox(page).fill('hague blue');
    await page.getByRole('button', { name: 'Hague Blue', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Hague Blue' });
    const closest = dialog.getByRole('region', { name: 'Closest in other brands' });
    await expect(closest.getByRole('heading', { level: 4 })).toHaveText(['Lick', 'Little Greene']);
    await expect(closest.getByRole('listitem')).toHaveCount(6);
    const lickFirst = closest.getByRole('listitem').first();
    await expect(lickFirst).toContainText('Blue 07');
    await expect(lickFirst).toContainText('very close');
    await lickFirst.getByRole('button', { name: 'Add Blue 07 to palette' }).click();
    await expect(toast(page)).toContainText('Added Blue 07 to palette');
    await lickFirst.getByRole('button', { name: 'Blue 07', exact: true }).click();
    const other = page.getByRole('dialog', { name: 'Blue 07' });
    await expect(other).toBeVisible();
    await expect(other.getByRole('heading', { level: 4 })).toHaveText(['Farrow & Ball', 'Little Greene']);
  });

  test("at 10 colours Add to Palette says 'Maximum 10 colours in palette'", async ({ page }) => {
    await open(page);
    const held = new Set(await strips(page).locator('.palette-strip-name').allTextContents());
    await searchBox(page).fill('blue');
    // Five blues the palette does not hold yet (a paint already there is refused as a duplicate).
    let i = await fillFromResults(page, held);
    let row = results(page).nth(i);
    while (held.has((await row.locator('.result-name').textContent()) ?? '')) row = results(page).nth(++i);
    await expect(row.getByRole('button', { name: 'Palette Full' })).toBeDisabled();
    const name = (await row.locator('.result-name').textContent()) ?? '';
    await row.locator('.result-name').click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.getByRole('button', { name: 'Add to Palette' }).click();
    await expect(toast(page)).toContainText('Maximum 10 colours in palette');
  });
});

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`search bar, suggestions, results and detail pass axe (${theme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.addInitScript((dark) => localStorage.setItem('darkMode', String(dark)), theme === 'dark');
      await open(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.getByRole('combobox', { name: 'Supplier' }).selectOption('Farrow & Ball');
      await searchBox(page).fill('blue');
      await expect(options(page)).toHaveCount(8);
      await searchBox(page).press('ArrowDown');
      const bar = await new AxeBuilder({ page }).include('.search-bar').include('.results').analyze();
      expect(bar.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
      await searchBox(page).press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { level: 4 }).first()).toBeVisible();
      const detail = await new AxeBuilder({ page }).include('dialog').analyze();
      expect(detail.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    });
  }

  test('Tab walks on past the rows first drawn: the virtual list keeps rendering ahead of focus', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await open(page);
    await page.getByRole('combobox', { name: 'Supplier' }).selectOption('Little Greene');
    await expect(count(page)).toHaveText('Showing 204 colours');
    const drawn = await results(page).count();
    await results(page).first().locator('.result-name').focus();
    const position = () =>
      page.evaluate(() => Number(document.activeElement?.closest('li[aria-posinset]')?.getAttribute('aria-posinset')));
    for (let i = 0; i < 4 * (drawn + 5); i++) await page.keyboard.press('Tab');
    expect(await position()).toBeGreaterThan(drawn + 4);
    await expect(page.locator(':focus')).toBeInViewport();
  });

  test('works by keyboard alone: filter, search, open, add, close', async ({ page }) => {
    await open(page);
    await generateWithout(page, 'Arsenic');
    await searchBox(page).focus();
    await page.keyboard.type('arsenic');
    await expect(options(page)).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Arsenic' });
    await expect(dialog).toBeVisible();
    const add = dialog.getByRole('button', { name: 'Add to Palette' });
    for (let i = 0; i < 10 && !(await add.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(add).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page)).toContainText('Added Arsenic to palette');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(searchBox(page)).toBeFocused();
    // Focus came back to the box, but the suggestions stay closed until asked for again.
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toHaveCount(0);
    await page.keyboard.press('ArrowDown');
    await expect(options(page)).toHaveCount(1);
  });
});

/** Empties the box the way a person does: select everything in it, delete. */
async function clearByKeys(page: Page) {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await expect(searchBox(page)).toHaveValue('');
}

test.describe('typing, generating and reading as a person does', () => {
  test('short typos still find the colour; when nothing matches, Did you mean runs the likely search', async ({
    page,
  }) => {
    await open(page);
    await searchBox(page).click();
    await expect(searchBox(page)).toBeFocused();
    for (const typed of ['hage blue', 'hague bleu', 'hage']) {
      await page.keyboard.type(typed);
      await expect(searchBox(page)).toHaveValue(typed);
      await expect(page.locator('.results')).toHaveAttribute('data-results-for', JSON.stringify([typed, null, null]));
      await expect(count(page)).not.toHaveText('Showing 0 colours');
      await expect(firstResultName(page)).toHaveText('Hague Blue');
      await clearByKeys(page);
      await expect(strips(page)).toHaveCount(5);
    }

    await page.keyboard.type('hgaeu blue');
    await expect(count(page)).toHaveText('Showing 0 colours');
    const didYouMean = page.getByRole('button', { name: 'Did you mean Hague Blue?' });
    await expect(didYouMean).toBeVisible();
    await didYouMean.click();
    await expect(searchBox(page)).toHaveValue('Hague Blue');
    await expect(count(page)).toHaveText('Showing 1 colour');
    await expect(firstResultName(page)).toHaveText('Hague Blue');
    await expect(didYouMean).toHaveCount(0);
    // Focus went back to the box: the next keys refine the search.
    await expect(searchBox(page)).toBeFocused();
  });

  test('Generate with results on screen brings the palette back, drawn from the chosen supplier', async ({ page }) => {
    await open(page);
    const supplier = page.getByRole('combobox', { name: 'Supplier' });
    await supplier.selectOption('Farrow & Ball');
    await expect(count(page)).toHaveText('Showing 144 colours');
    await expect(strips(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Generate New Palette' }).click();
    await expect(strips(page)).toHaveCount(5);
    await expect(toast(page)).toContainText('New palette from Farrow & Ball only');
    for (const strip of await strips(page).all()) await expect(strip).toContainText('Farrow & Ball');
    // The choice stays visible, and stays in force for the next palette.
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Farrow & Ball');
    await expect(supplier).toHaveValue('Farrow & Ball');
    const first = await strips(page).allTextContents();
    await page.getByRole('button', { name: 'Generate New Palette' }).click();
    await expect.poll(() => strips(page).allTextContents()).not.toEqual(first);
    for (const strip of await strips(page).all()) await expect(strip).toContainText('Farrow & Ball');

    // Back to the paints of that supplier in one click; typing also shows results again.
    await page.getByRole('button', { name: 'Show matching paints' }).click();
    await expect(count(page)).toHaveText('Showing 144 colours');
    await expect(strips(page)).toHaveCount(0);
  });

  test('Generate after a search shows the new palette, not the hidden one', async ({ page }) => {
    await open(page);
    const before = await strips(page).allTextContents();
    await searchBox(page).click();
    await page.keyboard.type('hague');
    await expect(firstResultName(page)).toHaveText('Hague Blue');
    await page.getByRole('button', { name: 'Generate New Palette' }).click();
    await expect(strips(page)).toHaveCount(5);
    await expect.poll(() => strips(page).allTextContents()).not.toEqual(before);
    await expect(searchBox(page)).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  });

  test('with a supplier and category too few paints for a palette, Generate says so and changes nothing', async ({
    page,
  }) => {
    await open(page);
    await page.getByRole('combobox', { name: 'Supplier' }).selectOption('Lick');
    await page.getByRole('combobox', { name: 'Colour category' }).selectOption({ label: 'Navy (1)' });
    await expect(count(page)).toHaveText('Showing 1 colour');
    await page.getByRole('button', { name: 'Generate New Palette' }).click();
    await expect(toast(page)).toContainText('Only 1 Lick Navy paint: too few for a new palette');
    await expect(count(page)).toHaveText('Showing 1 colour');
  });

  test('the category list offers no empty categories, for any supplier', async ({ page }) => {
    await open(page);
    const supplier = page.getByRole('combobox', { name: 'Supplier' });
    const category = page.getByRole('combobox', { name: 'Colour category' });
    for (const brand of ['', 'Farrow & Ball', 'Lick', 'Little Greene']) {
      await supplier.selectOption(brand);
      await expect(category.locator('option').nth(1)).toHaveText(/\(\d+\)$/);
      const labels = await category.locator('option').allTextContents();
      expect(labels.filter((l) => /\(0\)/.test(l))).toEqual([]);
    }
  });

  test("'Closest in other brands' says how close in words, with ΔE in the tooltip", async ({ page }) => {
    await open(page);
    await searchBox(page).click();
    await page.keyboard.type('hague blue');
    await page.getByRole('button', { name: 'Hague Blue', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Hague Blue' });
    const labels = dialog.locator('.detail-closest-delta');
    await expect(labels).toHaveCount(6);
    for (const label of await labels.all()) {
      await expect(label).toHaveText(/^(same to the eye|very close|close|similar|different)$/);
      await expect(label).toHaveAttribute('title', /ΔE\): \d+\.\d\d$/);
    }
  });

  test('once search has loaded, each key shows its results in its own task: no wait for the worker', async ({
    page,
  }) => {
    await open(page);
    // Records, for each input event, whether the list already answers the box's new value by the
    // end of that event's task (a microtask queued after React's own flush).
    await page.evaluate(() => {
      const seen: boolean[] = [];
      (window as unknown as { answeredInTask: boolean[] }).answeredInTask = seen;
      addEventListener('input', (event) => {
        const value = (event.target as HTMLInputElement).value.trim();
        queueMicrotask(() => {
          const list = document.querySelector('.results');
          seen.push(list?.getAttribute('data-results-for') === JSON.stringify([value, null, null]));
        });
      });
    });
    await searchBox(page).click();
    // The late-loading part: the first search shows its answer, then the box is emptied again.
    await page.keyboard.type('white');
    await expect(count(page)).toHaveText(/^Showing \d+ colours$/);
    await clearByKeys(page);
    await page.evaluate(() => {
      (window as unknown as { answeredInTask: boolean[] }).answeredInTask.length = 0;
    });
    await page.keyboard.type('hague blue');
    await expect(firstResultName(page)).toHaveText('Hague Blue');
    const answered = await page.evaluate(() => (window as unknown as { answeredInTask: boolean[] }).answeredInTask);
    expect(answered).toHaveLength('hague blue'.length);
    expect(answered.every(Boolean)).toBe(true);
  });
});
