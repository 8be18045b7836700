import { describe, expect, it } from 'vitest';
import type { Pixels } from '../../workers/extract';
import { seededRandom } from '../../workers/kmeans';
import { maskFromTaps } from '../../workers/room';
import { enc, linearHex } from './room-fixtures';

const W = 200;
const H = 120;
/** The wall: a rectangle in a blue surround that reaches the picture's edges. */
const WALL = { x0: 10, y0: 10, x1: 190, y1: 110 };
/** A bushy plant in front of the wall, all round a gap where the wall shows in its deep shade. */
const PLANT = { x0: 70, y0: 25, x1: 140, y1: 95 };
const GAP = { x0: 92, y0: 45, x1: 118, y1: 75 };

const inside = (r: { x0: number; y0: number; x1: number; y1: number }, x: number, y: number) =>
  x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1;

/**
 * A painted wall with a plant in front of it whose leaves (short, a pixel or two wide, at every
 * angle, seeded) ring a gap where the wall shows, in the plant's shade: a third of the light, so
 * darker than a passage between leaves may bring (its chromaticity kept). With a phone's noise of
 * about a level. Returns the picture and the gap's wall pixels (1).
 */
function shadedGap(): { image: Pixels; gap: Uint8Array } {
  const paint = linearHex('#cfc3ad');
  const leafPaint = linearHex('#2f5a2a');
  const other = linearHex('#3f5f9f');
  const random = seededRandom(11);
  const leaf = new Uint8Array(W * H);
  for (let n = 0; n < 260; n++) {
    const cx = PLANT.x0 + 3 + random() * (PLANT.x1 - PLANT.x0 - 6);
    const cy = PLANT.y0 + 3 + random() * (PLANT.y1 - PLANT.y0 - 6);
    if (inside(GAP, cx, cy)) continue;
    const angle = random() * Math.PI;
    const length = 4 + random() * 6;
    for (let t = -length / 2; t <= length / 2; t += 0.25) {
      const x = Math.round(cx + t * Math.cos(angle));
      const y = Math.round(cy + t * Math.sin(angle));
      if (!inside(GAP, x, y)) leaf[y * W + x] = 1;
    }
  }
  const data = new Uint8ClampedArray(W * H * 4);
  const gap = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const inWall = inside(WALL, x, y);
      const light = !inWall ? 0.6 : inside(GAP, x, y) ? 0.3 * 0.75 : 0.75;
      const colour = !inWall ? other : leaf[p] ? leafPaint : paint;
      if (inside(GAP, x, y)) gap[p] = 1;
      for (let c = 0; c < 3; c++)
        data[p * 4 + c] = enc((colour[c] as number) * light) + Math.round((random() - 0.5) * 3);
      data[p * 4 + 3] = 255;
    }
  }
  return { image: { width: W, height: H, data }, gap };
}

describe('wall no flood reaches', () => {
  it('takes the shaded wall in a gap of a plant in front of it, on the wall tapped', () => {
    const { image, gap } = shadedGap();
    const mask = maskFromTaps(image, [{ x: 30, y: 60 }]);
    let all = 0;
    let taken = 0;
    let outside = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const p = y * W + x;
        const on = (mask[p] as number) >= 128;
        if (gap[p]) {
          all++;
          if (on) taken++;
        }
        if (!inside(WALL, x, y) && on) outside++;
      }
    }
    expect(taken / all).toBeGreaterThan(0.6);
    // the surround stays out (only the filter's soft rim along the wall's edge)
    expect(outside).toBeLessThan(2 * (W + H));
  });
});
