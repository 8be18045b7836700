import { describe, expect, it } from 'vitest';
import type { Pixels } from '../../workers/extract';
import { refineMask } from '../../workers/room-refine';
import { enc } from './room-fixtures';

/**
 * A wall (left) meeting a somewhat darker surface (right) along an upright line between columns
 * STEP−1 and STEP; the wall darkens a little towards the line (the shade in a crease), and a
 * little noise is added.
 */
const W = 48;
const H = 40;
const STEP = 24;

function crease(seed: number): Pixels {
  const data = new Uint8ClampedArray(W * H * 4);
  let s = seed;
  const noise = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return (s / 2147483648 - 0.5) * 3;
  };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const shade = x < STEP ? 0.6 - 0.05 * Math.max(0, x - (STEP - 3)) : 0.42;
      const v = enc(shade) + noise();
      const i = (y * W + x) * 4;
      data[i] = v;
      data[i + 1] = v;
      data[i + 2] = v;
      data[i + 3] = 255;
    }
  }
  return { width: W, height: H, data };
}

describe('refineMask: the edge on the photo’s step', () => {
  it('puts the pixels beside a shaded crease on the side of the steepest step', () => {
    const image = crease(7);
    // the coarse mask takes a pixel beyond the line (as superpixels on a blurred picture may);
    // the guided filter alone leaves that pixel about half in, on the ramp of the shade
    const coarse = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) for (let x = 0; x < STEP + 1; x++) coarse[y * W + x] = 255;
    const mask = refineMask(image, coarse, W, H);
    let wrong = 0;
    for (let y = 4; y < H - 4; y++) {
      for (let x = STEP - 4; x < STEP + 4; x++) if ((mask[y * W + x] as number) >= 128 !== x < STEP) wrong++;
    }
    expect(wrong).toBe(0);
  });
});
