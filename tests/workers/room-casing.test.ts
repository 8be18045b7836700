import { describe, expect, it } from 'vitest';
import { frameCorners } from '../../workers/room-casing';
import { type Band, fillBands, type Segment } from '../../workers/room-lines';

const W = 120;
const H = 100;
/** A window's opening, its casing's head and left side 6 px wide. */
const OPEN = { x0: 40, x1: 80, y0: 30, y1: 90 };
const HEAD = 6;

const seg = (x1: number, y1: number, x2: number, y2: number): Segment => ({ x1, y1, x2, y2, width: 2 });
/** The bands the trim finder gives beside the head's and the left side's inner edges (lines short of the corner). */
const head: Band = { from: seg(OPEN.x0 + 8, OPEN.y0, OPEN.x1, OPEN.y0), offset: -(HEAD + 0.5) };
const left: Band = { from: seg(OPEN.x0, H - 1, OPEN.x0, OPEN.y0 + 12), offset: -(HEAD + 0.5) };

function filled(bands: Band[]): Uint8Array {
  const out = new Uint8Array(W * H);
  fillBands(bands, out, W, H);
  return out;
}

describe('frames of casing round an opening', () => {
  it("carries a head's and an upright's bands to their corner", () => {
    const out = filled(frameCorners([head, left], 12));
    // the casing's corner, which neither line reaches
    expect(out[(OPEN.y0 - 3) * W + OPEN.x0 - 3]).toBe(1);
    expect(out[(OPEN.y0 - 3) * W + OPEN.x0 + 4]).toBe(1);
    expect(out[(OPEN.y0 + 6) * W + OPEN.x0 - 3]).toBe(1);
    // nothing of the wall beyond
    for (let p = 0; p < W * H; p++) {
      const x = p % W;
      const y = Math.floor(p / W);
      if (x < OPEN.x0 - HEAD - 1 || y < OPEN.y0 - HEAD - 1) expect(out[p]).toBe(0);
    }
  });
});
