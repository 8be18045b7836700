import { describe, expect, it } from 'vitest';
import type { Pixels } from '../../workers/extract';
import { analyse, selectSuperpixels } from '../../workers/room';
import { enc, linearHex, selectedShare } from './room-fixtures';

const W = 200;
const H = 150;

/**
 * A dim olive wall in the evening (L* about 5 to 12, lit from the left) with a black lamp shade
 * hanging in front of it: a dome whose soft top (the light wraps round it) fades into the wall
 * over several pixels, so no border along its top is a clear step in L*.
 */
function shadeOnDimWall(noise = 1.5): { image: Pixels; wall: Uint8Array; shade: Uint8Array } {
  const data = new Uint8ClampedArray(W * H * 4);
  const wall = new Uint8Array(W * H);
  const shade = new Uint8Array(W * H);
  let state = 4242;
  const rand = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const paint = linearHex('#6b6a45');
  const black = [0.012, 0.011, 0.01];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const light = 0.05 * (1 - 0.6 * (x / W)) * (1 - 0.3 * (y / H));
      // the dome: centred at (100, 95), 90 px across, 30 px high; its top fades over several pixels
      const dx = (x - 100) / 45;
      const dy = (95 - y) / 30;
      const r = Math.hypot(dx, dy);
      const inDome = y <= 95 && y >= 95 - 30 && r < 1;
      const t = y > 95 ? 0 : Math.min(1, Math.max(0, (1 - r) * (dy > 0.4 ? 2.5 : 30)));
      if (inDome && t > 0.5) shade[p] = 1;
      else if (!inDome || t === 0) wall[p] = 1;
      for (let c = 0; c < 3; c++) {
        const rho = (paint[c] as number) * (1 - t) + (black[c] as number) * t;
        data[p * 4 + c] = enc(rho * light) + (rand() - 0.5) * 2 * noise;
      }
      data[p * 4 + 3] = 255;
    }
  }
  return { image: { width: W, height: H, data }, wall, shade };
}

describe('in the dark, lightness is judged as a ratio of light', () => {
  it('a black lamp shade in front of a dim wall is not taken with the wall', () => {
    const { image, wall, shade } = shadeOnDimWall();
    const a = analyse(image);
    const selected = selectSuperpixels(a, [{ x: 40, y: 40 }]);
    expect(selectedShare(selected, a.labels, wall)).toBeGreaterThan(0.85);
    expect(selectedShare(selected, a.labels, shade)).toBeLessThan(0.2);
  });
});
