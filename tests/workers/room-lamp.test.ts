import { describe, expect, it } from 'vitest';
import { lampAxis, lightDistance } from '../../workers/room-lamp';
import type { Segment } from '../../workers/room-lines';
import { labImage } from '../../workers/room-pixels';
import { enc, linearHex } from './room-fixtures';

const W = 120;
const H = 120;
const AMBIENT = [0.55, 0.6, 0.7]; // a cool evening light from everywhere
const LAMP = [1, 0.62, 0.3]; // a warm lamp

/**
 * A wall of one paint under the ambient light with four bands of more light added, each with a
 * sharp level top edge (a shade's cut-off): the `lamp`'s, or with none, the ambient's own. In
 * linear light, then sRGB and CIELAB. The bands' top edges are the level lines.
 */
function lampWall(paintHex: string, lamp: readonly number[] | null) {
  const paint = linearHex(paintHex);
  const data = new Uint8ClampedArray(W * H * 4);
  const segments: Segment[] = [];
  const bands = [20, 45, 70, 95];
  for (const y of bands) segments.push({ x1: 10, y1: y - 0.5, x2: W - 10, y2: y - 0.5, width: 1 });
  for (let y = 0; y < H; y++) {
    // the lamp's share steps up at each band's top edge, by more each time
    const share = [0, 0.12, 0.3, 0.6, 1.1][bands.filter((b) => y >= b).length] as number;
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      for (let c = 0; c < 3; c++) {
        const e = (0.3 + (lamp ? 0 : share)) * (AMBIENT[c] as number) + (lamp ? share * (lamp[c] as number) : 0);
        data[p * 4 + c] = enc((paint[c] as number) * e);
      }
      data[p * 4 + 3] = 255;
    }
  }
  const lab = labImage({ width: W, height: H, data });
  const at = (y: number) => {
    const p = (y * W + W / 2) * 3;
    const l = (lab[p] as number) + 16;
    return [((lab[p + 1] as number) * 100) / l, ((lab[p + 2] as number) * 100) / l, l] as const;
  };
  return { axis: lampAxis(lab, W, H, segments), at };
}

describe('a second light of another colour (a lamp) on a wall', () => {
  it("reads the way the lamp moves the paint's chromaticity off its pools' edges, and counts that walk less", () => {
    const { axis, at } = lampWall('#d8cbb4', LAMP);
    expect(axis).not.toBeNull();
    // either side of the last pool's edge
    const dim = at(80);
    const lit = at(110);
    const plain = lightDistance(null, ...dim, ...lit);
    const discounted = lightDistance(axis, ...dim, ...lit);
    // the same paint in and out of the lamp's pool: beyond the corner tolerance plainly, within it discounted
    expect(plain).toBeGreaterThan(2);
    expect(discounted).toBeLessThan(plain / 2);
    expect(discounted).toBeLessThan(2);
    // across every edge the walk counts a good deal less
    for (const [a, b] of [
      [10, 30],
      [30, 60],
      [60, 80],
    ] as const)
      expect(lightDistance(axis, ...at(a), ...at(b))).toBeLessThan(lightDistance(null, ...at(a), ...at(b)) / 2.5);
  });

  it('still tells a darker, lamp-coloured surface (wood) from the wall', () => {
    const { axis, at } = lampWall('#d8cbb4', LAMP);
    const dim = at(10);
    // a wood board in the ambient: as far along the lamp's way as the lit wall, but darker, not brighter
    const wood = lampWall('#9a6a40', LAMP).at(10);
    expect(lightDistance(axis, ...dim, ...wood)).toBeGreaterThan(2);
    expect(lightDistance(axis, ...dim, ...wood)).toBeCloseTo(lightDistance(null, ...dim, ...wood), 6);
  });

  it('finds no second light where only the light’s strength changes', () => {
    expect(lampWall('#d8cbb4', null).axis).toBeNull();
  });
});
