import { describe, expect, it } from 'vitest';
import { analyse, selectSuperpixels } from '../../workers/room';
import { enc, linearHex } from './room-fixtures';

const W = 120;
const H = 120;

/**
 * A wall (x, y 25–95) set in a blue surround that reaches the picture's edges, with a pool of lamp
 * light on it near its top left corner: a diamond of radius `R` whose edge fades over `SOFT` px,
 * a third brighter, the paint kept. The pool comes within a pixel or two of the wall's top and
 * left borders, so the superpixels there straddle both its edge and the wall's: the pool (with the
 * bit of wall in the corner beyond it) is cut off from the rest of the wall, as a lamp's pools cut
 * off a narrow wall. With a phone's noise of about a level (seeded).
 */
const R = 24;
const SOFT = 2;
function pooledSmallWall() {
  const wallPaint = linearHex('#d8cbb4');
  const other = linearHex('#3f5f9f');
  const data = new Uint8ClampedArray(W * H * 4);
  const wall = new Uint8Array(W * H);
  const pool = new Uint8Array(W * H);
  let seed = 11;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648 - 0.5) * 3;
  };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const inWall = x >= 25 && x < 95 && y >= 25 && y < 95;
      const r = Math.abs(x - 50) + Math.abs(y - 50);
      const lamp = Math.min(1, Math.max(0, (R + SOFT / 2 - r) / SOFT));
      const light = 0.45 * (1 + 0.35 * lamp);
      const paint = inWall ? wallPaint : other;
      if (inWall) wall[p] = 1;
      if (r < R - SOFT / 2) pool[p] = 1;
      for (let c = 0; c < 3; c++) data[p * 4 + c] = enc((paint[c] as number) * (inWall ? light : 0.45)) + noise();
      data[p * 4 + 3] = 255;
    }
  }
  return { image: { width: W, height: H, data }, wall, pool };
}

describe("a lamp's pool on a small wall", () => {
  it('is taken with the wall, though it is a large share of what the tap reached around it', () => {
    const { image, wall, pool } = pooledSmallWall();
    const a = analyse(image);
    const selected = selectSuperpixels(a, [{ x: 85, y: 85 }]);
    let inPool = 0;
    let poolPixels = 0;
    let outside = 0;
    for (let p = 0; p < wall.length; p++) {
      const on = selected[a.labels[p] as number];
      if (pool[p]) {
        poolPixels++;
        if (on) inPool++;
      }
      if (!wall[p] && on) outside++;
    }
    expect(inPool / poolPixels).toBeGreaterThan(0.9);
    expect(outside).toBeLessThan(0.05 * poolPixels);
  });
});
