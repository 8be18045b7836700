import { fitText } from './text';

/** The PNG is a 1200×630 social card, the SVG 400×300 (product sizes); both draw this one layout. */
export const PNG_CARD = { width: 1200, height: 630 } as const;
export const SVG_CARD = { width: 400, height: 300 } as const;
/** The colours take the top 70 %, a black caption band with the title the rest. */
const BAND_SHARE = 0.7;

export interface CardSize {
  width: number;
  height: number;
}

export interface CardColor {
  name: string;
  hex: string;
  brand: string;
  /** The paint number as the shop knows it ("No. 30", "236"), or null where the supplier has none. */
  paintNumber: string | null;
  /** Black or white, whichever reads better on the colour. */
  textColor: string;
}

export interface CardInput {
  title: string;
  colors: readonly CardColor[];
}

export interface CardFont {
  size: number;
  weight: 400 | 600;
  family: 'sans' | 'mono';
}

export type CardOp =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; fill: string }
  | ({ kind: 'text'; text: string; x: number; y: number; fill: string; align: 'left' | 'right' } & CardFont);

/** Width of `text` in `font`: canvas `measureText` in the PNG, a generous estimate in the SVG. */
export type Measure = (text: string, font: CardFont) => number;

export const FONT_FAMILIES = {
  sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  mono: 'ui-monospace, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace',
} as const;

/** The CSS/canvas font shorthand of a text op. */
export const cssFont = (font: CardFont) => `${font.weight} ${font.size}px ${FONT_FAMILIES[font.family]}`;

const CARD_MARK = 'Swatchbook';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** What goes with the name: brand and paint number, as the strips show them ("Farrow & Ball · No. 30"). */
export const paintLabel = (c: CardColor) => (c.paintNumber ? `${c.brand} · ${c.paintNumber}` : c.brand);

/**
 * Where everything goes, at any card size: one full-width row per colour over the top 70 % (each
 * row's name, brand with paint number and hex in the colour's own black or white), then a black
 * caption band with the palette's title and the mark. Rows tall enough for two lines put brand and
 * number under the name; short rows (many colours, small cards) keep one line. One type size serves
 * every row, and only a name that still does not fit is shortened, with an ellipsis: the brand,
 * number and hex are what the shop needs, so they always show whole.
 */
export function layoutCard(size: CardSize, input: CardInput, measure: Measure): CardOp[] {
  const { width, height } = size;
  const band = Math.round(height * BAND_SHARE);
  const count = Math.max(1, input.colors.length);
  const rowHeight = band / count;
  const padX = Math.round(clamp(width * 0.027, 12, 32));
  const inner = width - 2 * padX;
  const gap = Math.round(padX * 0.75);
  // The largest type the rows allow, from about 4.5 % of the card's height down to a legible floor.
  const largest = Math.floor(clamp(height * 0.045, 12, 28));
  const floor = Math.max(10, Math.round(height * 0.022));
  const sized = (n: number) => ({
    name: { size: n, weight: 600, family: 'sans' } as CardFont,
    sub: { size: Math.max(floor, Math.round(n * 0.78)), weight: 400, family: 'sans' } as CardFont,
    hex: { size: Math.max(floor, Math.round(n * 0.78)), weight: 400, family: 'mono' } as CardFont,
  });
  const twoLines = (n: number) => rowHeight >= sized(n).name.size * 1.25 + sized(n).sub.size * 1.3 + 8;
  const oneLine = (n: number) => rowHeight >= n * 1.3;
  // Everything right of the name, in each arrangement.
  const rightOf = (c: CardColor, stacked: boolean, f: ReturnType<typeof sized>) =>
    stacked ? measure(c.hex, f.hex) : measure(`${paintLabel(c)} · `, f.sub) + measure(c.hex, f.hex);
  const nameRoom = (c: CardColor, stacked: boolean, f: ReturnType<typeof sized>) =>
    inner - rightOf(c, stacked, f) - gap;
  const fitsAll = (n: number, stacked: boolean) =>
    input.colors.every((c) => {
      const f = sized(n);
      const room = nameRoom(c, stacked, f);
      return measure(c.name, f.name) <= room && (!stacked || measure(paintLabel(c), f.sub) <= room);
    });
  let nameSize = Math.max(floor, Math.floor(Math.min(largest, rowHeight * 0.42)));
  while (nameSize > floor && !oneLine(nameSize)) nameSize--;
  let stacked = twoLines(nameSize);
  // Shrink together until every name fits whole; at the floor, names are shortened instead.
  while (nameSize > floor && !fitsAll(nameSize, stacked)) {
    nameSize--;
    stacked = twoLines(nameSize);
  }
  const fonts = sized(nameSize);

  const ops: CardOp[] = [];
  input.colors.forEach((c, i) => {
    const top = Math.round(i * rowHeight);
    const bottom = Math.round((i + 1) * rowHeight);
    ops.push({ kind: 'rect', x: 0, y: top, w: width, h: bottom - top, fill: c.hex });
    const middle = (top + bottom) / 2;
    const room = nameRoom(c, stacked, fonts);
    const text = (content: string, x: number, y: number, font: CardFont, align: 'left' | 'right' = 'left') =>
      ops.push({ kind: 'text', text: content, x, y: Math.round(y * 10) / 10, fill: c.textColor, align, ...font });
    const name = fitText(c.name, room, (t) => measure(t, fonts.name));
    if (stacked) {
      const block = fonts.name.size * 1.2 + fonts.sub.size * 1.3;
      const nameBaseline = middle - block / 2 + fonts.name.size;
      text(name, padX, nameBaseline, fonts.name);
      text(paintLabel(c), padX, nameBaseline + fonts.sub.size * 1.3 + 2, fonts.sub);
      text(c.hex, width - padX, middle + fonts.hex.size * 0.35, fonts.hex, 'right');
    } else {
      const baseline = middle + nameSize * 0.35;
      text(name, padX, baseline, fonts.name);
      const hexWidth = measure(c.hex, fonts.hex);
      text(c.hex, width - padX, baseline, fonts.hex, 'right');
      // The separator ends the label, so no op starts or ends with a space (SVG would drop it).
      text(`${paintLabel(c)} ·`, width - padX - hexWidth - measure(' ', fonts.sub), baseline, fonts.sub, 'right');
    }
  });

  ops.push({ kind: 'rect', x: 0, y: band, w: width, h: height - band, fill: '#000000' });
  const caption = height - band;
  const mark: CardFont = { size: Math.max(floor, Math.round(caption * 0.12)), weight: 400, family: 'sans' };
  const titleRoom = inner - measure(CARD_MARK, mark) - gap * 2;
  const titleMax = Math.round(clamp(caption * 0.22, 14, 40));
  let title: CardFont = { size: titleMax, weight: 600, family: 'sans' };
  while (title.size > Math.round(titleMax * 0.65) && measure(input.title, title) > titleRoom) {
    title = { ...title, size: title.size - 1 };
  }
  const baseline = Math.round(band + caption / 2 + title.size * 0.35);
  const shown = fitText(input.title, titleRoom, (t) => measure(t, title));
  ops.push({ kind: 'text', text: shown, x: padX, y: baseline, fill: '#FFFFFF', align: 'left', ...title });
  ops.push({ kind: 'text', text: CARD_MARK, x: width - padX, y: baseline, fill: '#B5B5B5', align: 'right', ...mark });
  return ops;
}
