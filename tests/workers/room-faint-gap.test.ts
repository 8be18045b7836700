import { describe, expect, it } from 'vitest';
import { faintSegments } from '../../workers/room-faint';
import type { Segment } from '../../workers/room-lines';

const W = 200;
const H = 160;
/** A door's head: a faint step (1.5 L* lighter below) from this column to the picture's right edge, on this row. */
const DOOR = 60;
const HEAD = 40;

/** 100·ln(L*+16) of a white wall (L* 60) and the door, with seeded noise, at full size and in 2×2 blocks. */
function pictures() {
  let state = 5;
  const noise = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state / 4294967296 - 0.5) * 0.6;
  };
  const value = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const l = (x >= DOOR && y >= HEAD ? 61.5 : 60) + noise();
      value[y * W + x] = 100 * Math.log(l + 16);
    }
  }
  const w = W / 2;
  const h = H / 2;
  const small = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = 2 * y * W + 2 * x;
      small[y * w + x] =
        ((value[p] as number) + (value[p + 1] as number) + (value[p + W] as number) + (value[p + W + 1] as number)) / 4;
    }
  }
  return { value, small, w, h };
}

/** Leftmost column a level segment near the head's row reaches. */
const leftEnd = (found: readonly Segment[]) =>
  Math.min(
    ...found
      .filter((s) => Math.abs((s.y1 + s.y2) / 2 - HEAD) <= 3 && Math.abs(s.x2 - s.x1) > Math.abs(s.y2 - s.y1))
      .map((s) => Math.min(s.x1, s.x2)),
  );

describe('faint lines over pieces found', () => {
  it("draws a door's whole head where the line found stops well short of its corner", () => {
    const { value, small, w, h } = pictures();
    // the finder found most of the head, broken 20 px from the corner by the noise: the flood leaks
    // through that gap, over the corner's end join
    const found: Segment[] = [{ x1: DOOR + 20, y1: HEAD - 0.5, x2: W - 1, y2: HEAD - 0.5, width: 1 }];
    const faint = faintSegments(small, w, h, 2, 0.15, found, { value, width: W, height: H, scale: 1 });
    expect(leftEnd(faint)).toBeLessThan(DOOR + 6);
  });

  it('adds nothing where the line found already runs the whole head', () => {
    const { value, small, w, h } = pictures();
    const found: Segment[] = [{ x1: DOOR, y1: HEAD - 0.5, x2: W - 1, y2: HEAD - 0.5, width: 1 }];
    const faint = faintSegments(small, w, h, 2, 0.15, found, { value, width: W, height: H, scale: 1 });
    expect(leftEnd(faint)).toBe(Number.POSITIVE_INFINITY);
  });
});
