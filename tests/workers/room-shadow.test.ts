import { describe, expect, it } from 'vitest';
import { analyse, selectSuperpixels } from '../../workers/room';
import type { RegionGraph } from '../../workers/room-graph';
import { addShadowPieces } from '../../workers/room-shadow';
import { enc, linearHex, superpixelGraph } from './room-fixtures';

const W = 160;
const H = 120;
const AMBIENT = [0.75, 0.66, 0.56]; // the room's ambient light: the lamps' light bounced off the room
const LAMP = [1, 0.74, 0.5]; // a lamp's own light, warmer

/**
 * A wall of one paint under the room's ambient light, with two warmer lamps low at its sides (their
 * light falling off smoothly from each, cut sharply lower down by their shades' rims) and a
 * dark headboard between them under a picture. The headboard throws the lamps' light off the
 * wall over it: a wedge between it and the picture, with sharp slanting sides, where only the
 * ambient light falls, as it does on the wall far from the lamps where the wall is tapped. With a
 * phone's noise of about a level (seeded). In linear light, then sRGB.
 */
function shadowedWall() {
  const paint = linearHex('#d8cbb4');
  const board = linearHex('#3a4640');
  const frame = linearHex('#2a1c12');
  const data = new Uint8ClampedArray(W * H * 4);
  const wall = new Uint8Array(W * H);
  const wedge = new Uint8Array(W * H);
  let seed = 5;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648 - 0.5) * 3;
  };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const inBoard = x >= 50 && x < 110 && y >= 70;
      const inPicture = x >= 58 && x < 102 && y >= 22 && y < 40;
      // the wedge: over the headboard, its sides slanting in from the headboard's top corners
      const t = (70 - y) / 30;
      const inWedge = y >= 40 && y < 70 && x >= 60 + 10 * t && x < 100 - 10 * t;
      let lamp = 0;
      for (const cx of [30, 130]) lamp += 1.6 * Math.exp(-((x - cx) ** 2 + (y - 75) ** 2) / (2 * 28 * 28));
      // the shades' rims: less of the lamp's light reaches the wall lower down, a sharp cut each
      if (y >= 88) lamp *= 0.75;
      if (y >= 100) lamp *= 0.7;
      if (inWedge) lamp = 0;
      let paintHere = paint;
      if (inBoard) paintHere = board;
      else if (inPicture) paintHere = frame;
      else wall[p] = 1;
      if (inWedge) wedge[p] = 1;
      for (let c = 0; c < 3; c++) {
        const e = 0.45 * (AMBIENT[c] as number) + lamp * (LAMP[c] as number) * 0.45;
        data[p * 4 + c] = enc((paintHere[c] as number) * e) + noise();
      }
      data[p * 4 + 3] = 255;
    }
  }
  return { image: { width: W, height: H, data }, wall, wedge };
}

describe('a wall in the shadow an object throws under a lamp', () => {
  it('is taken with the wall the lamp lights around it, though its edges change the light’s colour', () => {
    const { image, wall, wedge } = shadowedWall();
    const a = analyse(image);
    const selected = selectSuperpixels(a, [{ x: 80, y: 8 }]);
    let inWedge = 0;
    let wedgePixels = 0;
    let outside = 0;
    for (let p = 0; p < wall.length; p++) {
      const on = selected[a.labels[p] as number];
      if (wedge[p]) {
        wedgePixels++;
        if (on) inWedge++;
      }
      if (!wall[p] && on) outside++;
    }
    // a second light of another colour shows (the lamps' pools' rims)
    expect(a.light).not.toBeNull();
    // the wedge but for the superpixels on its border with the picture and the headboard
    expect(inWedge / wedgePixels).toBeGreaterThan(0.6);
    expect(outside).toBeLessThan(0.05 * wedgePixels);
  });
});

describe('a piece darker than the wall, in its paint', () => {
  // 0–7: the tapped wall (L* 70), a row of superpixels; 8: a level line on it (L* 40).
  const wall = Array.from({ length: 8 }, () => ({ l: 70 }));
  const onWall: [number, number][] = [...Array.from({ length: 7 }, (_, k) => [k, k + 1] as [number, number]), [8, 7]];
  const taken = (g: RegionGraph) => {
    const strict = new Uint8Array(g.count);
    for (let k = 0; k < 8; k++) strict[k] = 1;
    addShadowPieces(
      g,
      0,
      strict,
      0.5,
      () => true,
      () => false,
    );
    return Array.from(strict.slice(8));
  };

  it('is a shadow where the wall meets it along its outline: taken', () => {
    // 9, 10: the shade (L* 55) under the line 8, the wall on both sides and above the line
    const g = superpixelGraph(
      [...wall, { l: 40, line: 'level' as const }, { l: 55 }, { l: 55 }],
      [...onWall, [8, 9], [8, 10], [9, 10], [9, 4], [10, 5]],
    );
    expect(taken(g)).toEqual([0, 1, 1]);
  });

  it('stands in front of the wall when it touches the wall at one point round a long outline: not taken', () => {
    // 9–14: a white fire surround (L* 55) outlined by lines (15–20, L* 40) that do not meet the wall;
    // the wall touches it at its one end
    const surround = Array.from({ length: 6 }, () => ({ l: 55 }));
    const outline = Array.from({ length: 6 }, () => ({ l: 40, line: 'level' as const }));
    const pairs: [number, number][] = [...onWall, [0, 9]];
    for (let k = 0; k < 6; k++) {
      if (k > 0) pairs.push([9 + k - 1, 9 + k]);
      pairs.push([9 + k, 15 + k]);
      if (k > 0) pairs.push([9 + k, 15 + k - 1]);
    }
    const g = superpixelGraph([...wall, { l: 40, line: 'level' as const }, ...surround, ...outline], pairs);
    expect(taken(g)).toEqual(new Array(13).fill(0));
  });
});
