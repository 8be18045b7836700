import { describe, expect, it } from 'vitest';
import { frameSides } from '../../workers/room-casing';
import { joinCollinear } from '../../workers/room-collinear';
import { type Band, fillBands, parallelEdges, type Segment } from '../../workers/room-lines';
import { seg, setIn } from './room-fixtures';

const W = 240;
const H = 200;
/** A window's opening (dark glass, crossed by white bars) right of x = 70, its casing 6 px wide left of it. */
const EDGE = 70;
const CASING = 6;
const BARS = [38, 52, 66];
/** The least length of a line a band of trim is looked for beside. */
const LEAST = 30;

/** A CIELAB picture: a warm wall, a whiter casing, the opening with its bars in the casing's white. */
function picture(): Float32Array {
  const lab = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = (y * W + x) * 3;
      const bar = BARS.some((b) => Math.abs(y - b) <= 1);
      const [l, a, b] = x >= EDGE ? (bar ? [74, 1, 8] : [8, 0, -2]) : x >= EDGE - CASING ? [74, 1, 8] : [68, 3, 16];
      lab[p] = l;
      lab[p + 1] = a;
      lab[p + 2] = b;
    }
  }
  return lab;
}

/** The opening's edge as a line finder returns it: broken where each bar meets it, every piece short of `LEAST`. */
const pieces = [
  seg(EDGE, 24, EDGE, 36),
  seg(EDGE + 0.4, 40, EDGE + 0.4, 50),
  seg(EDGE, 54, EDGE, 64),
  seg(EDGE, 68, EDGE, 90),
];

describe('a line broken into pieces', () => {
  it('is joined again, and the casing beside it found as trim', () => {
    const lab = picture();
    // piece by piece, no band is looked for
    expect(parallelEdges(pieces, lab, W, H, LEAST)).toEqual([]);
    const joined = joinCollinear(pieces, LEAST);
    expect(joined).toHaveLength(1);
    const line = joined[0] as Segment;
    expect(Math.min(line.y1, line.y2)).toBeCloseTo(24, 0);
    expect(Math.max(line.y1, line.y2)).toBeCloseTo(90, 0);
    const bands = parallelEdges(joined, lab, W, H, LEAST);
    expect(bands).toHaveLength(1);
    // the band lies on the wall's side (left of the edge), as wide as the casing
    const band = bands[0];
    const x = (line.x1 + line.x2) / 2 - ((line.y2 - line.y1) / Math.abs(line.y2 - line.y1)) * (band?.offset ?? 0);
    expect(Math.abs(x - (EDGE - CASING))).toBeLessThanOrEqual(1);
  });

  it('keeps apart pieces of two lines side by side, and pieces with a stretch of wall between them', () => {
    // a sash's edge and the casing's, a few px apart: two lines, not one
    expect(joinCollinear([seg(70, 20, 70, 45), seg(75, 48, 75, 72)], LEAST)).toEqual([]);
    // two pieces farther apart than either is long
    expect(joinCollinear([seg(70, 10, 70, 30), seg(70, 62, 70, 82)], LEAST)).toEqual([]);
    // at an angle to each other
    expect(joinCollinear([seg(70, 20, 70, 45), seg(70, 48, 74, 72)], LEAST)).toEqual([]);
  });
});

describe("a frame's outer line broken into pieces", () => {
  // an opening x 40–80 from y 30 down, its casing's head 6 px, its right side 11 px wide (the reveal)
  const open = { x0: 40, x1: 80, y0: 30 };
  const side = 11;
  const w = 120;
  const h = 100;
  const lab = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const opening = x >= open.x0 && x < open.x1 && y >= open.y0;
      const casing = !opening && y >= open.y0 - 6 && x >= open.x0 - 6 && x < open.x1 + (y >= open.y0 ? side : 6);
      lab.set(opening ? [8, 0, -2] : casing ? [74, 1, 8] : [68, 3, 16], (y * w + x) * 3);
    }
  }
  const head: Band = { from: seg(open.x0 + 8, open.y0, open.x1, open.y0), offset: -6.5 };
  // the casing's outer edge, found in two pieces (a picture's cord, a plant's leaf across it)
  const outer = [
    seg(open.x1 + side, h - 1, open.x1 + side, 70),
    seg(open.x1 + side + 0.5, 66, open.x1 + side + 0.5, 28),
  ];

  it("gives the frame's side between the joined line and the opening", () => {
    // piece by piece, neither is long enough to be the side's outer line
    expect(frameSides([head], outer, lab, w, h, 40, 12, 24)).toEqual([]);
    const sides = frameSides([head], [...outer, ...joinCollinear(outer, 40)], lab, w, h, 40, 12, 24);
    const out = new Uint8Array(w * h);
    fillBands(sides, out, w, h);
    expect(setIn(out, w, open.x1 + 1, open.x1 + side - 1, open.y0 + 10, h - 10)).toBe((h - 20 - open.y0) * (side - 2));
    expect(setIn(out, w, open.x1 + side + 2, w, open.y0 + 10, h - 10)).toBe(0);
  });
});
