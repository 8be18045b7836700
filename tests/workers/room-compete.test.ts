import { describe, expect, it } from 'vitest';
import type { Pixels } from '../../workers/extract';
import { analyse, selectSuperpixels } from '../../workers/room';
import { enc, selectedShare } from './room-fixtures';

const W = 160;
const H = 100;

/**
 * A wall (left half) in light falling off towards the right, beside a panel (right half) whose
 * paint starts a little cooler than the wall's, a clear but modest step, and turns steadily to a
 * strong blue across it: no neighbour differs much from the next inside the panel, yet its far
 * side is plainly not the wall's paint.
 */
function wallBesidePanel(noise = 2): { image: Pixels; wall: Uint8Array; panel: Uint8Array } {
  const data = new Uint8ClampedArray(W * H * 4);
  const wall = new Uint8Array(W * H);
  const panel = new Uint8Array(W * H);
  let state = 12345;
  const rand = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const wallPaint = [0.46, 0.4, 0.3];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const light = 1 - 0.45 * (x / W) - 0.1 * (y / H);
      let r: number[];
      if (x < W / 2) {
        r = wallPaint;
        wall[p] = 1;
      } else {
        const t = (x - W / 2) / (W / 2); // 0 at the border, 1 at the far side
        r = [0.42 - 0.3 * t, 0.4 - 0.1 * t, 0.34 + 0.2 * t];
        panel[p] = 1;
      }
      for (let c = 0; c < 3; c++) data[p * 4 + c] = enc((r[c] as number) * light) + (rand() - 0.5) * 2 * noise;
      data[p * 4 + 3] = 255;
    }
  }
  return { image: { width: W, height: H, data }, wall, panel };
}

describe('a tap floods its surface against what is clearly not it', () => {
  it('takes the whole wall across its fall-off of light and stops where the panel begins', () => {
    const { image, wall, panel } = wallBesidePanel();
    const a = analyse(image);
    const selected = selectSuperpixels(a, [{ x: 20, y: 50 }]);
    expect(selectedShare(selected, a.labels, wall)).toBeGreaterThan(0.9);
    expect(selectedShare(selected, a.labels, panel)).toBeLessThan(0.08);
  });

  it('a tap on the panel takes the panel, not the wall beside it', () => {
    const { image, wall, panel } = wallBesidePanel();
    const a = analyse(image);
    const selected = selectSuperpixels(a, [{ x: 150, y: 50 }]);
    expect(selectedShare(selected, a.labels, panel)).toBeGreaterThan(0.2);
    expect(selectedShare(selected, a.labels, wall)).toBeLessThan(0.05);
  });
});
