import { describe, expect, it } from 'vitest';
import type { Pixels } from '../../workers/extract';
import { maskFromTaps } from '../../workers/room';
import { lineSegments } from '../../workers/room-lines';
import { enc, iou, linearHex } from './room-fixtures';

const W = 320;
const H = 240;
/** Where the wall meets another surface (an upright edge). */
const EDGE = Math.round(W * 0.7);

/** Light falling off smoothly from a point up and to the left (linear light, 0.45–0.95). */
const lightAt = (x: number, y: number) => 0.45 + 0.5 * Math.exp(-Math.hypot(x / W - 0.3, y / H - 0.2) / 0.6);

/**
 * A noise-free photo, as a heavily denoised phone photo may be: a wall of `wallHex` in a smooth
 * light fall-off, rounded to 8-bit levels (so the shade comes in bands one level apart), meeting
 * a surface of another colour at column EDGE.
 */
function bandedWall(wallHex: string): { image: Pixels; wall: Uint8Array } {
  const wall = linearHex(wallHex);
  const other = linearHex('#7d8fa3');
  const data = new Uint8ClampedArray(W * H * 4);
  const truth = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      truth[p] = x < EDGE ? 1 : 0;
      const paint = x < EDGE ? wall : other;
      for (let c = 0; c < 3; c++) data[p * 4 + c] = enc((paint[c] as number) * lightAt(x, y));
      data[p * 4 + 3] = 255;
    }
  }
  return { image: { width: W, height: H, data }, wall: truth };
}

describe('a noise-free photo with a smooth 8-bit shade', () => {
  it.each([
    ['a warm white', '#c9c2b4'],
    ['a dark green', '#1f3a2e'],
  ])('one tap selects the whole wall in %s, across its bands, and stops at the real edge', (_, hex) => {
    const { image, wall } = bandedWall(hex);
    const bands = new Set<number>();
    for (let p = 0; p < wall.length; p++) if (wall[p]) bands.add(image.data[p * 4 + 1] as number);
    expect(bands.size).toBeGreaterThan(10); // the shade really is in bands
    const mask = maskFromTaps(image, [{ x: W * 0.3, y: H * 0.5 }]);
    expect(iou(mask, wall)).toBeGreaterThanOrEqual(0.9);
    let across = 0;
    for (let p = 0; p < wall.length; p++) if (!wall[p] && (mask[p] as number) >= 128) across++;
    expect(across).toBeLessThan(0.01 * W * H);
  });
});

describe('lineSegments with the quantisation bound', () => {
  it('finds no line in a shade quantised to whole levels, yet finds the real edge', () => {
    // the picture in whole levels (q = 1 level): a slow shade over 20 levels, and an 8-level step
    const value = new Float32Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) value[y * W + x] = Math.round(200 * lightAt(x, y)) + (x >= EDGE ? 8 : 0);
    const found = lineSegments(value, W, H, 0, () => 1);
    const onEdge = (s: (typeof found)[number]) => Math.abs(s.x1 - EDGE + 0.5) < 2 && Math.abs(s.x2 - EDGE + 0.5) < 2;
    expect(found.filter((s) => !onEdge(s))).toEqual([]);
    const edgeLength = found.filter(onEdge).reduce((sum, s) => sum + Math.abs(s.y2 - s.y1), 0);
    expect(edgeLength).toBeGreaterThan(0.8 * H);
  });
});
