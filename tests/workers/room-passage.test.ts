import { describe, expect, it } from 'vitest';
import type { Pixels } from '../../workers/extract';
import { seededRandom } from '../../workers/kmeans';
import { maskFromTaps } from '../../workers/room';
import { enc, linearHex } from './room-fixtures';

const W = 200;
const H = 120;
/** The wall: a rectangle in a blue surround that reaches the picture's edges. */
const WALL = { x0: 10, y0: 10, x1: 190, y1: 110 };
/** A plant's leaves across the whole height of the wall: the part right of them is reached only between them. */
const PLANT = { x0: 92, x1: 118 };

/**
 * A painted wall with a bushy plant in front of it, from its top to its bottom: short leaves a pixel
 * or two wide at every angle (seeded), the wall showing between them, so every superpixel there holds
 * leaf and wall. With a phone's noise of about a level. Returns the picture and the wall's pixels
 * (1) that no leaf hides. `shade`: the light on the wall beyond the plant (×, 1 = none), falling
 * off across the plant, so its edge is hidden by the leaves: the plant's own shade.
 */
function wallBehindPlant(shade = 1): { image: Pixels; wall: Uint8Array } {
  const paint = linearHex('#cfc3ad');
  const leafPaint = linearHex('#2f5a2a');
  const other = linearHex('#3f5f9f');
  const random = seededRandom(5);
  const leaf = new Uint8Array(W * H);
  for (let n = 0; n < 80; n++) {
    const cx = PLANT.x0 + 3 + random() * (PLANT.x1 - PLANT.x0 - 6);
    const cy = WALL.y0 + random() * (WALL.y1 - WALL.y0);
    const angle = random() * Math.PI;
    const length = 4 + random() * 6;
    for (let t = -length / 2; t <= length / 2; t += 0.25) {
      const x = Math.round(cx + t * Math.cos(angle));
      const y = Math.round(cy + t * Math.sin(angle));
      if (x >= 0 && y >= 0 && x < W && y < H) leaf[y * W + x] = 1;
    }
  }
  const data = new Uint8ClampedArray(W * H * 4);
  const wall = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const inWall = x >= WALL.x0 && x < WALL.x1 && y >= WALL.y0 && y < WALL.y1;
      const across = Math.min(1, Math.max(0, (x - PLANT.x0) / (PLANT.x1 - PLANT.x0)));
      const light = inWall ? (0.8 - 0.1 * (x / W)) * (1 - (1 - shade) * across) : 0.6;
      const colour = !inWall ? other : leaf[p] ? leafPaint : paint;
      if (inWall && !leaf[p]) wall[p] = 1;
      for (let c = 0; c < 3; c++)
        data[p * 4 + c] = enc((colour[c] as number) * light) + Math.round((random() - 0.5) * 3);
      data[p * 4 + 3] = 255;
    }
  }
  return { image: { width: W, height: H, data }, wall };
}

/** Share of the wall beyond the plant that `mask` takes, and how many pixels outside the wall it takes. */
function beyondPlant(mask: Uint8Array, wall: Uint8Array): { share: number; outsideTaken: number } {
  let beyond = 0;
  let beyondTaken = 0;
  let outsideTaken = 0;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const taken = (mask[p] as number) >= 128;
      if (wall[p] && x >= PLANT.x1 + 4) {
        beyond++;
        if (taken) beyondTaken++;
      }
      if (!(x >= WALL.x0 && x < WALL.x1 && y >= WALL.y0 && y < WALL.y1) && taken) outsideTaken++;
    }
  }
  return { share: beyondTaken / beyond, outsideTaken };
}

describe('wall seen through a plant', () => {
  it('takes the wall beyond a plant that stands across it in its own shade (under one light)', () => {
    // a fifth less light beyond the plant: (L*+16) ~7 % lower, ~6 L* darker: more than a border's
    // lightness step past a plant allows, but only a shade (the chromaticity kept)
    const { image, wall } = wallBehindPlant(0.8);
    const { share, outsideTaken } = beyondPlant(maskFromTaps(image, [{ x: 40, y: 60 }]), wall);
    expect(share).toBeGreaterThan(0.8);
    expect(outsideTaken).toBeLessThan(2 * (W + H));
  });

  it('takes the wall beyond a plant that stands across it, reached only between the leaves', () => {
    const { image, wall } = wallBehindPlant();
    const { share, outsideTaken } = beyondPlant(maskFromTaps(image, [{ x: 40, y: 60 }]), wall);
    expect(share).toBeGreaterThan(0.8);
    // the surround is not reached over the leaves (only the filter's soft rim along the wall's edge)
    expect(outsideTaken).toBeLessThan(2 * (W + H));
  });
});
