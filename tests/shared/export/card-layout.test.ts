import { describe, expect, it } from 'vitest';
import {
  type CardFont,
  type CardOp,
  type CardSize,
  layoutCard,
  PNG_CARD,
  SVG_CARD,
} from '../../../shared/export/card-layout';
import { toExportPalette } from '../../../shared/export/export-palette';
import { colorsById, longestNamed } from './support';

/** A stand-in for canvas measureText: 0.6 em per character, a little wider in bold. */
const measure = (text: string, font: CardFont) =>
  Array.from(text).length * 0.6 * font.size * (font.weight === 600 ? 1.05 : 1);

type Text = Extract<CardOp, { kind: 'text' }>;
const rects = (ops: CardOp[]) => ops.filter((o): o is Extract<CardOp, { kind: 'rect' }> => o.kind === 'rect');
const texts = (ops: CardOp[]) => ops.filter((o): o is Text => o.kind === 'text');
/** Horizontal and vertical extent of a text op, as it is painted. */
const box = (t: Text) => {
  const w = measure(t.text, t);
  const left = t.align === 'left' ? t.x : t.x - w;
  return { left, right: left + w, top: t.y - t.size * 0.8, bottom: t.y + t.size * 0.2 };
};
/** Shown whole, or as much as fits followed by an ellipsis. */
const shownAs = (shown: string, full: string) =>
  shown === full || (shown.endsWith('…') && full.startsWith(shown.slice(0, -1)));

const colors = (count: number) => toExportPalette(null, longestNamed(count)).colors;
const SIZES: Array<[string, CardSize, number]> = [
  ['PNG', PNG_CARD, 14],
  ['SVG', SVG_CARD, 10],
];

describe.each(SIZES)('card layout, %s size', (_, size, legible) => {
  const band = Math.round(size.height * 0.7);

  it.each([3, 5, 10])('stacks %i colour rows over the top 70 percent and a black caption below', (count) => {
    const palette = colors(count);
    const ops = layoutCard(size, { title: 'Living room', colors: palette }, measure);
    const rows = rects(ops).filter((r) => r.y < band);
    expect(rows.map((r) => r.fill)).toEqual(palette.map((c) => c.hex));
    // Full width, edge to edge: no gap, no overlap, down to the 70 % line.
    expect(rows[0]?.y).toBe(0);
    for (const [i, r] of rows.entries()) {
      expect(r).toMatchObject({ x: 0, w: size.width });
      expect(r.y + r.h).toBe(rows[i + 1]?.y ?? band);
    }
    expect(rects(ops).find((r) => r.fill === '#000000')).toEqual({
      kind: 'rect',
      x: 0,
      y: band,
      w: size.width,
      h: size.height - band,
      fill: '#000000',
    });
  });

  it.each([3, 5, 10])(
    'writes each of %i colours’ name, brand with paint number, and hex legibly inside its row',
    (count) => {
      const palette = colors(count);
      const ops = layoutCard(size, { title: 'Untitled Palette', colors: palette }, measure);
      const rows = rects(ops).filter((r) => r.y < band);
      palette.forEach((color, i) => {
        const row = rows[i] as (typeof rows)[number];
        const inRow = texts(ops).filter((t) => t.y > row.y && t.y <= row.y + row.h);
        const all = inRow.map((t) => t.text).join(' ');
        // What the shop needs is never shortened: brand, number and hex show whole.
        expect(color.paintNumber).toBeTruthy();
        expect(all).toContain(`${color.brand} · ${color.paintNumber}`);
        expect(inRow.map((t) => t.text)).toContain(color.hex);
        const name = inRow.find((t) => t.weight === 600);
        expect(shownAs(name?.text ?? '', color.name)).toBe(true);
        expect(name?.text.length).toBeGreaterThan(Math.min(color.name.length, 10));
        for (const t of inRow) {
          const b = box(t);
          expect(t.size).toBeGreaterThanOrEqual(legible);
          expect(t.fill).toBe(color.textColor);
          expect(b.left).toBeGreaterThanOrEqual(0);
          expect(b.right).toBeLessThanOrEqual(size.width);
          expect(b.top).toBeGreaterThanOrEqual(row.y);
          expect(b.bottom).toBeLessThanOrEqual(row.y + row.h);
        }
        // No two pieces of text in a row run into each other.
        for (const [j, a] of inRow.entries()) {
          for (const other of inRow.slice(j + 1)) {
            const [p, q] = [box(a), box(other)];
            const apart = p.right <= q.left || q.right <= p.left || p.bottom <= q.top || q.bottom <= p.top;
            expect(apart, `${a.text} / ${other.text}`).toBe(true);
          }
        }
      });
    },
  );

  it('puts the title in the caption band, shortened when too long for it', () => {
    const palette = colors(3);
    const short = texts(layoutCard(size, { title: 'Hall', colors: palette }, measure));
    expect(short.find((t) => t.text === 'Hall' && t.y > band)?.fill).toBe('#FFFFFF');
    const title = 'The very long name of a palette for the whole ground floor and the hall '.repeat(3);
    const long = texts(layoutCard(size, { title, colors: palette }, measure)).filter((t) => t.y > band);
    const shown = long.find((t) => t.align === 'left') as Text;
    expect(shownAs(shown.text, title)).toBe(true);
    expect(shown.text.endsWith('…')).toBe(true);
    expect(box(shown).right).toBeLessThan(box(long.find((t) => t.align === 'right') as Text).left);
  });
});

describe('one layout for both images', () => {
  it('draws the same pieces of text, in the same order, on the PNG and the SVG', () => {
    const palette = toExportPalette(
      'Hall',
      colorsById('farrow-ball-hague-blue', 'lick-greige-02', 'little-greene-hicks-blue', 'farrow-ball-all-white'),
    ).colors;
    const pieces = (size: CardSize) =>
      texts(layoutCard(size, { title: 'Hall', colors: palette }, measure)).map((t) => t.text.replace(/ ·$/, ''));
    expect(pieces(SVG_CARD)).toEqual(pieces(PNG_CARD));
    expect(pieces(PNG_CARD)).toContain('Farrow & Ball · No. 30');
  });
});
