import { describe, expect, it } from 'vitest';
import { frameCorners, frameSides } from '../../workers/room-casing';
import { type Band, fillBands } from '../../workers/room-lines';
import { seg, setIn } from './room-fixtures';

const W = 120;
const H = 100;
/** A window's opening, its casing's head and left side 6 px wide, its right side 11 px (with the reveal). */
const OPEN = { x0: 40, x1: 80, y0: 30, y1: 90 };
const HEAD = 6;
const SIDE = 11;

/** A CIELAB picture: a warm wall, a whiter casing round a dark opening. */
function picture(side: number, inside: [number, number, number] = [8, 0, -2]): Float32Array {
  const lab = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = (y * W + x) * 3;
      const opening = x >= OPEN.x0 && x < OPEN.x1 && y >= OPEN.y0;
      const casing =
        !opening && y >= OPEN.y0 - HEAD && x >= OPEN.x0 - HEAD && x < OPEN.x1 + (y >= OPEN.y0 ? side : HEAD);
      const [l, a, b] = opening ? inside : casing ? [74, 1, 8] : [68, 3, 16];
      lab[p] = l;
      lab[p + 1] = a;
      lab[p + 2] = b;
    }
  }
  return lab;
}

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

  it('takes the wider side of a frame between its outer line and the opening', () => {
    const lab = picture(SIDE);
    const outer = seg(OPEN.x1 + SIDE, H - 1, OPEN.x1 + SIDE, OPEN.y0 - 2);
    const out = filled(frameSides([head], [outer], lab, W, H, 40, 12, 24));
    expect(setIn(out, W, OPEN.x1 + 1, OPEN.x1 + SIDE - 1, OPEN.y0 + 10, H - 10)).toBe((H - 20 - OPEN.y0) * (SIDE - 2));
    expect(setIn(out, W, OPEN.x1 + SIDE + 1, W, OPEN.y0 + 10, H - 10)).toBe(0);
  });

  it("leaves a strip of the wall's own colour beside a wall's corner, and a side wider than two heads", () => {
    // a strip of wall between the opening and another line: not whiter than the wall beyond
    const lab = picture(0);
    const outer = seg(OPEN.x1 + SIDE, H - 1, OPEN.x1 + SIDE, OPEN.y0 - 2);
    expect(frameSides([head], [outer], lab, W, H, 40, 12, 24)).toEqual([]);
    // the casing is there, but three times the head's width from the opening
    const wide = picture(3 * HEAD);
    const far = seg(OPEN.x1 + 3 * HEAD, H - 1, OPEN.x1 + 3 * HEAD, OPEN.y0 - 2);
    expect(frameSides([head], [far], wide, W, H, 40, 12, 24)).toEqual([]);
    // a whiter strip, but nothing strong inside it: no opening's edge
    const open = picture(SIDE, [74, 1, 8]);
    expect(frameSides([head], [outer], open, W, H, 40, 12, 24)).toEqual([]);
    // a wall's corner runs on past the head's far edge to the ceiling
    const corner = seg(OPEN.x1 + SIDE, H - 1, OPEN.x1 + SIDE, 0);
    expect(frameSides([head], [corner], lab, W, H, 40, 12, 24)).toEqual([]);
  });
});
