import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectSignedIn, openApp, signUpByApi, uniqueEmail } from './support/saved-flows';

const strips = (page: Page) => page.getByRole('list', { name: 'Current palette' }).getByRole('listitem');
const SHOTS = process.env.LAYOUT_SHOTS ?? '/tmp/swatchbook-layout';

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((dark) => localStorage.setItem('darkMode', dark), String(theme === 'dark'));
}

/** Opens the app and waits for what arrives late: the palette, and drag and drop on the handles. */
async function open(page: Page, theme: 'light' | 'dark') {
  await setTheme(page, theme);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(strips(page)).toHaveCount(5);
  await expect(page.locator('.strip-handle[aria-disabled]')).toHaveCount(0);
}

/** Grows the palette to ten colours with the Add button the person can see, as they would. */
async function addUpToTen(page: Page, press: (button: Locator) => Promise<void>) {
  const add = page.getByRole('button', { name: 'Add colour', exact: true }).filter({ visible: true });
  for (let count = 6; count <= 10; count++) {
    await press(add);
    await expect(strips(page)).toHaveCount(count);
  }
}

interface TextProblem {
  strip: number;
  part: string;
  text: string;
  problem: string;
}

/**
 * What a person can read on each strip: for its name, brand line and hex, every line of text lies
 * inside its strip and the window, is not cut off by its box, and the page shows that very text at
 * both ends and the middle of the line (nothing floats over it, no neighbour paints over it).
 */
async function unreadableTexts(page: Page, only?: number[]): Promise<TextProblem[]> {
  return strips(page).evaluateAll((all, only) => {
    const items = only ? all.filter((_, i) => only.includes(i)) : all;
    const problems: TextProblem[] = [];
    const inside = (inner: DOMRect, outer: DOMRect) =>
      inner.left >= outer.left - 0.5 &&
      inner.right <= outer.right + 0.5 &&
      inner.top >= outer.top - 0.5 &&
      inner.bottom <= outer.bottom + 0.5;
    const viewport = new DOMRect(0, 0, window.innerWidth, window.innerHeight);
    items.forEach((strip, at) => {
      const index = only?.[at] ?? at;
      const stripBox = strip.getBoundingClientRect();
      for (const part of ['name', 'brand', 'hex']) {
        const element = strip.querySelector<HTMLElement>(`.palette-strip-${part}`);
        const text = element?.textContent ?? '';
        const report = (problem: string) => problems.push({ strip: index + 1, part, text, problem });
        if (!element) {
          report('missing');
          continue;
        }
        if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)
          report('cut off by its box');
        const range = document.createRange();
        range.selectNodeContents(element);
        const lines = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        if (lines.length === 0) report('not laid out');
        for (const line of lines) {
          if (!inside(line, stripBox)) report('runs outside its strip');
          if (!inside(line, viewport)) report('outside the window');
          const y = line.top + line.height / 2;
          for (const x of [line.left + 2, line.left + line.width / 2, line.right - 2]) {
            const hit = document.elementFromPoint(x, y);
            if (!hit || !element.contains(hit)) {
              report(`covered at x=${Math.round(x)} by ${hit ? hit.className || hit.tagName : 'nothing'}`);
              break;
            }
          }
        }
      }
    });
    return problems;
  }, only);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`layout, ${theme}: a phone with ten colours`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('every strip is on screen and its name, brand and hex read whole', async ({ page }) => {
      await open(page, theme);
      await addUpToTen(page, (button) => button.tap());
      await page.screenshot({ path: `${SHOTS}/phone-10-${theme}.png` });
      expect(await unreadableTexts(page)).toEqual([]);
      // Nothing sits in an inner scroll: the tenth strip is as visible as the first.
      const last = strips(page).nth(9);
      await expect(last).toBeInViewport({ ratio: 1 });
      // Expanding a strip shows its details and tools; the list then scrolls, and says so.
      const expand = strips(page)
        .nth(8)
        .getByRole('button', { name: /^Expand / });
      await expand.tap();
      await expect(strips(page).nth(8).locator('.palette-strip-details')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/phone-10-expanded-${theme}.png` });
      await strips(page).nth(9).scrollIntoViewIfNeeded();
      await expect(last.locator('.palette-strip-hex')).toBeInViewport({ ratio: 1 });
    });
  });

  test.describe(`layout, ${theme}: the phone's bar above the footer`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('with a colour locked, undo, redo, unlock all, extract and the style picker each show whole', async ({
      page,
    }) => {
      await open(page, theme);
      await strips(page)
        .nth(4)
        .getByRole('button', { name: /^Lock / })
        .tap();
      const controls = [
        page.getByRole('button', { name: 'Undo' }),
        page.getByRole('button', { name: 'Redo' }),
        page.getByRole('button', { name: 'Unlock all colours' }),
        page.getByRole('button', { name: 'Extract palette from image' }),
        page.getByRole('combobox', { name: 'Palette style' }),
      ];
      const boxes = [];
      for (const control of controls) {
        await expect(control).toBeInViewport({ ratio: 1 });
        const box = await control.boundingBox();
        if (!box) throw new Error('a control has no box');
        boxes.push(box);
      }
      // No two overlap, so a finger meets the control it aims at.
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) {
          const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
          expect(apart, `${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(true);
        }
      }
      await page.screenshot({ path: `${SHOTS}/phone-bar-${theme}.png` });
    });
  });

  test.describe(`layout, ${theme}: a desktop with ten colours`, () => {
    test.use({ viewport: { width: 1366, height: 800 } });

    test('the floating buttons cover no strip text', async ({ page }) => {
      await open(page, theme);
      await addUpToTen(page, (button) => button.click());
      // Lock one colour, so the Unlock all button joins the floating column too.
      await strips(page).nth(9).hover();
      await strips(page)
        .nth(9)
        .getByRole('button', { name: /^Lock / })
        .click();
      await expect(page.getByRole('button', { name: 'Unlock all colours' })).toBeVisible();
      await page.mouse.move(683, 20);
      await page.screenshot({ path: `${SHOTS}/desktop-10-${theme}.png` });
      expect(await unreadableTexts(page)).toEqual([]);
    });

    test('hovering a strip reveals its description in place and moves nothing', async ({ page }) => {
      await open(page, theme);
      await addUpToTen(page, (button) => button.click());
      await page.mouse.move(683, 20);
      const boxes = () => strips(page).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
      const before = await boxes();
      const hovered = strips(page).nth(4);
      await hovered.hover();
      await expect(hovered.locator('.palette-strip-details')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/desktop-10-hover-${theme}.png` });
      expect(await boxes()).toEqual(before);
      expect(await unreadableTexts(page)).toEqual([]);
    });
  });
}

test.describe('layout: a phone signed in with a long address', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the header keeps the theme and menu buttons on screen; the address is cut short, not the page', async ({
    page,
  }) => {
    await signUpByApi(page, uniqueEmail('a-rather-long-name.for-the-header'));
    await openApp(page);
    await expectSignedIn(page);
    const inView = async (name: string | RegExp) => {
      const box = (await page.getByRole('button', { name }).boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 390;
    };
    for (const name of [/^Account: /, /Switch to (dark|light) mode/, 'Menu']) {
      expect(await inView(name), `${name} inside the screen`).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The theme button works where it stands, with a tap.
    const before = await page.evaluate(() => document.documentElement.dataset.theme);
    await page.getByRole('button', { name: /Switch to (dark|light) mode/ }).tap();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).not.toBe(before);
  });
});

test.describe('layout: a short phone with ten colours', () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

  test('the list scrolls under a shadow that says more follows, and the last strip reads whole', async ({ page }) => {
    await open(page, 'light');
    await addUpToTen(page, (button) => button.tap());
    const list = page.getByRole('list', { name: 'Current palette' });
    const hint = () =>
      list.evaluate((el) => {
        const after = getComputedStyle(el, '::after');
        return { shown: after.content !== 'none', opacity: Number(after.opacity), height: after.height };
      });
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await expect.poll(async () => (await hint()).shown && (await hint()).opacity).toBeGreaterThan(0.5);
    await page.screenshot({ path: `${SHOTS}/short-phone-10-top.png` });
    // A real touch swipe up the list, as a thumb would.
    const box = await list.boundingBox();
    if (!box) throw new Error('the list is not laid out');
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(box.x + box.width / 3), y: Math.round(y) }],
      });
    const from = box.y + box.height - 10;
    const to = box.y + 10;
    await touch('touchStart', from);
    for (let i = 1; i <= 16; i++) await touch('touchMove', from + ((to - from) * i) / 16);
    await touch('touchEnd', to);
    await expect(strips(page).nth(9)).toBeInViewport({ ratio: 1 });
    await expect.poll(async () => (await hint()).opacity).toBeLessThan(0.1);
    await page.screenshot({ path: `${SHOTS}/short-phone-10-end.png` });
    expect(await unreadableTexts(page, [7, 8, 9])).toEqual([]);
  });
});

test.describe('layout: desktop pointer habits', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('dragging across the strips selects no text; the copy button still copies the hex', async ({
    page,
    context,
    server,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await open(page, 'light');
    const from = await strips(page).nth(0).locator('.palette-strip-name').boundingBox();
    const to = await strips(page).nth(3).locator('.palette-strip-hex').boundingBox();
    if (!from || !to) throw new Error('strip text is not laid out');
    await page.mouse.move(from.x + 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');

    const strip = strips(page).nth(2);
    const hex = (await strip.locator('.palette-strip-hex').textContent()) ?? '';
    await strip.hover();
    await strip.getByRole('button', { name: `Copy ${hex}` }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(hex);
  });
});
