import { fitText } from '../shared/export/text';

/** Spec §9: the PNG is 1200×630 (a social-card size) with the colours on the top 70 %. */
export const PNG_WIDTH = 1200;
export const PNG_HEIGHT = 630;
export const PNG_BAND_HEIGHT = Math.round(PNG_HEIGHT * 0.7);

export interface PngInput {
  title: string;
  colors: ReadonlyArray<{ name: string; hex: string; brand: string }>;
}

export type PngOp =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; fill: string }
  | { kind: 'text'; text: string; x: number; y: number; font: string; fill: string; align: 'left' | 'right' };

/** Width of `text` in `font`: canvas `measureText` in the browser, an estimate in Node tests. */
export type Measure = (text: string, font: string) => number;

/** The subset of a 2D context painting needs: a worker's OffscreenCanvas and a page's canvas both have it. */
export interface Canvas2D {
  fillStyle: unknown;
  font: string;
  textAlign: string;
  textBaseline: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
}

const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const MONO = 'ui-monospace, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace';
const font = (weight: number, size: number, family = SANS) => `${weight} ${size}px ${family}`;

interface Type {
  weight: number;
  max: number;
  min: number;
  family?: string;
}

/** The font at the largest size from `max` down to `min` at which every text fits its room. */
function commonFont(texts: readonly string[], room: number, type: Type, measure: Measure): string {
  const at = (size: number) => font(type.weight, size, type.family);
  for (let size = type.max; size > type.min; size--) {
    if (texts.every((t) => measure(t, at(size)) <= room)) return at(size);
  }
  return at(type.min);
}

/** Text in the given font, shortened with an ellipsis if it still does not fit. */
function fitted(text: string, room: number, f: string, measure: Measure) {
  return { text: fitText(text, room, (t) => measure(t, f)), font: f };
}

/** A name on at most two lines: whole words on the first, the rest (shortened if need be) below. */
function wrapped(text: string, room: number, f: string, measure: Measure): string[] {
  const fits = (t: string) => measure(t, f) <= room;
  if (fits(text)) return [text];
  const words = text.split(' ');
  let count = 0;
  while (count < words.length && fits(words.slice(0, count + 1).join(' '))) count++;
  if (count === 0) return [fitText(text, room, (t) => measure(t, f))];
  const rest = words.slice(count).join(' ');
  return [words.slice(0, count).join(' '), fitText(rest, room, (t) => measure(t, f))];
}

/**
 * Where everything goes: one column per colour across the band, then a black caption band with
 * each colour's name, brand and hex under its column, and the palette's title with a mark below.
 * Labels shrink together (never below a legible size); long names wrap to a second line, and only
 * what still does not fit is shortened with an ellipsis.
 */
export function layoutPng(input: PngInput, measure: Measure): PngOp[] {
  const ops: PngOp[] = [];
  const n = Math.max(1, input.colors.length);
  const edge = (i: number) => Math.round((i * PNG_WIDTH) / n);
  const pad = Math.round(Math.min(24, Math.max(10, PNG_WIDTH / n / 12)));
  ops.push({ kind: 'rect', x: 0, y: PNG_BAND_HEIGHT, w: PNG_WIDTH, h: PNG_HEIGHT - PNG_BAND_HEIGHT, fill: '#000000' });
  // One size per row of labels across all columns, so the caption reads as one line of type.
  const room = Math.min(...input.colors.map((_, i) => edge(i + 1) - edge(i))) - 2 * pad;
  const labels = (pick: (c: PngInput['colors'][number]) => string, type: Type) =>
    commonFont(input.colors.map(pick), room, type, measure);
  const nameFont = labels((c) => c.name, { weight: 600, max: 22, min: 15 });
  const brandFont = labels((c) => c.brand, { weight: 400, max: 15, min: 13 });
  const hexFont = labels((c) => c.hex, { weight: 400, max: 15, min: 12, family: MONO });
  const top = PNG_BAND_HEIGHT;
  const names = input.colors.map((c) => wrapped(c.name, room, nameFont, measure));
  // Names too long for one line take two, and every column's brand and hex move down together.
  const shift = names.some((lines) => lines.length > 1) ? 18 : 0;
  input.colors.forEach((color, i) => {
    const x = edge(i);
    ops.push({ kind: 'rect', x, y: 0, w: edge(i + 1) - x, h: PNG_BAND_HEIGHT, fill: color.hex });
    const label = (text: string, f: string, y: number, fill: string) =>
      ops.push({ kind: 'text', ...fitted(text, room, f, measure), x: x + pad, y, fill, align: 'left' });
    for (const [line, text] of (names[i] ?? []).entries()) label(text, nameFont, top + 36 + line * 18, '#FFFFFF');
    label(color.brand, brandFont, top + 60 + shift, '#BDBDBD');
    label(color.hex, hexFont, top + 82 + shift, '#E6E6E6');
  });
  ops.push({ kind: 'rect', x: pad, y: top + 100 + (shift ? 14 : 0), w: PNG_WIDTH - 2 * pad, h: 1, fill: '#3A3A3A' });
  const markFont = font(400, 16);
  const mark = 'Swatchbook';
  const titleRoom = PNG_WIDTH - 2 * pad - measure(mark, markFont) - 32;
  const titleFont = commonFont([input.title], titleRoom, { weight: 600, max: 34, min: 22 }, measure);
  const title = fitted(input.title, titleRoom, titleFont, measure);
  ops.push({ kind: 'text', ...title, x: pad, y: PNG_HEIGHT - 30, fill: '#FFFFFF', align: 'left' });
  ops.push({
    kind: 'text',
    text: mark,
    font: markFont,
    x: PNG_WIDTH - pad,
    y: PNG_HEIGHT - 30,
    fill: '#9E9E9E',
    align: 'right',
  });
  return ops;
}

/** Paints the layout; the same code runs in the worker and in the main-thread fallback. */
export function paintPng(ctx: Canvas2D, input: PngInput): void {
  const ops = layoutPng(input, (text, f) => {
    ctx.font = f;
    return ctx.measureText(text).width;
  });
  ctx.textBaseline = 'alphabetic';
  for (const op of ops) {
    ctx.fillStyle = op.fill;
    if (op.kind === 'rect') {
      ctx.fillRect(op.x, op.y, op.w, op.h);
    } else {
      ctx.font = op.font;
      ctx.textAlign = op.align;
      ctx.fillText(op.text, op.x, op.y);
    }
  }
}
