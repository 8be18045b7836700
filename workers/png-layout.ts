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

/** Text at the largest size from `max` down to `min` that fits; below `min` it is shortened instead. */
function fitted(text: string, room: number, weight: number, max: number, min: number, measure: Measure, family = SANS) {
  for (let size = max; size >= min; size--) {
    if (measure(text, font(weight, size, family)) <= room) return { text, font: font(weight, size, family) };
  }
  const smallest = font(weight, min, family);
  return { text: fitText(text, room, (t) => measure(t, smallest)), font: smallest };
}

/**
 * Where everything goes: one column per colour across the band, then a black caption band with
 * each colour's name, brand and hex under its column, and the palette's title with a mark below.
 * Labels shrink to stay legible and are shortened with an ellipsis only when they cannot fit.
 */
export function layoutPng(input: PngInput, measure: Measure): PngOp[] {
  const ops: PngOp[] = [];
  const n = Math.max(1, input.colors.length);
  const edge = (i: number) => Math.round((i * PNG_WIDTH) / n);
  const pad = Math.round(Math.min(24, Math.max(10, PNG_WIDTH / n / 12)));
  ops.push({ kind: 'rect', x: 0, y: PNG_BAND_HEIGHT, w: PNG_WIDTH, h: PNG_HEIGHT - PNG_BAND_HEIGHT, fill: '#000000' });
  input.colors.forEach((color, i) => {
    const x = edge(i);
    const w = edge(i + 1) - x;
    ops.push({ kind: 'rect', x, y: 0, w, h: PNG_BAND_HEIGHT, fill: color.hex });
    const room = w - 2 * pad;
    const top = PNG_BAND_HEIGHT;
    const name = fitted(color.name, room, 600, 22, 15, measure);
    const brand = fitted(color.brand, room, 400, 15, 13, measure);
    const hex = fitted(color.hex, room, 400, 15, 12, measure, MONO);
    ops.push({ kind: 'text', ...name, x: x + pad, y: top + 38, fill: '#FFFFFF', align: 'left' });
    ops.push({ kind: 'text', ...brand, x: x + pad, y: top + 62, fill: '#BDBDBD', align: 'left' });
    ops.push({ kind: 'text', ...hex, x: x + pad, y: top + 85, fill: '#E6E6E6', align: 'left' });
  });
  ops.push({ kind: 'rect', x: pad, y: PNG_BAND_HEIGHT + 108, w: PNG_WIDTH - 2 * pad, h: 1, fill: '#3A3A3A' });
  const markFont = font(400, 16);
  const mark = 'Swatchbook';
  const titleRoom = PNG_WIDTH - 2 * pad - measure(mark, markFont) - 32;
  const title = fitted(input.title, titleRoom, 600, 34, 22, measure);
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
