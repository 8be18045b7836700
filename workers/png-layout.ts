import { type CardInput, type CardSize, cssFont, layoutCard, PNG_CARD } from '../shared/export/card-layout';

/** The PNG is 1200×630 (a social-card size); the layout is the SVG's, at this size. */
export const PNG_WIDTH = PNG_CARD.width;
export const PNG_HEIGHT = PNG_CARD.height;

export type PngInput = CardInput;

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

/** Paints the shared card layout, measured by this canvas; the same code runs in the worker and the fallback. */
export function paintPng(ctx: Canvas2D, input: PngInput): void {
  paintCard(ctx, PNG_CARD, input);
}

/** The card layout at any size (the room view's caption band is this card under the picture). */
export function paintCard(ctx: Canvas2D, size: CardSize, input: PngInput): void {
  const ops = layoutCard(size, input, (text, font) => {
    ctx.font = cssFont(font);
    return ctx.measureText(text).width;
  });
  ctx.textBaseline = 'alphabetic';
  for (const op of ops) {
    ctx.fillStyle = op.fill;
    if (op.kind === 'rect') {
      ctx.fillRect(op.x, op.y, op.w, op.h);
    } else {
      ctx.font = cssFont(op);
      ctx.textAlign = op.align;
      ctx.fillText(op.text, op.x, op.y);
    }
  }
}
