import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { CompactCatalogue } from '../../shared/catalogue/types';
import { throttle } from '../support/phone-profile';
import { ROOT } from '../support/server-process';
import { expect, test } from './support/fixtures';
import { holdRequests } from './support/hold-requests';
import { PASSWORD, uniqueEmail } from './support/saved-flows';
import { stripIds, strips } from './support/service-worker';

// The catalogue the server draws from, read here from the file, not from the app.
const catalogue = JSON.parse(readFileSync(join(ROOT, 'data/generated/catalogue.json'), 'utf8')) as CompactCatalogue;
const paintsOf = (brand: string) => catalogue.colors.filter((c) => c.brand === brand).length;
const paintsIn = (category: string) => catalogue.colors.filter((c) => c.category === category).length;

const lockStates = (page: Page) =>
  strips(page).evaluateAll((items) => items.map((el) => el.classList.contains('is-locked')));
const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme ?? null);
const chips = (page: Page) => page.getByRole('list', { name: 'Active filters' }).getByRole('listitem');
const count = (page: Page) => page.locator('#results-count');
const isLive = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'));

// Slow 4G and a slow CPU make every step of coming alive slow; the late parts may take a while.
const LIVE = { timeout: 30_000 };

/**
 * Opens `/` on the phone profile (slow 4G, CPU `rate` × slower) and holds the app's script until
 * the person has acted, so what they touch is the server's painted page before it is live. `live()`
 * lets the script through and waits for the app to be ready.
 */
async function openPainted(page: Page, rate: number) {
  await throttle(page, rate);
  const release = await holdRequests(page, /\/assets\/index-[\w-]+\.js$/);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(strips(page)).toHaveCount(5);
  return {
    before: { ids: await stripIds(page), theme: await theme(page) },
    async live() {
      // What was done above was done on the painted page, before the app was live.
      expect(await isLive(page)).toBe(false);
      release();
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'), null, LIVE);
    },
  };
}

/** The console's errors and the page's uncaught ones: React's hydration mismatches among them. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Each strip shows its own paint, read from the catalogue file: name, hex and its buttons' names. */
async function expectStripsShow(page: Page, ids: readonly string[]) {
  await expect(strips(page)).toHaveCount(ids.length);
  for (const [i, id] of ids.entries()) {
    const paint = catalogue.colors.find((c) => c.id === id);
    expect(paint, `${id} is a catalogue paint`).toBeDefined();
    const name = paint?.colorName ?? '';
    const hex = paint?.hexCode ?? '';
    const strip = strips(page).nth(i);
    await expect(strip.locator('.palette-strip-name')).toHaveText(name);
    await expect(strip.locator('.palette-strip-hex')).toHaveText(hex);
    for (const label of [`Lock ${name}`, `Copy ${hex}`, `Remove ${name}`, `Expand ${name}`])
      await expect(strip.getByRole('button', { name: label, exact: true, includeHidden: true })).toHaveCount(1);
  }
}

/** New paints: all different, none of them one of `before`'s. */
function expectFresh(ids: readonly string[], before: readonly string[]) {
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) expect(before).not.toContain(id);
}

/** The palette a tap before live showed: five new paints, none of the painted ones. */
async function earlyPalette(page: Page, before: readonly string[]): Promise<string[]> {
  await expect.poll(() => stripIds(page)).not.toEqual(before);
  const early = await stripIds(page);
  expect(early).toHaveLength(5);
  expectFresh(early, before);
  return early;
}

/** Once live and settled, the strips still show `early`: the tap took effect once. */
async function expectKeptOnceLive(page: Page, page0: { live(): Promise<void> }, early: readonly string[]) {
  await page0.live();
  await settled(page);
  expect(await stripIds(page)).toEqual(early);
  await expectStripsShow(page, early);
}

/** Once nothing more is on its way (every chunk fetched, two frames painted): nothing applies twice later. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

for (const rate of [4, 6]) {
  test.describe(`between first paint and live, CPU ${rate}× slower on slow 4G: each input takes effect once`, () => {
    test('choosing a supplier filters to its paints', async ({ page }) => {
      const page0 = await openPainted(page, rate);
      await page.getByRole('combobox', { name: 'Supplier' }).selectOption('Farrow & Ball');
      await page0.live();
      await expect(count(page)).toHaveText(`Showing ${paintsOf('Farrow & Ball')} colours`, LIVE);
      await expect(chips(page)).toHaveText(['Farrow & Ball×']);
      await expect(page.getByRole('combobox', { name: 'Supplier' })).toHaveValue('Farrow & Ball');
    });

    test('choosing a category filters to its paints', async ({ page }) => {
      const page0 = await openPainted(page, rate);
      await page.getByRole('combobox', { name: 'Colour category' }).selectOption('Blues');
      await page0.live();
      await expect(count(page)).toHaveText(`Showing ${paintsIn('Blues')} colours`, LIVE);
      await expect(chips(page)).toHaveText(['Blues×']);
    });

    test('a tap on Generate makes one new palette', async ({ page }) => {
      const page0 = await openPainted(page, rate);
      await page.getByRole('button', { name: 'Generate New Palette' }).click();
      await page0.live();
      await expect.poll(() => stripIds(page), LIVE).not.toEqual(page0.before.ids);
      await settled(page);
      // One step of history: one Undo brings the painted palette back, and there is nothing before it.
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => stripIds(page)).toEqual(page0.before.ids);
      await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
    });

    test('a tap on Generate shows the new palette before the app is live; once live it is one step, and the app goes on from it', async ({
      page,
    }) => {
      const errors = errorsOf(page);
      const page0 = await openPainted(page, rate);
      await page.getByRole('button', { name: 'Generate New Palette' }).click();
      // On the painted page, the app's script still held back: the palette has changed already.
      const early = await earlyPalette(page, page0.before.ids);
      await expectStripsShow(page, early);
      await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled();
      await page0.live();
      await settled(page);
      // The tap took effect once: the same palette, and one Undo (Ctrl+Z) from the painted one.
      expect(await stripIds(page)).toEqual(early);
      await expectStripsShow(page, early);
      await page.keyboard.press('Control+z');
      await expect.poll(() => stripIds(page)).toEqual(page0.before.ids);
      await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
      await page.keyboard.press('Control+Shift+z');
      await expect.poll(() => stripIds(page)).toEqual(early);
      // Live: Generate draws anew, and a locked strip stays through it.
      await page.getByRole('button', { name: 'Generate New Palette' }).click();
      await expect.poll(() => stripIds(page)).not.toEqual(early);
      const third = await stripIds(page);
      await expectStripsShow(page, third);
      await strips(page).nth(2).hover();
      await strips(page)
        .nth(2)
        .getByRole('button', { name: /^Lock / })
        .click();
      await page.getByRole('button', { name: 'Generate New Palette' }).click();
      await expect.poll(() => stripIds(page)).not.toEqual(third);
      const fourth = await stripIds(page);
      expect(fourth[2]).toBe(third[2]);
      expect(await lockStates(page)).toEqual([false, false, true, false, false]);
      await expectStripsShow(page, fourth);
      expect(errors).toEqual([]);
    });

    test('Space on the painted page shows the new palette before the app is live, once', async ({ page }) => {
      const errors = errorsOf(page);
      const page0 = await openPainted(page, rate);
      await page.keyboard.press(' ');
      const early = await earlyPalette(page, page0.before.ids);
      await expectKeptOnceLive(page, page0, early);
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => stripIds(page)).toEqual(page0.before.ids);
      await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
      expect(errors).toEqual([]);
    });

    test('a lock and then Generate: both wait for the app, and the locked strip stays', async ({ page }) => {
      const errors = errorsOf(page);
      const page0 = await openPainted(page, rate);
      await strips(page).nth(1).hover();
      await strips(page)
        .nth(1)
        .getByRole('button', { name: /^Lock / })
        .click();
      await page.getByRole('button', { name: 'Generate New Palette' }).click();
      // Held in order: the painted page shows neither yet.
      expect(await stripIds(page)).toEqual(page0.before.ids);
      await page0.live();
      await expect.poll(() => stripIds(page), LIVE).not.toEqual(page0.before.ids);
      await settled(page);
      const after = await stripIds(page);
      expect(after[1]).toBe(page0.before.ids[1]);
      expect(new Set(after).size).toBe(5);
      expect(await lockStates(page)).toEqual([false, true, false, false, false]);
      await expectStripsShow(page, after);
      // Undo brings the painted palette back.
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => stripIds(page)).toEqual(page0.before.ids);
      expect(errors).toEqual([]);
    });

    test('a tap on a strip’s lock locks that strip', async ({ page }) => {
      const page0 = await openPainted(page, rate);
      await strips(page).nth(1).hover();
      await strips(page)
        .nth(1)
        .getByRole('button', { name: /^Lock / })
        .click();
      await page0.live();
      await expect.poll(() => lockStates(page), LIVE).toEqual([false, true, false, false, false]);
      await settled(page);
      expect(await lockStates(page)).toEqual([false, true, false, false, false]);
      expect(await stripIds(page)).toEqual(page0.before.ids);
    });

    test('S and then a typed name: the letters go into the name, not to the shortcuts', async ({ page }) => {
      // Signed in (else S asks to sign in first): S opens the name once the session check answers.
      await page.request.post('/api/auth/signup', { data: { email: uniqueEmail('live'), password: PASSWORD } });
      const page0 = await openPainted(page, rate);
      await page.keyboard.press('s');
      // D is dark mode, U unlock, S save, Space generate, E export, A add a colour: none of them here.
      await page.keyboard.type('Dusk sea');
      await page0.live();
      const dialog = page.getByRole('dialog', { name: 'Name Your Palette' });
      await expect(dialog.getByLabel('Palette name')).toHaveValue('Dusk sea', LIVE);
      await settled(page);
      await expect(dialog.getByLabel('Palette name')).toHaveValue('Dusk sea');
      expect(await theme(page)).toBe(page0.before.theme);
      expect(await stripIds(page)).toEqual(page0.before.ids);
      await expect(page.locator('.toast-region')).toBeEmpty();
    });

    test('typing in the search box searches for it once', async ({ page }) => {
      const page0 = await openPainted(page, rate);
      await page.getByRole('combobox', { name: 'Search colours' }).click();
      await page.keyboard.type('arsenic');
      await page0.live();
      await expect(
        page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: /Arsenic/ }),
      ).toBeVisible(LIVE);
      await expect(chips(page)).toHaveText(['“arsenic”×']);
      await expect(page.getByRole('combobox', { name: 'Search colours' })).toHaveValue('arsenic');
    });

    test('a tap on Export opens its menu', async ({ page }) => {
      const page0 = await openPainted(page, rate);
      await page.getByRole('button', { name: 'Export' }).click();
      await page0.live();
      await expect(page.getByRole('menu', { name: 'Export' })).toBeVisible(LIVE);
      await settled(page);
      await expect(page.getByRole('menu', { name: 'Export' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Export' })).toHaveAttribute('aria-expanded', 'true');
    });

    test('a tap on Sign In opens the sign-in dialog', async ({ page }) => {
      const page0 = await openPainted(page, rate);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page0.live();
      await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible(LIVE);
      await settled(page);
      await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('a tap on the footer’s Generate shows the new palette before the app is live, once', async ({ page }) => {
    const errors = errorsOf(page);
    const page0 = await openPainted(page, 4);
    await page.getByRole('navigation', { name: 'Palette actions' }).getByRole('button', { name: 'Generate' }).tap();
    const early = await earlyPalette(page, page0.before.ids);
    await expectKeptOnceLive(page, page0, early);
    await page.getByRole('navigation', { name: 'Palette actions' }).getByRole('button', { name: 'Generate' }).tap();
    await expect.poll(() => stripIds(page)).not.toEqual(early);
    expect(errors).toEqual([]);
  });
});

test('with a supplier chosen on an earlier visit, a Generate tapped before the app is live draws from it and says so once live', async ({
  page,
}) => {
  const errors = errorsOf(page);
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Supplier' }).selectOption('Lick');
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'swatchbook_palette')?.value ?? '')
    .toContain('b=Lick');
  const page0 = await openPainted(page, 4);
  await page.getByRole('button', { name: 'Generate New Palette' }).click();
  await expect.poll(() => stripIds(page)).not.toEqual(page0.before.ids);
  const early = await stripIds(page);
  expectFresh(early, page0.before.ids);
  for (const id of early) expect(catalogue.colors.find((c) => c.id === id)?.brand).toBe('Lick');
  // Watched from now: the words show as the page goes live and stay 2 s, which a loaded machine
  // could spend before the test had seen the page live.
  const said = expect(page.getByRole('status').filter({ hasText: 'New palette from Lick only' })).toBeVisible(LIVE);
  await page0.live();
  await said;
  expect(errors).toEqual([]);
});

test('with the catalogue still on its way, a Generate tapped on the painted page answers once the page is live, with real paints, and only once', async ({
  page,
}) => {
  // React's own complaints too: a palette changed before the strips hydrated is markup thrown away.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The whole catalogue (30 KiB) is held back: what answers is what the page itself carries.
  const releaseCatalogue = await holdRequests(page, /\/assets\/catalogue-[\w-]+\.json$/);
  const page0 = await openPainted(page, 4);
  await page.getByRole('button', { name: 'Generate New Palette' }).click();
  await page0.live();
  await expect.poll(() => stripIds(page), LIVE).not.toEqual(page0.before.ids);
  const early = await stripIds(page);
  expect(early).toHaveLength(5);
  expect(new Set(early).size).toBe(5);
  for (const [i, id] of early.entries()) {
    expect(page0.before.ids).not.toContain(id);
    const paint = catalogue.colors.find((c) => c.id === id);
    expect(paint, `${id} is a catalogue paint`).toBeDefined();
    await expect(strips(page).nth(i)).toContainText(paint?.colorName ?? '');
  }
  // The catalogue arrives: nothing changes again, and the palette is one Undo from the painted one.
  releaseCatalogue();
  await settled(page);
  expect(await stripIds(page)).toEqual(early);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => stripIds(page)).toEqual(page0.before.ids);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  // Live with the whole catalogue now: Generate draws from all of it as before.
  await page.getByRole('button', { name: 'Generate New Palette' }).click();
  await expect.poll(() => stripIds(page)).not.toEqual(page0.before.ids);
  expect(errors).toEqual([]);
});
