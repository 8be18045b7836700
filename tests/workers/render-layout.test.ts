import { describe, expect, it } from 'vitest';
import { layoutPng, type PngOp } from '../../workers/png-layout';
import { longestNamed } from '../shared/export/support';

/** A stand-in for canvas measureText: 0.6 em per character at the font's pixel size. */
const measure = (text: string, font: string) => Array.from(text).length * 0.6 * Number(/(\d+)px/.exec(font)?.[1]);

const rects = (ops: PngOp[]) => ops.filter((o) => o.kind === 'rect');
const texts = (ops: PngOp[]) => ops.filter((o): o is Extract<PngOp, { kind: 'text' }> => o.kind === 'text');
const sizeOf = (font: string) => Number(/(\d+)px/.exec(font)?.[1]);

/** Shown whole, or as much as fits followed by an ellipsis. */
const shownAs = (shown: string, full: string) =>
  shown === full || (shown.endsWith('…') && full.startsWith(shown.slice(0, -1)));

const palette = (count: number) =>
  longestNamed(count).map((c) => ({ name: c.colorName, hex: c.hexCode, brand: c.brand }));

describe('PNG layout', () => {
  it.each([3, 5, 10])('puts %i colours side by side over the top 70 %% and a black caption below', (count) => {
    const colors = palette(count);
    const ops = layoutPng({ title: 'Living room', colors }, measure);
    const bands = rects(ops).filter((r) => r.y === 0);
    expect(bands.map((r) => r.fill)).toEqual(colors.map((c) => c.hex));
    expect(bands.every((r) => r.h === 441)).toBe(true);
    // Columns touch edge to edge: no gap, no overlap, the full 1200 px.
    expect(bands[0]?.x).toBe(0);
    for (const [i, r] of bands.entries()) expect(r.x + r.w).toBe(bands[i + 1]?.x ?? 1200);
    const caption = rects(ops).find((r) => r.fill === '#000000');
    expect(caption).toMatchObject({ x: 0, y: 441, w: 1200, h: 189 });
  });

  it('writes the title and every colour name, brand and hex legibly inside its column', () => {
    const colors = palette(10);
    const ops = layoutPng({ title: 'Untitled Palette', colors }, measure);
    const all = texts(ops);
    expect(all.some((t) => t.text === 'Untitled Palette' && sizeOf(t.font) >= 22)).toBe(true);
    const bands = rects(ops).filter((r) => r.y === 0);
    colors.forEach((color, i) => {
      const band = bands[i] as Extract<PngOp, { kind: 'rect' }>;
      const inColumn = all.filter((t) => t.x >= band.x && t.x < band.x + band.w && t.y > 441 && t.y < 441 + 110);
      expect(inColumn.map((t) => t.text)).toContain(color.hex);
      expect(inColumn.some((t) => shownAs(t.text, color.brand))).toBe(true);
      // The name: whole on one or two lines, or what fits with an ellipsis.
      const name = inColumn
        .filter((t) => t.font.startsWith('600'))
        .map((t) => t.text)
        .join(' ');
      expect(shownAs(name, color.name)).toBe(true);
      expect(name.length).toBeGreaterThan(Math.min(color.name.length, 12));
      for (const t of inColumn) {
        expect(sizeOf(t.font)).toBeGreaterThanOrEqual(12);
        expect(t.x + measure(t.text, t.font)).toBeLessThanOrEqual(band.x + band.w);
        expect(t.fill).not.toBe('#000000');
      }
    });
  });

  it('sets each row of labels in one size across the columns', () => {
    const colors = [
      ...palette(5),
      ...palette(10)
        .slice(0, 5)
        .map((c) => ({ ...c, name: 'Red' })),
    ];
    const labels = texts(layoutPng({ title: 'Mixed', colors }, measure)).filter((t) => t.y > 441 && t.y < 560);
    for (const y of new Set(labels.map((t) => t.y))) {
      const row = labels.filter((t) => t.y === y);
      expect(new Set(row.map((t) => t.font)).size).toBe(1);
    }
    // First name lines, brands and hexes: a full row of ten each.
    expect(
      [...new Set(labels.map((t) => t.y))].filter((y) => labels.filter((t) => t.y === y).length === 10),
    ).toHaveLength(3);
  });

  it('shortens a title too long for the caption instead of running off the image', () => {
    const title = 'The very long name of a palette for the whole ground floor and the hall '.repeat(3);
    const ops = layoutPng({ title, colors: palette(3) }, measure);
    const shown = texts(ops).find((t) => t.y === 600 && t.align === 'left');
    expect(shown?.text.endsWith('…')).toBe(true);
    expect((shown?.x ?? 0) + measure(shown?.text ?? '', shown?.font ?? '')).toBeLessThan(1200);
  });
});
