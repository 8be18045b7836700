import { describe, expect, it } from 'vitest';
import type { CatalogueColor } from '../../shared/catalogue/types';
import { deltaE2000, rgbDistance } from '../../shared/color/difference';
import { parseHex } from '../../shared/color/hex';
import { rgbToLab } from '../../shared/color/spaces';
import type { Rgb } from '../../shared/color/types';
import { extractPalette, type Pixels, specColorCounts } from '../../workers/extract';
import { bandImage, distinctPaints, labOf, meanDeltaToTruth, rgbOf } from './extract-fixtures';
import { loadCatalogue } from '../../server/catalogue-file';

const catalogue = loadCatalogue();
const paints = catalogue.colors;
const ids = (colors: readonly CatalogueColor[]) => colors.map((c) => c.id).sort();
const byId = (id: string) => catalogue.byId.get(id) as CatalogueColor;

function perceptual(image: Pixels, count?: number) {
  const result = extractPalette(image, paints, { algorithm: 'perceptual', count });
  if (!result.ok) throw new Error(`expected a palette, got ${result.reason}`);
  return result;
}

describe('perceptual extraction recovers the paints an image was made of', () => {
  const five = distinctPaints(catalogue, 5);

  it('clean bands: exactly the five source paints, largest band first', () => {
    const image = bandImage(five.map(rgbOf), { weights: [5, 4, 3, 2, 1.5] });
    const result = perceptual(image);
    expect(result.algorithm).toBe('perceptual');
    expect(result.colorIds).toEqual(five.map((c) => c.id));
    expect(result.swatches.every((s) => s.distance < 1)).toBe(true);
  });

  it('bands with noise: the same five paints', () => {
    const result = perceptual(bandImage(five.map(rgbOf), { noise: 24, seed: 3 }));
    expect([...result.colorIds].sort()).toEqual(ids(five));
  });

  it('bands with soft gradient edges: the same five paints', () => {
    const result = perceptual(bandImage(five.map(rgbOf), { blend: 0.3 }));
    expect([...result.colorIds].sort()).toEqual(ids(five));
  });

  it('a lighting gradient across the wall: every source paint within 3 ΔE2000 of the palette', () => {
    const image = bandImage(five.map(rgbOf), { lighting: [0.85, 1.15], noise: 10 });
    const result = perceptual(image);
    expect(result.colorIds).toHaveLength(5);
    const extracted = result.colorIds.map((id) => rgbOf(byId(id)));
    for (const source of five) expect(meanDeltaToTruth([rgbOf(source)], extracted)).toBeLessThan(3);
    expect(result.colorIds.filter((id) => five.some((c) => c.id === id)).length).toBeGreaterThanOrEqual(3);
  });

  it('returns as many colours as asked, 3 to 10', () => {
    const eight = distinctPaints(catalogue, 8, 11, 12);
    const image = bandImage(eight.map(rgbOf), { width: 400 });
    expect([...perceptual(image, 8).colorIds].sort()).toEqual(ids(eight));
    const weighted = bandImage(five.map(rgbOf), { weights: [6, 5, 4, 1, 1] });
    expect(perceptual(weighted, 3).colorIds).toEqual(five.slice(0, 3).map((c) => c.id));
    // Out-of-range requests are clamped to the palette limits.
    expect(perceptual(image, 99).colorIds).toHaveLength(8);
    expect(perceptual(image, 1).colorIds).toHaveLength(3);
  });

  it('never repeats a paint, even when two image colours share a nearest paint', () => {
    const base = rgbOf(five[0] as CatalogueColor);
    const near: Rgb = { r: base.r + 12, g: base.g + 12, b: base.b + 12 };
    const result = perceptual(bandImage([base, near, ...five.slice(1, 4).map(rgbOf)]));
    expect(new Set(result.colorIds).size).toBe(result.colorIds.length);
  });

  it('ignores transparent pixels', () => {
    const image = bandImage([{ r: 0, g: 0, b: 0 }, ...five.slice(0, 4).map(rgbOf)], { weights: [6, 1, 1, 1, 1] });
    for (let i = 0; i < image.data.length; i += 4)
      if (image.data[i] === 0 && image.data[i + 1] === 0) image.data[i + 3] = 0;
    const result = perceptual(image);
    expect([...result.colorIds].sort()).toEqual(ids(five.slice(0, 4)));
  });

  it('a plain or two-colour image is not enough distinct colours', () => {
    const [a, b] = five.map(rgbOf) as [Rgb, Rgb];
    for (const image of [bandImage([a]), bandImage([a, b]), bandImage([a], { noise: 20 })]) {
      expect(extractPalette(image, paints, { algorithm: 'perceptual' })).toMatchObject({
        ok: false,
        reason: 'not-enough',
      });
    }
  });

  it('is deterministic and reports progress up to 1', () => {
    const image = bandImage(five.map(rgbOf), { noise: 30, lighting: [0.7, 1.3] });
    const seen: number[] = [];
    const first = extractPalette(image, paints, { algorithm: 'perceptual', onProgress: (f) => seen.push(f) });
    expect(extractPalette(image, paints, { algorithm: 'perceptual' })).toEqual(first);
    expect(seen.at(-1)).toBe(1);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
  });

  it('refuses a pixel buffer that does not match its size', () => {
    expect(() =>
      extractPalette({ width: 10, height: 10, data: new Uint8Array(12) }, paints, { algorithm: 'spec' }),
    ).toThrow(RangeError);
  });
});

/** The literal algorithm (every 4th pixel, channels rounded to 10, top 20 matched by RGB distance under 100, stop at 5) re-stated independently of the implementation, for images of exactly 100 px on the long side. */
function specByHand(image: Pixels) {
  const counts = new Map<string, number>();
  const order: string[] = [];
  for (let p = 0; p < image.width * image.height; p += 4) {
    const i = p * 4;
    const q = [0, 1, 2].map((c) => Math.min(255, Math.round((image.data[i + c] as number) / 10) * 10));
    const key = q.join(',');
    if (!counts.has(key)) order.push(key);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const top = order.sort((x, y) => (counts.get(y) as number) - (counts.get(x) as number)).slice(0, 20);
  const used = new Set<string>();
  for (const key of top) {
    const [r, g, b] = key.split(',').map(Number) as [number, number, number];
    let best: CatalogueColor | null = null;
    for (const paint of paints) {
      if (used.has(paint.id)) continue;
      if (!best || rgbDistance({ r, g, b }, rgbOf(paint)) < rgbDistance({ r, g, b }, rgbOf(best))) best = paint;
    }
    if (best && rgbDistance({ r, g, b }, rgbOf(best)) < 100) used.add(best.id);
    if (used.size === 5) break;
  }
  return [...used];
}

describe('the spec algorithm follows its steps one by one', () => {
  it('scales to fit 100 × 100 and samples every 4th pixel', () => {
    const colors = distinctPaints(catalogue, 3).map(rgbOf);
    const wide = bandImage(colors, { width: 400, height: 200 });
    // 400 × 200 fits as 100 × 50 = 5000 pixels; every 4th is 1250 samples.
    expect(specColorCounts(wide).reduce((n, c) => n + c.count, 0)).toBe(1250);
    const tall = bandImage(colors, { width: 30, height: 90 });
    // 30 × 90 scales up to 33 × 100 = 3300 pixels: 825 samples.
    expect(specColorCounts(tall).reduce((n, c) => n + c.count, 0)).toBe(825);
  });

  it('rounds each channel to the nearest 10 and counts only the sampled pixels', () => {
    // 100 × 1 needs no scaling; pixels 0, 4, 8 … are sampled.
    const image: Pixels = { width: 100, height: 1, data: new Uint8ClampedArray(100 * 4) };
    const put = (p: number, r: number, g: number, b: number) => image.data.set([r, g, b, 255], p * 4);
    for (let p = 0; p < 100; p++) put(p, 0, 0, 0);
    put(0, 254, 5, 124);
    put(4, 246, 14, 116);
    for (const p of [1, 2, 3, 5]) put(p, 255, 255, 255);
    expect(specColorCounts(image)).toEqual([
      { rgb: { r: 0, g: 0, b: 0 }, count: 23 },
      { rgb: { r: 250, g: 10, b: 120 }, count: 2 },
    ]);
    // 255 rounds to 260, past the channel's range: it stays 255.
    put(4, 255, 15, 125);
    expect(specColorCounts(image).slice(1)).toEqual([
      { rgb: { r: 250, g: 10, b: 120 }, count: 1 },
      { rgb: { r: 255, g: 20, b: 130 }, count: 1 },
    ]);
  });

  it('takes the 20 most frequent colours, nearest unused paint under RGB distance 100, and stops at 5', () => {
    // 24 colours in decreasing amounts, all close to a few paints, so "unused" and "stop at 5" both matter.
    const bases = distinctPaints(catalogue, 3).map(rgbOf);
    const colors: Rgb[] = [];
    for (let i = 0; i < 24; i++) {
      const base = bases[i % 3] as Rgb;
      const shift = 10 * Math.floor(i / 3);
      colors.push({ r: Math.min(250, base.r + shift), g: Math.max(0, base.g - shift), b: base.b });
    }
    const image = bandImage(colors, { width: 100, height: 100, weights: colors.map((_, i) => 40 - i) });
    const result = extractPalette(image, paints, { algorithm: 'spec' });
    if (!result.ok) throw new Error('expected a palette');
    expect(result.algorithm).toBe('spec');
    expect(result.colorIds).toHaveLength(5);
    expect(result.colorIds).toEqual(specByHand(image));
    expect(result.swatches.every((s) => s.distance < 100)).toBe(true);
  });

  it('skips image colours with no paint within RGB distance 100', () => {
    const neon: Rgb = { r: 0, g: 255, b: 0 };
    const nearestNeon = Math.min(...paints.map((p) => rgbDistance(neon, rgbOf(p))));
    expect(nearestNeon).toBeGreaterThanOrEqual(100);
    const three = distinctPaints(catalogue, 3).map(rgbOf);
    const image = bandImage([neon, ...three], { width: 100, height: 100, weights: [5, 1, 1, 1] });
    const result = extractPalette(image, paints, { algorithm: 'spec' });
    expect(result.ok && result.colorIds).toEqual(specByHand(image));
    expect(result.ok && result.colorIds).toHaveLength(3);
  });

  it('fewer than 3 matches is not enough', () => {
    const two = distinctPaints(catalogue, 2).map(rgbOf);
    const neon: Rgb = { r: 0, g: 255, b: 0 };
    expect(
      extractPalette(bandImage([neon, ...two], { width: 100, height: 100 }), paints, { algorithm: 'spec' }),
    ).toEqual({
      ok: false,
      algorithm: 'spec',
      reason: 'not-enough',
      found: 2,
    });
  });

  it('perceptual matching picks, for each image colour in turn, the CIEDE2000-nearest paint not yet used', () => {
    const five = distinctPaints(catalogue, 5, 3);
    const result = perceptual(bandImage(five.map(rgbOf), { noise: 12, lighting: [0.9, 1.1] }));
    const used = new Set<string>();
    for (const swatch of result.swatches) {
      const source = rgbToLab(parseHex(swatch.source) as Rgb);
      const ranked = paints
        .filter((p) => !used.has(p.id))
        .map((p) => ({ id: p.id, d: deltaE2000(source, labOf(p)) }))
        .sort((x, y) => x.d - y.d);
      expect(swatch.colorId).toBe(ranked[0]?.id);
      used.add(swatch.colorId);
    }
  });
});
