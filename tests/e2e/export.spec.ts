import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Page } from '@playwright/test';
import { toExportPalette } from '../../shared/export/export-palette';
import { writePaletteCss } from '../../shared/export/css-export';
import { writePaletteSvg } from '../../shared/export/svg-export';
import { colorsById } from '../shared/export/support';
import { expect, test } from './support/fixtures';
import { saveCurrent } from './support/saved-flows';

const strips = (page: Page) => page.getByRole('list', { name: 'Current palette' }).getByRole('listitem');

/** What the user sees on the strips: the palette every export must match. */
async function visiblePalette(page: Page) {
  await expect(strips(page)).toHaveCount(5);
  const names = await strips(page).locator('.palette-strip-name').allTextContents();
  const hexes = await strips(page).locator('.palette-strip-hex').allTextContents();
  // "Farrow & Ball · No. 30", "Little Greene · 208" or "Lick": the paint as the shop knows it.
  const brands = await strips(page).locator('.palette-strip-brand').allTextContents();
  return { names, hexes, brands };
}

/** The supplier's number in a strip's brand line ("No. 30" → "30"), or null where it shows none. */
const numberIn = (brandLine: string) => /· (?:No\. )?(.+)$/.exec(brandLine)?.[1] ?? null;

const exportButton = (page: Page) => page.getByRole('button', { name: 'Export' });
// Phones have Share in the mobile footer instead of the bar: whichever the user can see.
const shareButton = (page: Page) => page.getByRole('button', { name: 'Share', exact: true }).filter({ visible: true });
const menuItem = (page: Page, label: string) => page.getByRole('menuitem', { name: new RegExp(`^${label}`) });

async function downloadVia(page: Page, act: () => Promise<unknown>): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), act()]);
  const path = await download.path();
  return { download, bytes: await readFile(path) };
}

async function exportVia(page: Page, label: string) {
  await exportButton(page).click();
  return downloadVia(page, () => menuItem(page, label).click());
}

/** Width and height from the PNG's IHDR chunk, read straight from the file's bytes. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Decodes the PNG in the page and reads the colour at each point as #RRGGBB. */
async function pixels(page: Page, bytes: Buffer, points: Array<[number, number]>): Promise<string[]> {
  return page.evaluate(
    async ({ base64, points }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([data], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      ctx.drawImage(bitmap, 0, 0);
      return points.map(([x, y]) => {
        const [r, g, b] = ctx.getImageData(x, y, 1, 1).data;
        return `#${[r, g, b].map((v) => (v ?? 0).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
      });
    },
    { base64: bytes.toString('base64'), points },
  );
}

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true });
const FILE_NAME = /^palette-\d{4}-\d{2}-\d{2}\.(png|svg|json|css)$/;

async function expectPngOfPalette(page: Page, bytes: Buffer, hexes: string[]) {
  expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
  // One full-width row per colour over the top 70 % (441 px): each row's left and right margins.
  const rows = hexes.map((_, i) => Math.round(((i + 0.5) * 441) / hexes.length));
  const margins = await pixels(page, bytes, [
    ...rows.flatMap(
      (y): Array<[number, number]> => [
        [3, y],
        [1196, y],
      ],
    ),
    [3, 438],
  ]);
  expect(margins).toEqual([...hexes.flatMap((h) => [h, h]), hexes.at(-1) as string]);
  expect(
    await pixels(page, bytes, [
      [3, 444],
      [600, 628],
    ]),
  ).toEqual(['#000000', '#000000']);
}

test.describe('share and export', () => {
  test('Share copies a link to this palette', async ({ page, context, server }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto('/');
    const { hexes } = await visiblePalette(page);
    await shareButton(page).click();
    await expect(toast(page, 'Link copied to clipboard!')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${server.url}/#palette=${hexes.map((h) => h.slice(1).toLowerCase()).join('-')}`);
  });

  test('Share still copies where the Clipboard API is missing, and says so when copying fails', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined });
      const copy = document.execCommand.bind(document);
      (window as unknown as { copied: string[] }).copied = [];
      document.execCommand = (command: string, ...rest: unknown[]) => {
        if (command === 'copy') {
          (window as unknown as { copied: string[] }).copied.push(String(window.getSelection()?.toString() ?? ''));
          return (window as unknown as { refuseCopy?: boolean }).refuseCopy !== true;
        }
        return copy(command, ...(rest as [boolean, string]));
      };
    });
    await page.goto('/');
    const { hexes } = await visiblePalette(page);
    await shareButton(page).click();
    await expect(toast(page, 'Link copied to clipboard!')).toBeVisible();
    const copied = await page.evaluate(() => (window as unknown as { copied: string[] }).copied);
    expect(copied.at(-1)).toContain(`/#palette=${hexes[0]?.slice(1).toLowerCase()}-`);
    await expect(shareButton(page)).toBeFocused();
    await page.evaluate(() => {
      (window as unknown as { refuseCopy: boolean }).refuseCopy = true;
    });
    await shareButton(page).click();
    await expect(toast(page, 'Failed to copy link')).toBeVisible();
  });

  test('on a phone with a share sheet, Share opens it; closing the sheet is no error', async ({ browser, server }) => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 375, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    // The OS share sheet is outside the browser: a stand-in records what it was given.
    await page.addInitScript(() => {
      const w = window as unknown as { shared: unknown[]; shareOutcome: string };
      w.shared = [];
      w.shareOutcome = 'ok';
      Object.defineProperty(navigator, 'share', {
        value: async (data: unknown) => {
          w.shared.push(data);
          if (w.shareOutcome !== 'ok') throw new DOMException('Share canceled', w.shareOutcome);
        },
      });
    });
    await page.goto('/');
    const { hexes } = await visiblePalette(page);
    await shareButton(page).click();
    const shared = () => page.evaluate(() => (window as unknown as { shared: Array<{ url: string }> }).shared);
    await expect.poll(async () => (await shared()).length).toBe(1);
    expect((await shared())[0]?.url).toBe(
      `${server.url}/#palette=${hexes.map((h) => h.slice(1).toLowerCase()).join('-')}`,
    );
    await page.evaluate(() => {
      (window as unknown as { shareOutcome: string }).shareOutcome = 'AbortError';
    });
    await shareButton(page).click();
    await expect.poll(async () => (await shared()).length).toBe(2);
    // A sheet that refuses (not a user's cancel) falls back to copying; by then any toast of the
    // cancelled share would be on screen too.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.evaluate(() => {
      (window as unknown as { shareOutcome: string }).shareOutcome = 'NotAllowedError';
    });
    await shareButton(page).click();
    await expect(toast(page, 'Link copied to clipboard!')).toHaveCount(1);
    await expect(page.locator('.toast-region')).not.toContainText('Failed');
    expect(await shared()).toHaveLength(3);
    await context.close();
  });

  test('exports a 1200×630 PNG: the colours over the top 70 %, a black caption below', async ({ page }) => {
    await page.goto('/');
    const { hexes } = await visiblePalette(page);
    const { download, bytes } = await exportVia(page, 'PNG');
    expect(download.suggestedFilename()).toMatch(FILE_NAME);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    await expectPngOfPalette(page, bytes, hexes);
    await expect(toast(page, 'Palette exported as image!')).toBeVisible();
    // Drawn off the main thread: the render worker is running.
    expect(page.workers().some((w) => /render/.test(w.url()))).toBe(true);
  });

  test('draws the PNG on the main thread where OffscreenCanvas is missing', async ({ page }) => {
    await page.addInitScript(() => {
      delete (globalThis as { OffscreenCanvas?: unknown }).OffscreenCanvas;
    });
    await page.goto('/');
    const { hexes } = await visiblePalette(page);
    expect(await page.evaluate(() => typeof (globalThis as { OffscreenCanvas?: unknown }).OffscreenCanvas)).toBe(
      'undefined',
    );
    const { bytes } = await exportVia(page, 'PNG');
    const workers = page.workers().map((w) => w.url());
    expect(workers.some((url) => url.includes('render'))).toBe(false);
    // The page has no OffscreenCanvas now, so decode the file in a fresh page.
    const viewer = await page.context().newPage();
    await viewer.goto('/');
    await expectPngOfPalette(viewer, bytes, hexes);
  });

  test('falls back to the main thread when the render worker cannot load', async ({ page }) => {
    // A flaky network or a proxy that drops the worker script: the export still works.
    let blocked = 0;
    await page.route(/render\.worker-[\w-]+\.js$/, (route) => {
      blocked++;
      return route.abort();
    });
    await page.goto('/');
    const { hexes } = await visiblePalette(page);
    const { bytes } = await exportVia(page, 'PNG');
    expect(blocked).toBe(1);
    await expectPngOfPalette(page, bytes, hexes);
    await expect(toast(page, 'Palette exported as image!')).toBeVisible();
  });

  test('exports a 400×300 SVG with the colours, their names and paint numbers', async ({ page }) => {
    await page.goto('/');
    const { names, hexes, brands } = await visiblePalette(page);
    const { download, bytes } = await exportVia(page, 'SVG');
    expect(download.suggestedFilename()).toMatch(/^palette-\d{4}-\d{2}-\d{2}\.svg$/);
    const svg = bytes.toString('utf8');
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      const root = doc.documentElement;
      return {
        error: doc.getElementsByTagName('parsererror').length,
        width: root.getAttribute('width'),
        height: root.getAttribute('height'),
        fills: Array.from(root.querySelectorAll('rect')).map((r) => r.getAttribute('fill')),
        texts: Array.from(root.querySelectorAll('text')).map((t) => t.textContent),
      };
    }, svg);
    expect(parsed).toMatchObject({ error: 0, width: '400', height: '300' });
    expect(parsed.fills.slice(0, 5)).toEqual(hexes);
    for (const name of names) {
      expect(parsed.texts.some((t) => t === name || (t?.endsWith('…') && name.startsWith(t.slice(0, -1))))).toBe(true);
    }
    // Brand and paint number as the strip shows them, whole, on every row.
    for (const brand of brands) expect(parsed.texts.some((t) => t?.replace(/ ·$/, '') === brand)).toBe(true);
    await expect(toast(page, 'Palette exported as SVG!')).toBeVisible();
  });

  test('exports JSON (name, colors, created) and CSS variables, each with the paint number', async ({ page }) => {
    await page.goto('/');
    const { names, hexes, brands } = await visiblePalette(page);
    const before = Date.now();
    const json = JSON.parse((await exportVia(page, 'JSON')).bytes.toString('utf8'));
    expect(Object.keys(json)).toEqual(['name', 'colors', 'created']);
    expect(json.name).toBe('Untitled Palette');
    expect(Date.parse(json.created)).toBeGreaterThanOrEqual(before - 1000);
    expect(json.colors.map((c: { name: string }) => c.name)).toEqual(names);
    expect(json.colors.map((c: { hex: string }) => c.hex)).toEqual(hexes);
    for (const c of json.colors) {
      expect(Object.keys(c)).toEqual(['name', 'hex', 'brand', 'number', 'rgb', 'description']);
      expect(c.rgb).toEqual({
        r: Number.parseInt(c.hex.slice(1, 3), 16),
        g: Number.parseInt(c.hex.slice(3, 5), 16),
        b: Number.parseInt(c.hex.slice(5, 7), 16),
      });
    }
    expect(json.colors.map((c: { number: string | null }) => c.number)).toEqual(brands.map(numberIn));
    await expect(toast(page, 'Palette exported as JSON!')).toBeVisible();

    const { download, bytes } = await exportVia(page, 'CSS');
    expect(download.suggestedFilename()).toMatch(/^palette-\d{4}-\d{2}-\d{2}\.css$/);
    // Each numbered variable's note names the paint: name, brand and number.
    for (const [i, hex] of hexes.entries()) {
      expect(bytes.toString('utf8')).toContain(`--color-${i + 1}: ${hex}; /* ${names[i]}, ${brands[i]} */`);
    }
    const variables = await page.evaluate((css) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      const rule = sheet.cssRules[0] as CSSStyleRule;
      return {
        rules: sheet.cssRules.length,
        selector: rule.selectorText,
        props: Array.from(rule.style).map((p) => [p, rule.style.getPropertyValue(p).trim()]),
      };
    }, bytes.toString('utf8'));
    expect(variables.rules).toBe(1);
    expect(variables.selector).toBe(':root');
    const props = new Map(variables.props as Array<[string, string]>);
    for (const [i, hex] of hexes.entries()) expect(props.get(`--color-${i + 1}`)?.toUpperCase()).toBe(hex);
    const named = [...props].filter(([k]) => !/^--(color-\d+|palette-name)$/.test(k));
    expect(named.map(([, v]) => v.toUpperCase())).toEqual(hexes);
    await expect(toast(page, 'Palette exported as CSS!')).toBeVisible();
  });

  test('the Export menu works by keyboard and returns focus', async ({ page }) => {
    await page.goto('/');
    await visiblePalette(page);
    await exportButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(exportButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(menuItem(page, 'PNG')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menuItem(page, 'SVG')).toBeFocused();
    await page.keyboard.press('End');
    await expect(menuItem(page, 'Paint list')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menuItem(page, 'PNG')).toBeFocused();
    await page.keyboard.press('j');
    await expect(menuItem(page, 'JSON')).toBeFocused();
    const violations = (await new AxeBuilder({ page }).include('.share-export-bar').analyze()).violations;
    expect(violations.map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(exportButton(page)).toBeFocused();
    await expect(exportButton(page)).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('ArrowUp');
    await expect(menuItem(page, 'Paint list')).toBeFocused();
    // The paint list opens as a page of its own, to print or save as PDF.
    const [list] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
    await expect(list.getByText('Colours on screen are approximate; order a tester pot')).toBeVisible();
    await list.close();
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(exportButton(page)).toBeFocused();

    // A click elsewhere closes the menu.
    await exportButton(page).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByRole('menu')).toBeHidden();
  });

  test('E exports the PNG; with a filter on, the bar hides and E does nothing', async ({ page }) => {
    await page.goto('/');
    const { hexes } = await visiblePalette(page);
    let downloads = 0;
    page.on('download', () => downloads++);
    const supplier = page.getByLabel('Supplier');
    await supplier.selectOption('Lick');
    await expect(exportButton(page)).toBeHidden();
    await expect(shareButton(page)).toBeHidden();
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('e');
    await supplier.selectOption({ index: 0 });
    await expect(exportButton(page)).toBeVisible();
    await expect(shareButton(page)).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    const { download, bytes } = await downloadVia(page, () => page.keyboard.press('e'));
    expect(download.suggestedFilename()).toMatch(/^palette-\d{4}-\d{2}-\d{2}\.png$/);
    await expectPngOfPalette(page, bytes, hexes);
    expect(downloads).toBe(1);
  });
});

test.describe('exports of a palette with a hostile name', () => {
  test('a saved palette exports under its own name, however it is spelled', async ({ page }) => {
    const typed = '</text></style><script>window.pwned = true</script> & "Hall"';
    await page.goto('/');
    const { hexes } = await visiblePalette(page);
    await saveCurrent(page, typed, { anonymous: true });
    const json = JSON.parse((await exportVia(page, 'JSON')).bytes.toString('utf8'));
    expect(json.name).toBe(typed);
    const svg = (await exportVia(page, 'SVG')).bytes.toString('utf8');
    const css = (await exportVia(page, 'CSS')).bytes.toString('utf8');
    const parsed = await page.evaluate(
      ([svgText, cssText]) => {
        const doc = new DOMParser().parseFromString(svgText as string, 'image/svg+xml');
        const html = new DOMParser().parseFromString(`<style>${cssText}</style>`, 'text/html');
        return {
          errors: doc.getElementsByTagName('parsererror').length,
          scripts: doc.getElementsByTagName('script').length + html.querySelectorAll('script').length,
          title: doc.querySelector('title')?.textContent,
          caption: Array.from(doc.querySelectorAll('text')).map((t) => t.textContent),
        };
      },
      [svg, css],
    );
    expect(parsed).toMatchObject({ errors: 0, scripts: 0, title: typed });
    expect(parsed.caption.some((t) => t?.startsWith('</text></style>'))).toBe(true);
    // The PNG caption carries the name too: the file still has the palette's colours.
    await expectPngOfPalette(page, (await exportVia(page, 'PNG')).bytes, hexes);
  });

  const name = '</text></style><script>window.pwned = true</script>';
  const palette = toExportPalette(
    name,
    colorsById('farrow-ball-hague-blue', 'lick-greige-02', 'little-greene-hicks-blue'),
  );

  const openBlank = (page: Page) => page.goto('/');

  test('the SVG parses in Chromium, shows the name as text and runs nothing', async ({ page }) => {
    await openBlank(page);
    const svg = writePaletteSvg(palette);
    const result = await page.evaluate(async (text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      const image = new Image();
      image.src = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
      await image.decode();
      return {
        errors: doc.getElementsByTagName('parsererror').length,
        elements: [...new Set(Array.from(doc.documentElement.querySelectorAll('*')).map((e) => e.localName))].sort(),
        title: doc.querySelector('title')?.textContent,
        size: [image.naturalWidth, image.naturalHeight],
      };
    }, svg);
    expect(result).toEqual({ errors: 0, elements: ['desc', 'rect', 'text', 'title'], title: name, size: [400, 300] });
  });

  test('the CSS parses in Chromium and keeps the name inside a string', async ({ page }) => {
    await openBlank(page);
    const css = writePaletteCss(palette, new Date());
    // Pasted into a page's <style>, the name must not close the element and start a script.
    const result = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(`<!doctype html><style>${text}</style><p>after</p>`, 'text/html');
      const style = document.createElement('style');
      style.textContent = doc.querySelector('style')?.textContent ?? '';
      document.head.append(style);
      const rule = style.sheet?.cssRules[0] as CSSStyleRule | undefined;
      return {
        scripts: doc.querySelectorAll('script').length,
        styleIsWhole: doc.querySelector('style')?.textContent === text,
        rules: style.sheet?.cssRules.length,
        first: rule?.style.getPropertyValue('--color-1').trim(),
        name: rule?.style.getPropertyValue('--palette-name').trim(),
      };
    }, css);
    expect(result).toMatchObject({ scripts: 0, styleIsWhole: true, rules: 1, first: '#3D4E57' });
    expect(result.name?.startsWith('"')).toBe(true);
  });
});
