import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../server/catalogue-file';
import type { CatalogueColor } from '../../../shared/catalogue/types';
import { paletteHarmony } from '../../../shared/color/harmony';
import { generateColorIds } from '../../../shared/palette/generate';
import { generateStyled, paletteKey, styleRefusal } from '../../../shared/palette/palette-styles';
import { seeded } from '../../support/seeded-random';

const catalogue = loadCatalogue();
const colors = catalogue.colors;
const byName = (name: string) => colors.find((c) => c.colorName === name) as CatalogueColor;
const of = (ids: readonly string[]) => ids.map((id) => catalogue.byId.get(id) as CatalogueColor);

// The definitions, written out here from CIELAB rather than taken from the module.
const chroma = (c: CatalogueColor) => Math.hypot(c.lab[1], c.lab[2]);
const hue = (c: CatalogueColor) => ((Math.atan2(c.lab[2], c.lab[1]) * 180) / Math.PI + 360) % 360;
const gap = (x: number, y: number) => {
  const d = Math.abs(x - y) % 360;
  return Math.min(d, 360 - d);
};
/** Whether all hues fit in an arc of `width` degrees: some arc starting at one of them holds all. */
const fitArc = (hues: number[], width: number) =>
  hues.some((start) => hues.every((h) => (h - start + 360) % 360 <= width + 1e-9));
const hued = (palette: CatalogueColor[]) => palette.filter((c) => chroma(c) >= 5).map(hue);

const meets: Record<string, (p: CatalogueColor[]) => boolean> = {
  Tonal: (p) => {
    const lrv = p.map((c) => c.lrv);
    return hued(p).length >= 2 && fitArc(hued(p), 30) && Math.max(...lrv) - Math.min(...lrv) >= 40;
  },
  Analogous: (p) => hued(p).length >= 2 && fitArc(hued(p), 60),
  Complementary: (p) => {
    const hues = hued(p);
    for (let centre = 0; centre < 360; centre += 0.5) {
      const base = hues.filter((h) => gap(h, centre) <= 15);
      const accents = hues.filter((h) => gap(h, centre + 180) <= 40);
      if (base.length > 0 && accents.length > 0 && base.length + accents.length === hues.length) return true;
    }
    return false;
  },
  'Neutral + accent': (p) => {
    const accents = p.filter((c) => chroma(c) > 25).length;
    return accents >= 1 && accents <= 2 && p.filter((c) => chroma(c) < 10).length === p.length - accents;
  },
};

describe('palette styles', () => {
  for (const style of ['Tonal', 'Analogous', 'Complementary', 'Neutral + accent'] as const) {
    it(`${style}: every press of 3 to 10 colours meets the definition, distinct paints`, () => {
      const random = seeded(style.length);
      for (const size of [3, 5, 10]) {
        let current = of(
          generateColorIds(
            [],
            [],
            colors.map((c) => c.id),
            random,
          ),
        ).slice(0, 3);
        while (current.length < size) current.push(colors[current.length * 40] as CatalogueColor);
        for (let press = 0; press < 60; press++) {
          const result = generateStyled(style, current, [], colors, random);
          if (!result.ok) throw new Error(`${style} refused`);
          expect(result.ids).toHaveLength(size);
          expect(new Set(result.ids).size).toBe(size);
          current = of(result.ids);
          expect(meets[style]?.(current), current.map((c) => c.colorName).join(', ')).toBe(true);
        }
      }
    });
  }

  it('Tonal reads light to dark', () => {
    const result = generateStyled('Tonal', [], [], colors, seeded(3));
    if (!result.ok) throw new Error('refused');
    const lrvs = of(result.ids).map((c) => c.lrv);
    expect(lrvs).toEqual([...lrvs].sort((a, b) => b - a));
  });

  it('Complementary builds accents opposite a locked Hague Blue, which stays in place', () => {
    const hague = byName('Hague Blue');
    const random = seeded(9);
    for (let press = 0; press < 30; press++) {
      const current = [byName('All White'), hague, byName('Wevet'), byName('Pointing'), byName('Strong White')];
      const result = generateStyled('Complementary', current, [false, true, false, false, false], colors, random);
      if (!result.ok) throw new Error('refused');
      expect(result.ids[1]).toBe(hague.id);
      const palette = of(result.ids);
      expect(meets.Complementary?.(palette)).toBe(true);
      // Some paint answers from across the circle: at least 140° of hue from Hague Blue.
      expect(palette.some((c) => chroma(c) >= 5 && gap(hue(c), hue(hague)) >= 140)).toBe(true);
    }
  });

  it('says the locks rule a style out (two locks 120° apart under Analogous) and changes nothing', () => {
    const red = colors.find((c) => chroma(c) > 25 && gap(hue(c), 30) < 10) as CatalogueColor;
    const other = colors.find((c) => chroma(c) > 15 && gap(hue(c), hue(red)) > 115 && gap(hue(c), hue(red)) < 125);
    expect(other).toBeDefined();
    const current = [red, other as CatalogueColor, byName('Wevet')];
    expect(generateStyled('Analogous', current, [true, true, false], colors, seeded(1))).toEqual({
      ok: false,
      cause: 'locks',
    });
    expect(styleRefusal('Analogous', 'locks')).toMatch(/Analogous is impossible with these locks/);
    // A mid-chroma lock is neither near-neutral nor clearly coloured.
    const middling = colors.find((c) => chroma(c) > 14 && chroma(c) < 22) as CatalogueColor;
    expect(generateStyled('Neutral + accent', [middling, red, red], [true, false, false], colors, seeded(1))).toEqual({
      ok: false,
      cause: 'locks',
    });
  });

  it('draws only from the pool it is given and says when the pool is too small', () => {
    const greens = colors.filter((c) => c.category === 'Greens');
    const result = generateStyled('Analogous', [], [], greens, seeded(4));
    if (!result.ok) throw new Error('refused');
    expect(result.ids.every((id) => greens.some((g) => g.id === id))).toBe(true);
    const whites = colors.filter((c) => chroma(c) < 3).slice(0, 20);
    expect(generateStyled('Complementary', [], [], whites, seeded(4))).toEqual({ ok: false, cause: 'pool' });
  });

  it('Harmonious scores well above Random, varies, and never repeats a palette it is told to avoid', () => {
    const random = seeded(5);
    const scores: number[] = [];
    const randomScores: number[] = [];
    const used = new Set<string>();
    const avoid = new Set<string>();
    const lab = (p: CatalogueColor[]) => p.map((c) => ({ l: c.lab[0], a: c.lab[1], b: c.lab[2] }));
    for (let press = 0; press < 300; press++) {
      const result = generateStyled('Harmonious', [], [], colors, random, avoid);
      if (!result.ok) throw new Error('refused');
      expect(avoid.has(paletteKey(result.ids))).toBe(false);
      avoid.add(paletteKey(result.ids));
      for (const id of result.ids) used.add(id);
      scores.push(paletteHarmony(lab(of(result.ids))));
      randomScores.push(
        paletteHarmony(
          lab(
            of(
              generateColorIds(
                [],
                [],
                colors.map((c) => c.id),
                random,
              ),
            ),
          ),
        ),
      );
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(scores)).toBeGreaterThanOrEqual(1);
    expect(mean(scores)).toBeGreaterThanOrEqual(2 * mean(randomScores));
    expect(used.size).toBeGreaterThanOrEqual(150);
  });

  it('Harmonious keeps locked colours where they are', () => {
    const current = [byName('Railings'), byName('All White'), byName('Wevet'), byName('Hague Blue')];
    const result = generateStyled('Harmonious', current, [true, false, false, true], colors, seeded(6));
    if (!result.ok) throw new Error('refused');
    expect(result.ids[0]).toBe(byName('Railings').id);
    expect(result.ids[3]).toBe(byName('Hague Blue').id);
    expect(new Set(result.ids).size).toBe(4);
  });
  it('a press shows new paints where the style allows: the unlocked ones on screen are not drawn again', () => {
    // A blue locked first; the other four already blues of the same family, so a Tonal press could
    // easily draw them again.
    const blue = byName('Hague Blue');
    const family = colors.filter((c) => c.id !== blue.id && chroma(c) >= 5 && gap(hue(c), hue(blue)) <= 10);
    expect(family.length).toBeGreaterThanOrEqual(12);
    const random = seeded(11);
    for (let press = 0; press < 40; press++) {
      const current = [
        blue,
        ...family.slice((press * 4) % (family.length - 4), ((press * 4) % (family.length - 4)) + 4),
      ];
      const result = generateStyled('Tonal', current, [true, false, false, false, false], colors, random);
      if (!result.ok) throw new Error('refused');
      expect(result.ids[0]).toBe(blue.id);
      for (const id of result.ids.slice(1)) expect(current.slice(1).map((c) => c.id)).not.toContain(id);
    }
  });

  it('when only the paints on screen can meet the style, they are drawn again rather than refused', () => {
    const whites = colors.filter((c) => chroma(c) < 4 && c.lrv > 70).slice(0, 3);
    const accent = colors.find((c) => chroma(c) > 40) as CatalogueColor;
    const pool = [...whites, accent];
    const result = generateStyled(
      'Neutral + accent',
      [...whites, accent],
      [false, false, false, false],
      pool,
      seeded(2),
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(new Set(result.ids)).toEqual(new Set(pool.map((c) => c.id)));
  });
});
