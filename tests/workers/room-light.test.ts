import { describe, expect, it } from 'vitest';
import { lightOnly } from '../../workers/room';

const W = 160;
const H = 120;
/** A level line across the picture's middle: a dim wall (L* 32) under a ceiling (L* 38), a 1.125 ratio of light. */
const LINE = { x1: 20, y1: 60, x2: 140, y2: 60, width: 1 };
const WALL_L = 32;
const CEILING_L = 38;

/**
 * CIELAB picture of the two sides: the wall neutral, the ceiling's chromaticity (a* over L*+16,
 * ×100) at column x given by `chroma(x)`. Under L* 60 the light-only limit on the change is
 * 1.5 × 76 / (L*+16) = 2.375 here.
 */
function picture(chroma: (x: number) => number): Float32Array {
  const lab = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = (y * W + x) * 3;
      const ceiling = y < LINE.y1;
      const l = ceiling ? CEILING_L : WALL_L;
      lab[p] = l;
      lab[p + 1] = ceiling ? (chroma(x) / 100) * (l + 16) : 0;
    }
  }
  return lab;
}

/** Mean of `chroma` over the middle 80 % of the line, where the change across it is read. */
function meanOver(chroma: (x: number) => number): number {
  let sum = 0;
  let n = 0;
  for (let x = 32; x <= 128; x++) {
    sum += chroma(x);
    n++;
  }
  return sum / n;
}

describe('lightOnly', () => {
  it('calls a line whose chromaticity holds steady along it, within the limit, a change of light', () => {
    expect(
      lightOnly(
        picture(() => 2.1),
        W,
        H,
        LINE,
      ),
    ).toBe(true);
  });

  it('still does where the change grows slowly along the line (a lamp pool)', () => {
    const ramp = (x: number) => 0.6 + (3 * (x - 20)) / 120;
    expect(meanOver(ramp)).toBeLessThan(2.375);
    expect(lightOnly(picture(ramp), W, H, LINE)).toBe(true);
  });

  it('keeps a line whose change comes in patches (a JPEG colour noise) with a mean just under the limit', () => {
    // 16-px blocks alternately 0.6 and 3.6 over the ceiling's own chromaticity: the mean says light
    // only, its spread says the mean could as well be over the limit, and a real ceiling line is kept
    const patches = (x: number) => (Math.floor(x / 16) % 2 === 0 ? 0.6 : 3.6);
    expect(meanOver(patches)).toBeLessThan(2.375);
    expect(lightOnly(picture(patches), W, H, LINE)).toBe(false);
  });

  it('never calls a line across which the chromaticity clearly changes a change of light', () => {
    expect(
      lightOnly(
        picture(() => 4),
        W,
        H,
        LINE,
      ),
    ).toBe(false);
  });
});
