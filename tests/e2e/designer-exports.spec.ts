import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import type { CompactCatalogue } from '../../shared/catalogue/types';
import { ROOT } from '../support/server-process';
import { expect, test } from './support/fixtures';

// Each file is read back by a reader written here from the format's own description, never by our writers.

const compact = JSON.parse(readFileSync(join(ROOT, 'data/generated/catalogue.json'), 'utf8')) as CompactCatalogue;
const catalogueEntry = (name: string, hex: string) =>
  compact.colors.find((c) => c.colorName === name && c.hexCode === hex) as CompactCatalogue['colors'][number];

const strips = (page: Page) => page.getByRole('list', { name: 'Current palette' }).getByRole('listitem');

async function visiblePalette(page: Page) {
  await expect(strips(page)).toHaveCount(5);
  const names = await strips(page).locator('.palette-strip-name').allTextContents();
  const hexes = await strips(page).locator('.palette-strip-hex').allTextContents();
  return names.map((name, i) => {
    const hex = hexes[i] as string;
    const entry = catalogueEntry(name, hex);
    const number = entry.number ? (entry.brand === 'Farrow & Ball' ? `No. ${entry.number}` : entry.number) : null;
    return {
      name,
      hex,
      rgb: [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as [number, number, number],
      brand: entry.brand,
      // Swatch names read "Brand Name (Number)".
      swatchName: number ? `${entry.brand} ${name} (${number})` : `${entry.brand} ${name}`,
      entry,
    };
  });
}

async function exportVia(page: Page, label: string): Promise<{ fileName: string; bytes: Buffer }> {
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: new RegExp(`^${label}`) }).click(),
  ]);
  return { fileName: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

/** Adobe Swatch Exchange: "ASEF", u16 major, u16 minor, u32 block count; blocks of u16 type, u32 length. */
function readAse(bytes: Buffer) {
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('ASEF');
  expect([bytes.readUInt16BE(4), bytes.readUInt16BE(6)]).toEqual([1, 0]);
  const count = bytes.readUInt32BE(8);
  const colors: Array<{ name: string; model: string; values: number[] }> = [];
  const groups: string[] = [];
  let at = 12;
  const readName = (from: number) => {
    const units = bytes.readUInt16BE(from);
    let name = '';
    for (let i = 0; i < units - 1; i++) name += String.fromCharCode(bytes.readUInt16BE(from + 2 + i * 2));
    expect(bytes.readUInt16BE(from + 2 + (units - 1) * 2)).toBe(0);
    return { name, end: from + 2 + units * 2 };
  };
  for (let b = 0; b < count; b++) {
    const type = bytes.readUInt16BE(at);
    const length = bytes.readUInt32BE(at + 2);
    const body = at + 6;
    if (type === 0xc001) groups.push(readName(body).name);
    if (type === 0x0001) {
      const { name, end } = readName(body);
      const model = bytes.subarray(end, end + 4).toString('latin1');
      const values = [0, 1, 2].map((i) => bytes.readFloatBE(end + 4 + i * 4));
      colors.push({ name, model, values });
      expect(end + 4 + 12 + 2).toBe(body + length);
    }
    at = body + length;
  }
  expect(at).toBe(bytes.length);
  return { groups, colors };
}

/** GIMP palette: "GIMP Palette", optional Name:/Columns:, # comments, then "R G B name" lines. */
function readGpl(text: string) {
  const lines = text.split(/\r?\n/);
  expect(lines[0]).toBe('GIMP Palette');
  let name = '';
  const colors: Array<{ rgb: number[]; name: string }> = [];
  for (const line of lines.slice(1)) {
    if (line.startsWith('Name:')) name = line.slice(5).trim();
    else if (line.startsWith('Columns:') || line.startsWith('#') || line.trim() === '') continue;
    else {
      const match = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line);
      expect(match, line).not.toBeNull();
      colors.push({ rgb: [Number(match![1]), Number(match![2]), Number(match![3])], name: match![4]! });
    }
  }
  return { name, colors };
}

/** ZIP (PKWARE APPNOTE): the central directory from the end record, each entry's local header, stored or deflated. */
function readZip(bytes: Buffer): Map<string, Buffer> {
  let end = bytes.length - 22;
  while (end >= 0 && bytes.readUInt32LE(end) !== 0x06054b50) end--;
  expect(end).toBeGreaterThanOrEqual(0);
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < entries; i++) {
    expect(bytes.readUInt32LE(at)).toBe(0x02014b50);
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(bytes.readUInt32LE(local)).toBe(0x04034b50);
    const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(dataStart, dataStart + compressed);
    files.set(name, method === 0 ? Buffer.from(data) : inflateRawSync(data));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

/** HSB (0–1) to 0–255 RGB, the textbook conversion. */
function hsbToRgb(h: number, s: number, v: number): number[] {
  const f = (n: number) => {
    const k = (n + h * 6) % 6;
    return Math.round(255 * (v - v * s * Math.max(0, Math.min(k, 4 - k, 1))));
  };
  return [f(5), f(3), f(1)];
}

test.describe('designer exports', () => {
  test('Adobe swatches (.ase) parse back to the palette: RGB floats, "Brand Name (Number)"', async ({ page }) => {
    await page.goto('/');
    const palette = await visiblePalette(page);
    const { fileName, bytes } = await exportVia(page, 'Adobe swatches');
    expect(fileName).toMatch(/^palette-\d{4}-\d{2}-\d{2}\.ase$/);
    const ase = readAse(bytes);
    expect(ase.groups).toEqual(['Untitled Palette']);
    expect(ase.colors.map((c) => c.name)).toEqual(palette.map((p) => p.swatchName));
    for (const [i, color] of ase.colors.entries()) {
      expect(color.model).toBe('RGB ');
      expect(color.values.map((v) => Math.round(v * 255))).toEqual(palette[i]?.rgb);
    }
    await expect(page.getByRole('status').getByText('Palette exported as Adobe swatches!')).toBeVisible();
  });

  test('GIMP palette (.gpl) parses back to the palette colours and names', async ({ page }) => {
    await page.goto('/');
    const palette = await visiblePalette(page);
    const { fileName, bytes } = await exportVia(page, 'GIMP palette');
    expect(fileName).toMatch(/\.gpl$/);
    const gpl = readGpl(bytes.toString('utf8'));
    expect(gpl.name).toBe('Untitled Palette');
    expect(gpl.colors).toEqual(palette.map((p) => ({ rgb: p.rgb, name: p.swatchName })));
  });

  test('Procreate (.swatches) is a ZIP whose Swatches.json holds the palette colours', async ({ page }) => {
    await page.goto('/');
    const palette = await visiblePalette(page);
    const { fileName, bytes } = await exportVia(page, 'Procreate');
    expect(fileName).toMatch(/\.swatches$/);
    const files = readZip(bytes);
    const json = JSON.parse(files.get('Swatches.json')?.toString('utf8') ?? 'null');
    expect(json).toHaveLength(1);
    expect(json[0].name).toBe('Untitled Palette');
    const rgbs = json[0].swatches.map((s: { hue: number; saturation: number; brightness: number }) =>
      hsbToRgb(s.hue, s.saturation, s.brightness),
    );
    expect(rgbs).toEqual(palette.map((p) => p.rgb));
  });

  test('the paint list is a printable page with each paint, its LRV, finishes and supplier link', async ({ page }) => {
    await page.goto('/');
    const palette = await visiblePalette(page);
    // It opens as a page of its own (to print or save as PDF), not as a download.
    await page.getByRole('button', { name: 'Export' }).click();
    const [reader] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('menuitem', { name: /^Paint list/ }).click(),
    ]);
    await expect(reader.getByText('Colours on screen are approximate; order a tester pot')).toBeVisible();
    const items = reader.getByRole('listitem');
    await expect(items).toHaveCount(5);
    for (const [i, paint] of palette.entries()) {
      const item = items.nth(i);
      await expect(item.getByRole('heading')).toHaveText(paint.name);
      await expect(item.locator('.brand')).toHaveText(paint.brand);
      await expect(item.locator('.hex')).toHaveText(paint.hex);
      const lrv = `${Math.round(paint.entry.lrv)}${paint.entry.lrvEstimated ? ' (estimated)' : ''}`;
      await expect(item.locator('.lrv')).toHaveText(lrv);
      const finishes = compact.finishSets[paint.entry.finishSet] ?? [];
      await expect(item.locator('.finishes')).toHaveText(finishes.join(', ') || '—');
      await expect(item.getByRole('link')).toHaveAttribute('href', paint.entry.purchaseLink);
      const swatch = await item.getByRole('img').evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(swatch).toBe(`rgb(${paint.rgb.join(', ')})`);
    }
    // The print stylesheet: the screen-only hint goes, the swatches keep their colour on paper.
    await reader.emulateMedia({ media: 'print' });
    await expect(reader.getByText('Print this page')).toBeHidden();
    await reader.close();
  });
});
