import type { Browser, Locator, Page } from '@playwright/test';
import { LAPTOP, openOn, PHONE } from './support/devices';
import { expect, test } from './support/fixtures';
import { strips } from './support/saved-flows';

/** The first screen as a newcomer meets it: what this is, room for the palette, toasts that keep out of the way. */

async function open(browser: Browser, baseURL: string, device: 'phone' | 'laptop', scheme: 'light' | 'dark') {
  const page = await openOn(browser, baseURL, device, scheme);
  await expect(strips(page)).toHaveCount(5);
  return page;
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
};
type Box = Awaited<ReturnType<typeof box>>;
const apart = (a: Box, b: Box) =>
  a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;

/** The toasts a person can see now (a toast only announced, not drawn, is no box on screen). */
const seenToasts = (page: Page) =>
  page.locator('.toast').evaluateAll((all) =>
    all
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 2 && r.height > 2)
      .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })),
  );

for (const scheme of ['light', 'dark'] as const) {
  test(`on a phone (${scheme}) the first screen says what this is and gives the palette the room`, async ({
    browser,
    server,
  }) => {
    const page = await open(browser, server.url, 'phone', scheme);
    await expect(page.getByText('Real paint colours by Farrow & Ball, Lick and Little Greene')).toBeInViewport({
      ratio: 1,
    });
    // The strips get most of the screen (57.5 % before the bars were slimmed, with no name row above
    // them; the palette's name now takes one short line of it).
    const list = await box(page.getByRole('list', { name: 'Current palette' }));
    expect(list.height / PHONE.height).toBeGreaterThanOrEqual(0.575);
    await page.context().close();
  });

  test(`on a phone (${scheme}) toasts keep off Export and Check and show one at a time`, async ({
    browser,
    server,
  }) => {
    const page = await open(browser, server.url, 'phone', scheme);
    const exportBox = await box(page.getByRole('button', { name: 'Export' }));
    const checkBox = await box(page.getByRole('button', { name: 'Check this palette' }));
    // Two quick taps, two toasts.
    const lock = strips(page)
      .nth(0)
      .getByRole('button', { name: /^(Lock|Unlock) / });
    await lock.tap();
    await lock.tap();
    // Both are in the live region (and so are said); only the newer is drawn.
    await expect(page.getByRole('status').locator('.toast')).toHaveCount(2);
    const seen = await seenToasts(page);
    expect(seen).toHaveLength(1);
    for (const toast of seen) {
      expect(apart(toast, exportBox)).toBe(true);
      expect(apart(toast, checkBox)).toBe(true);
    }
    await page.context().close();
  });

  test(`on a laptop (${scheme}) the palette reaches the right edge and the palette buttons say what they do`, async ({
    browser,
    server,
  }) => {
    const page = await open(browser, server.url, 'laptop', scheme);
    const list = await box(page.getByRole('list', { name: 'Current palette' }));
    expect(list.x + list.width).toBeGreaterThanOrEqual(LAPTOP.width - 1);
    for (const [name, words] of [
      ['Save palette', 'Save'],
      [/^Saved palettes/, 'Saved'],
      ['Extract palette from image', 'Extract'],
      ['Add colour', 'Add colour'],
    ] as const) {
      const button = page.getByRole('button', { name, exact: typeof name === 'string' }).filter({ visible: true });
      await expect(button).toBeInViewport({ ratio: 1 });
      // The words drawn beside the icon (CSS content, so they weigh nothing on the first paint's JS).
      const drawn = await button.evaluate((el) => getComputedStyle(el, '::after').content);
      expect(drawn).toBe(`"${words}"`);
      expect((await box(button)).width).toBeGreaterThan(60);
    }
    await page.context().close();
  });
}

test('on a laptop the tools of each colour show without a hover, and answer a touch and the keyboard', async ({
  browser,
  server,
}) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: LAPTOP, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/');
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
  await expect(strips(page)).toHaveCount(5);
  const third = strips(page).nth(2);
  // The pointer is nowhere near the strips: the tools are there to see all the same.
  const tools = [/^Reorder /, /^Copy #/, /^Lock /, /^Remove /];
  for (const name of tools) {
    const tool = third.getByRole('button', { name });
    await expect(tool).toBeInViewport({ ratio: 1 });
    expect(Number(await tool.evaluate((el) => getComputedStyle(el).opacity))).toBeGreaterThan(0.9);
  }
  // A tap on a laptop's touch screen locks it; Enter on the keyboard unlocks it.
  const lock = third.getByRole('button', { name: /^Lock / });
  await lock.tap();
  await expect(lock).toHaveAttribute('aria-pressed', 'true');
  await lock.press('Enter');
  await expect(lock).toHaveAttribute('aria-pressed', 'false');
  await context.close();
});
