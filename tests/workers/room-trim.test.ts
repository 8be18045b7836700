import { describe, expect, it } from 'vitest';
import type { Pixels } from '../../workers/extract';
import { maskFromTaps } from '../../workers/room';
import { enc, linearHex } from './room-fixtures';

const W = 240;
const H = 180;
/** The window's sky, in pixels; white trim (frame and architrave) runs `TRIM` px round it. */
const SKY = { x0: 140, x1: 196, y0: 40, y1: 112 };
/**
 * How the trim is drawn: `trim` px wide round the sky; its outer edge is a moulding, not a cut,
 * blending into the wall over `soft` px; the sensor's noise spans `noise` grey levels.
 */
interface Look {
  trim: number;
  soft: number;
  noise: number;
}

type Part = 'wall' | 'trim' | 'sky';

/**
 * An off-white wall round a window whose white trim is within a few ΔE of the wall and meets it
 * softly, as a camera records it: reflectance × light (falling off from the window), sensor noise.
 */
function trimmedWindow(
  wallHex: string,
  trimHex: string,
  { trim: TRIM, soft: SOFT, noise }: Look,
): { image: Pixels; part: Part[] } {
  const wall = linearHex(wallHex);
  const trim = linearHex(trimHex);
  const data = new Uint8ClampedArray(W * H * 4);
  const part: Part[] = [];
  let state = 11;
  const rand = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296 - 0.5;
  };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      // pixels beyond the sky's edge; the trim's share falls from 1 to 0 over SOFT px at its outer edge
      const out = Math.max(SKY.x0 - x, x + 1 - SKY.x1, SKY.y0 - y, y + 1 - SKY.y1);
      part[p] = out <= 0 ? 'sky' : out <= TRIM ? 'trim' : 'wall';
      const k = Math.min(1, Math.max(0, (out - (TRIM - SOFT / 2)) / SOFT));
      const e = 0.55 + 0.4 * Math.exp(-Math.hypot(x - 168, y - 76) / 120);
      for (let c = 0; c < 3; c++) {
        const r =
          part[p] === 'sky'
            ? ([1, 1, 1.05][c] as number)
            : ((trim[c] as number) * (1 - k) + (wall[c] as number) * k) * e;
        data[p * 4 + c] = enc(r) + noise * rand();
      }
      data[p * 4 + 3] = 255;
    }
  }
  return { image: { width: W, height: H, data }, part };
}

function shares(wallHex: string, trimHex: string, look: Look) {
  const { image, part } = trimmedWindow(wallHex, trimHex, look);
  const mask = maskFromTaps(image, [{ x: 60, y: 90 }]);
  const share = (of: Part) => {
    let n = 0;
    let inside = 0;
    for (let p = 0; p < part.length; p++) {
      if (part[p] !== of) continue;
      n++;
      if ((mask[p] as number) >= 128) inside++;
    }
    return inside / n;
  };
  return { wall: share('wall'), trim: share('trim') };
}

describe('maskFromTaps beside trim', () => {
  it('stops at the soft outer edge of white trim round a window, though the trim is nearly the wall colour', () => {
    const { wall, trim } = shares('#d8d3ca', '#dcdad6', { trim: 6, soft: 4, noise: 4 });
    expect(wall).toBeGreaterThan(0.95);
    // the outer pixels of the trim are half wall already: most of the rest must be left out
    expect(trim).toBeLessThan(0.3);
  });

  it('leaves out white trim beside an off-white wall of the same hue, a few % lighter and no other colour', () => {
    // an off-white wall and its white trim: the same chromaticity, L* 80 and 87, a sharper
    // moulding but a phone's noise (±6 levels), in which the line finder does not see it
    const { wall, trim } = shares('#c8c6c2', '#dcdad6', { trim: 7, soft: 2, noise: 12 });
    expect(wall).toBeGreaterThan(0.95);
    expect(trim).toBeLessThan(0.3);
  });
});
