import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { converter } from 'culori';
import type { CompactCatalogue } from '../../shared/catalogue/types';
import { ROOT } from '../support/server-process';
import { expect, test } from './support/fixtures';

// The catalogue the server serves, for LRVs; hue and chroma come from each strip's hex through culori
// here, independently of the app's own colour code.
const compact = JSON.parse(readFileSync(join(ROOT, 'data/generated/catalogue.json'), 'utf8')) as CompactCatalogue;
const byName = new Map(compact.colors.map((c) => [c.colorName, c]));
const lrvOf = new Map(compact.colors.map((c) => [`${c.colorName}|${c.hexCode}`, c.lrv]));
const toLab = converter('lab65');

interface Paint {
  name: string;
  hex: string;
  chroma: number;
  hue: number;
  lrv: number;
}

const strips = (page: Page) => page.getByRole('list', { name: 'Current palette' }).getByRole('listitem');

async function palette(page: Page): Promise<Paint[]> {
  const names = await strips(page).locator('.palette-strip-name').allTextContents();
  const hexes = await strips(page).locator('.palette-strip-hex').allTextContents();
  return names.map((name, i) => {
    const hex = hexes[i] as string;
    const { a, b } = toLab(hex) as { a: number; b: number };
    return {
      name,
      hex,
      chroma: Math.hypot(a, b),
      hue: ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360,
      lrv: lrvOf.get(`${name}|${hex}`) as number,
    };
  });
}

const gap = (x: number, y: number) => {
  const d = Math.abs(x - y) % 360;
  return Math.min(d, 360 - d);
};
const fitArc = (hues: number[], width: number) =>
  hues.some((start) => hues.every((h) => (h - start + 360) % 360 <= width + 0.5));
// A paint with chroma 5 or more has a hue people see; 0.5 of slack for the hex rounding.
const hued = (p: Paint[]) => p.filter((c) => c.chroma >= 5.5).map((c) => c.hue);

const definitions: Record<string, (p: Paint[]) => boolean> = {
  Tonal: (p) => {
    const lrv = p.map((c) => c.lrv);
    return fitArc(hued(p), 30) && Math.max(...lrv) - Math.min(...lrv) >= 40;
  },
  Analogous: (p) => hued(p).length >= 2 && fitArc(hued(p), 60),
  Complementary: (p) => {
    const hues = p.filter((c) => c.chroma >= 4.5).map((c) => c.hue);
    for (let centre = 0; centre < 360; centre += 0.5) {
      const base = hues.filter((h) => gap(h, centre) <= 15.5).length;
      const accents = hues.filter((h) => gap(h, centre + 180) <= 40.5).length;
      if (base > 0 && accents > 0 && base + accents === hues.length) return true;
    }
    return false;
  },
  'Neutral + accent': (p) => {
    const accents = p.filter((c) => c.chroma > 25).length;
    return accents >= 1 && accents <= 2 && p.filter((c) => c.chroma < 10).length === p.length - accents;
  },
  Harmonious: (p) => new Set(p.map((c) => c.name)).size === p.length,
};

/** Picks a style the way a person does: the select, then a click on the page so Space generates. */
async function chooseStyle(page: Page, style: string) {
  await page.getByLabel('Palette style').selectOption(style);
  await page.locator('body').click({ position: { x: 5, y: 200 } });
}

async function pressSpace(page: Page) {
  const before = (await palette(page)).map((c) => c.name);
  await page.keyboard.press('Space');
  await expect.poll(async () => (await palette(page)).map((c) => c.name)).not.toEqual(before);
}

test.describe('palette styles', () => {
  for (const style of Object.keys(definitions)) {
    test(`${style}: Space gives palettes that meet its definition, and the style is remembered`, async ({ page }) => {
      await page.goto('/');
      await expect(strips(page)).toHaveCount(5);
      await chooseStyle(page, style);
      for (let press = 0; press < 3; press++) {
        await pressSpace(page);
        const paints = await palette(page);
        expect(paints).toHaveLength(5);
        expect(definitions[style]?.(paints), paints.map((c) => `${c.name} ${c.hex}`).join(', ')).toBe(true);
      }
      await page.reload();
      await expect(strips(page)).toHaveCount(5);
      await expect(page.getByLabel('Palette style')).toHaveValue(style);
    });
  }

  test('a locked Hague Blue stays and Complementary answers it from across the hue circle', async ({ page }) => {
    const hague = byName.get('Hague Blue')!;
    const others = ['All White', 'Wevet', 'Pointing'].map((n) => byName.get(n)!.hexCode.slice(1));
    await page.goto(`/#palette=${[hague.hexCode.slice(1), ...others].join('-')}`);
    await expect(strips(page)).toHaveCount(4);
    await page.getByRole('button', { name: 'Lock Hague Blue' }).click();
    await chooseStyle(page, 'Complementary');
    const hagueHue = (await palette(page))[0]!.hue;
    for (let press = 0; press < 3; press++) {
      await pressSpace(page);
      const paints = await palette(page);
      expect(paints[0]?.name).toBe('Hague Blue');
      expect(definitions.Complementary?.(paints)).toBe(true);
      expect(paints.some((c) => c.chroma >= 5 && gap(c.hue, hagueHue) >= 140)).toBe(true);
    }
  });

  test('locks that rule a style out are said in a toast and the palette stays', async ({ page }) => {
    const hexes = ['Babouche', 'Vardo', 'Wevet'].map((n) => byName.get(n)!.hexCode.slice(1));
    await page.goto(`/#palette=${hexes.join('-')}`);
    await expect(strips(page)).toHaveCount(3);
    const [babouche, vardo] = await palette(page);
    expect(gap(babouche!.hue, vardo!.hue)).toBeGreaterThan(100);
    await page.getByRole('button', { name: 'Lock Babouche' }).click();
    await page.getByRole('button', { name: 'Lock Vardo' }).click();
    await chooseStyle(page, 'Analogous');
    await page.keyboard.press('Space');
    await expect(page.getByRole('status').getByText(/Analogous is impossible with these locks/)).toBeVisible();
    expect((await palette(page)).map((c) => c.name)).toEqual(['Babouche', 'Vardo', 'Wevet']);
  });
});
