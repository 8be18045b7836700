import { describe, expect, it } from 'vitest';
import { blur3 } from '../../workers/room-edges';
import { labImage } from '../../workers/room-pixels';
import { maskFromTaps } from '../../workers/room';
import { peelRims } from '../../workers/room-rim';
import { enc, linearHex } from './room-fixtures';

const W = 200;
const H = 150;
/** A dark window pane in the middle of a wall; what runs round it depends on the case. */
const PANE = { x0: 70, x1: 130, y0: 45, y1: 105 };

type Part = 'wall' | 'rim' | 'pane';

/**
 * A wall round a dark pane, as a camera records it (reflectance × light falling off across the
 * wall, sensor noise): `rim` px of `rimHex` run round the pane, meeting the wall over a soft px.
 * The selection handed in is all but the pane: the rim taken with the wall, as superpixels that
 * hold both take it. `glow` lightens the wall beside the pane (light off it), fading over 3 px.
 */
function paneInWall(wallHex: string, rimHex: string, rim: number, glow = 0) {
  const wall = linearHex(wallHex);
  const trim = linearHex(rimHex);
  const data = new Uint8ClampedArray(W * H * 4);
  const part: Part[] = [];
  const mask = new Uint8Array(W * H);
  let state = 7;
  const rand = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296 - 0.5;
  };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const out = Math.max(PANE.x0 - x, x + 1 - PANE.x1, PANE.y0 - y, y + 1 - PANE.y1);
      part[p] = out <= 0 ? 'pane' : out <= rim ? 'rim' : 'wall';
      mask[p] = out <= 0 ? 0 : 255;
      const k = Math.min(1, Math.max(0, out - rim + 0.5));
      const e = (0.6 + 0.3 * Math.exp(-Math.hypot(x - 100, y - 75) / 90)) * (1 + glow * Math.exp(-out / 3));
      for (let c = 0; c < 3; c++) {
        const r = out <= 0 ? 0.01 : ((trim[c] as number) * (1 - k) + (wall[c] as number) * k) * e;
        data[p * 4 + c] = enc(r) + 6 * rand();
      }
      data[p * 4 + 3] = 255;
    }
  }
  const lab = blur3(labImage({ width: W, height: H, data }), W, H);
  const kept = peelRims(mask, lab, W, H);
  const share = (of: Part) => {
    let n = 0;
    let inside = 0;
    for (let p = 0; p < part.length; p++) {
      if (part[p] !== of) continue;
      n++;
      if ((kept[p] as number) >= 128) inside++;
    }
    return n ? inside / n : 0;
  };
  return { wall: share('wall'), rim: share('rim') };
}

describe('peelRims', () => {
  it('cuts off a band of white trim taken round a window, a few ΔE from a coloured wall', () => {
    const { wall, rim } = paneInWall('#c9d3c4', '#dcdcd8', 6);
    expect(wall).toBeGreaterThan(0.97);
    expect(rim).toBeLessThan(0.4);
  });

  it("cuts off white trim that reads a little bluer than the warm-white wall (a window's sky on it)", () => {
    const { wall, rim } = paneInWall('#d8d4cc', '#d4dce6', 6);
    expect(wall).toBeGreaterThan(0.97);
    expect(rim).toBeLessThan(0.4);
  });

  it('keeps a strip of the wall in a warm pool of light beside the edge (a lamp, not trim)', () => {
    const { rim } = paneInWall('#d9d8d4', '#ecd9bd', 6);
    expect(rim).toBeGreaterThan(0.9);
  });

  it('keeps a wall that runs up to the edge, only brighter beside it (light, not another paint)', () => {
    const { wall } = paneInWall('#c9d3c4', '#c9d3c4', 0, 0.15);
    expect(wall).toBeGreaterThan(0.99);
  });
});

/**
 * A warm off-white wall round a dark window whose white casing (`CASING` px, meeting the wall
 * over a soft 3 px moulding) is a few ΔE from it, as a camera records it; the wall is tapped.
 */
function casedWindow() {
  const WW = 240;
  const HH = 180;
  const CASING = 10;
  const SOFT = 3;
  const glass = { x0: 80, x1: 160, y0: 50, y1: 120 };
  const wall = linearHex('#d8d3ca');
  const trim = linearHex('#e4e2de');
  const data = new Uint8ClampedArray(WW * HH * 4);
  const part: Part[] = [];
  let state = 7;
  const rand = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296 - 0.5;
  };
  for (let y = 0; y < HH; y++) {
    for (let x = 0; x < WW; x++) {
      const p = y * WW + x;
      const out = Math.max(glass.x0 - x, x + 1 - glass.x1, glass.y0 - y, y + 1 - glass.y1);
      part[p] = out <= 0 ? 'pane' : out <= CASING ? 'rim' : 'wall';
      const k = Math.min(1, Math.max(0, (out - (CASING - SOFT / 2)) / SOFT));
      const e = 0.6 + 0.3 * Math.exp(-Math.hypot(x - 120, y - 85) / 90);
      for (let c = 0; c < 3; c++) {
        const r =
          out <= 0 ? ([0.02, 0.03, 0.05][c] as number) : ((trim[c] as number) * (1 - k) + (wall[c] as number) * k) * e;
        data[p * 4 + c] = enc(r) + 8 * rand();
      }
      data[p * 4 + 3] = 255;
    }
  }
  return { image: { width: WW, height: HH, data }, part };
}

describe('maskFromTaps round a window casing', () => {
  it('leaves out most of a white casing the superpixels took with the wall', () => {
    const { image, part } = casedWindow();
    const mask = maskFromTaps(image, [{ x: 30, y: 90 }]);
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
    expect(share('wall')).toBeGreaterThan(0.99);
    // without the strip test nearly half of the casing goes with the wall
    expect(share('rim')).toBeLessThan(0.35);
  });
});
