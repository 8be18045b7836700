import { describe, expect, it } from 'vitest';
import { toExportPalette } from '../../shared/export/export-palette';
import { type Canvas2D, PNG_HEIGHT, PNG_WIDTH, paintPng } from '../../workers/png-layout';
import { colorsById } from '../shared/export/support';

/** A canvas that records what is painted, measuring text at 0.6 em per character of its font size. */
function recordingCanvas() {
  const painted: Array<{ kind: 'rect' | 'text'; fill: unknown; text?: string; font?: string; x: number; y: number }> =
    [];
  const ctx: Canvas2D = {
    fillStyle: '',
    font: '',
    textAlign: 'left',
    textBaseline: 'alphabetic',
    fillRect(x, y) {
      painted.push({ kind: 'rect', fill: this.fillStyle, x, y });
    },
    fillText(text, x, y) {
      painted.push({ kind: 'text', fill: this.fillStyle, text, font: this.font, x, y });
    },
    measureText(text) {
      return { width: Array.from(text).length * 0.6 * Number(/(\d+)px/.exec(this.font)?.[1]) };
    },
  };
  return { ctx, painted };
}

describe('PNG painting', () => {
  it('paints the 1200×630 card with every paint number the shop needs', () => {
    const palette = toExportPalette(
      'Hall',
      colorsById('farrow-ball-hague-blue', 'little-greene-hicks-blue', 'lick-greige-02'),
    );
    const { ctx, painted } = recordingCanvas();
    paintPng(ctx, { title: palette.name, colors: palette.colors });
    expect([PNG_WIDTH, PNG_HEIGHT]).toEqual([1200, 630]);
    expect(painted.filter((p) => p.kind === 'rect').map((p) => p.fill)).toEqual([
      '#3D4E57',
      '#415968',
      '#CDC7B8',
      '#000000',
    ]);
    const words = painted.filter((p) => p.kind === 'text').map((p) => p.text ?? '');
    expect(words.join(' | ')).toContain('Farrow & Ball · No. 30');
    const hicks = palette.colors[1];
    expect(hicks?.paintNumber).toBeTruthy();
    expect(words.join(' | ')).toContain(`Little Greene · ${hicks?.paintNumber}`);
    expect(words).toEqual(expect.arrayContaining(['Hague Blue', '#3D4E57', 'Hall']));
    // Each text is set in a real font shorthand the canvas understands.
    for (const p of painted.filter((q) => q.kind === 'text')) expect(p.font).toMatch(/^(400|600) \d+px /);
  });
});
