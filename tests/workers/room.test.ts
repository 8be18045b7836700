import { describe, expect, it } from 'vitest';
import { deltaE2000 } from '../../shared/color/difference';
import { rgbToLab } from '../../shared/color/spaces';
import type { Pixels } from '../../workers/extract';
import {
  analyse,
  analysisMask,
  maskFromTaps,
  photoMask,
  repaint,
  selectSuperpixels,
  type Tap,
  tapRegion,
} from '../../workers/room';
import { enc, iou, linearHex, syntheticRoom } from './room-fixtures';

const W = 320;
const H = 240;
const at = (u: number, v: number) => ({ x: u * W, y: v * H });
const BACK_WALL = at(0.5, 0.22);
const SIDE_WALL = at(0.1, 0.5);

function meanDeltaE(a: Pixels, b: Pixels, where: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let p = 0; p < where.length; p++) {
    if (!where[p]) continue;
    const i = p * 4;
    const x = rgbToLab({ r: a.data[i] as number, g: a.data[i + 1] as number, b: a.data[i + 2] as number });
    const y = rgbToLab({ r: b.data[i] as number, g: b.data[i + 1] as number, b: b.data[i + 2] as number });
    sum += deltaE2000(x, y);
    n++;
  }
  return sum / n;
}

const solid = (width: number, height: number, rgba: [number, number, number, number]): Pixels => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let p = 0; p < width * height; p++) data.set(rgba, p * 4);
  return { width, height, data };
};

describe('maskFromTaps', () => {
  it('finds both walls from one tap each, across the light fall-off and the shadow', () => {
    const room = syntheticRoom({ noise: 3 });
    const mask = maskFromTaps(room.image, [BACK_WALL, SIDE_WALL]);
    expect(mask.length).toBe(W * H);
    expect(iou(mask, room.walls)).toBeGreaterThan(0.88);
  });

  it('keeps the wall on both sides of a shadow crossing it', () => {
    const room = syntheticRoom();
    const mask = maskFromTaps(room.image, [BACK_WALL]);
    // the shadow's core crosses the back wall near u = 0.1 + 0.3 v; sample in it and either side
    for (const [u, v] of [
      [0.26, 0.55],
      [0.34, 0.55],
      [0.45, 0.55],
    ] as const) {
      expect(mask[Math.floor(v * H) * W + Math.floor(u * W)]).toBe(255);
    }
  });

  it('stops at a cupboard of nearly the wall colour, the skirting, the ceiling, the window and the picture', () => {
    const room = syntheticRoom();
    const mask = maskFromTaps(room.image, [BACK_WALL]);
    const value = (u: number, v: number) => mask[Math.floor(v * H) * W + Math.floor(u * W)];
    expect(value(0.52, 0.7)).toBe(0); // cupboard
    expect(value(0.3, 0.815)).toBe(0); // skirting
    expect(value(0.5, 0.08)).toBe(0); // ceiling
    expect(value(0.72, 0.4)).toBe(0); // sky through the window
    expect(value(0.345, 0.37)).toBe(0); // picture
    expect(value(0.5, 0.92)).toBe(0); // floor
  });

  it('a tap on a line a few pixels wide beside the wall (a frame’s edge) takes the wall, not the line alone', () => {
    const room = syntheticRoom({ noise: 3 });
    const a = analyse(room.image);
    const wallNear = (x: number, y: number) => {
      let n = 0;
      for (let dy = -3; dy <= 3; dy++)
        for (let dx = -3; dx <= 3; dx++) n += room.walls[(y + dy) * W + x + dx] as number;
      return n;
    };
    // every piece of a drawn line with wall around it, tapped where a finger might land on it
    const tried = new Set<number>();
    const taken: number[] = [];
    for (let y = 3; y < H - 3; y++) {
      for (let x = 3; x < W - 3; x++) {
        const k = a.labels[y * W + x] as number;
        if ((a.graph.line[k] as number) <= 0.5 || tried.has(k) || wallNear(x, y) < 30) continue;
        tried.add(k);
        const region = tapRegion(a, { x, y }) as Uint8Array;
        taken.push(region.reduce((sum, v) => sum + v, 0));
      }
    }
    expect(taken.length).toBeGreaterThan(5);
    // none is left with the piece it landed on and nothing else
    expect(taken.filter((count) => count <= 1)).toEqual([]);
  });

  it('an erase tap takes away the surface it lands on', () => {
    const room = syntheticRoom();
    const both = maskFromTaps(room.image, [BACK_WALL, SIDE_WALL]);
    const erased = maskFromTaps(room.image, [BACK_WALL, SIDE_WALL, { ...SIDE_WALL, erase: true }]);
    const side = (m: Uint8Array) => m[Math.floor(SIDE_WALL.y) * W + Math.floor(SIDE_WALL.x)];
    expect(side(both)).toBe(255);
    expect(side(erased)).toBe(0);
    expect(erased[Math.floor(BACK_WALL.y) * W + Math.floor(BACK_WALL.x)]).toBe(255);
  });

  it('a tap on the sky through the window selects at most the pane, never the room', () => {
    const room = syntheticRoom();
    const mask = maskFromTaps(room.image, [at(0.72, 0.4)]);
    const selected = mask.reduce((n, v) => n + (v >= 128 ? 1 : 0), 0);
    expect(selected).toBeLessThan(0.1 * W * H);
    expect(iou(mask, room.walls)).toBeLessThan(0.05);
  });

  it('the worker split (analyse once, then select per tap) gives the same mask as maskFromTaps', () => {
    const room = syntheticRoom({ noise: 3 });
    const analysis = analyse(room.image);
    const taps = [BACK_WALL, SIDE_WALL];
    const selected = selectSuperpixels(analysis, taps);
    expect(Array.from(photoMask(room.image, analysis, selected))).toEqual(Array.from(maskFromTaps(room.image, taps)));
    const outline = analysisMask(analysis, selected);
    expect(outline.length).toBe(analysis.width * analysis.height);
    expect(outline.some((v) => v === 255)).toBe(true);
    // a later tap costs only the selection: the analysis is reused as it is
    const more = selectSuperpixels(analysis, [...taps, { ...SIDE_WALL, erase: true }]);
    expect(more.reduce((n, v) => n + v, 0)).toBeLessThan(selected.reduce((n, v) => n + v, 0));
    // each tap's region kept and applied again (as the worker does) selects what flooding afresh does
    const regions = new Map<Tap, Uint8Array | null>();
    const kept = (tap: Tap) => {
      if (!regions.has(tap)) regions.set(tap, tapRegion(analysis, tap));
      return regions.get(tap) ?? null;
    };
    const erase = { ...SIDE_WALL, erase: true };
    for (const sequence of [taps, [...taps, erase], [...taps, erase, SIDE_WALL], [erase, ...taps]]) {
      expect(Array.from(selectSuperpixels(analysis, sequence, undefined, kept))).toEqual(
        Array.from(selectSuperpixels(analysis, sequence)),
      );
    }
    expect(regions.size).toBe(3);
  });

  it('bad input gives an empty or whole mask, never a throw', () => {
    const room = syntheticRoom();
    expect(maskFromTaps(room.image, []).every((v) => v === 0)).toBe(true);
    const outside = maskFromTaps(room.image, [
      { x: -5, y: 10 },
      { x: W + 3, y: H * 2 },
      { x: Number.NaN, y: 1 },
    ]);
    expect(outside.every((v) => v === 0)).toBe(true);
    expect(Array.from(maskFromTaps(solid(1, 1, [200, 180, 160, 255]), [{ x: 0, y: 0 }]))).toEqual([255]);
    const clear = maskFromTaps(solid(40, 30, [0, 0, 0, 0]), [{ x: 20, y: 15 }]);
    expect(clear.every((v) => v === 0)).toBe(true);
    expect(maskFromTaps({ width: 0, height: 0, data: new Uint8ClampedArray(0) }, [{ x: 0, y: 0 }]).length).toBe(0);
  });
});

describe('repaint', () => {
  it('leaves every pixel outside the mask exactly as it was', () => {
    const room = syntheticRoom({ noise: 4 });
    const mask = Uint8Array.from(room.walls, (v) => v * 255);
    for (let p = 0; p < mask.length; p += 13) if (mask[p]) mask[p] = 90; // some soft values too
    const out = repaint(room.image, mask, '#203a5c', '#8fa79a');
    const outNoWalls = repaint(room.image, mask, '#203a5c');
    for (const result of [out, outNoWalls]) {
      let changedOutside = 0;
      let changedInside = 0;
      for (let i = 0; i < result.data.length; i++) {
        if (result.data[i] === room.image.data[i]) continue;
        if (mask[i >> 2]) changedInside++;
        else changedOutside++;
      }
      expect(changedOutside).toBe(0);
      expect(changedInside).toBeGreaterThan(1000);
    }
  });

  it('repainting a wall in the paint it already has changes nothing', () => {
    const room = syntheticRoom({ noise: 4 });
    const mask = Uint8Array.from(room.walls, (v) => v * 255);
    const out = repaint(room.image, mask, '#8FA79A', '#8fa79a');
    let worst = 0;
    for (let i = 0; i < out.data.length; i++)
      worst = Math.max(worst, Math.abs((out.data[i] as number) - (room.image.data[i] as number)));
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('keeps the light: a shaded wall repainted matches the same room painted that colour', () => {
    const room = syntheticRoom({ bounce: 0.35 });
    const mask = Uint8Array.from(room.walls, (v) => v * 255);
    for (const paint of ['#1f3347', '#e8d9b5', '#b6532f']) {
      const truth = room.withWalls(paint);
      const out = repaint(room.image, mask, paint, '#8fa79a');
      expect(meanDeltaE(out, truth, room.walls)).toBeLessThan(1);
      expect(meanDeltaE(out, truth, room.walls)).toBeLessThan(meanDeltaE(room.image, truth, room.walls));
    }
  });

  it('without the current paint, reads it from the whites beside the wall rather than assuming a white', () => {
    const room = syntheticRoom({ wallHex: '#b6532f', noise: 2 });
    const mask = Uint8Array.from(room.walls, (v) => v * 255);
    const truth = room.withWalls('#3d4e57');
    const estimated = meanDeltaE(repaint(room.image, mask, '#3d4e57'), truth, room.walls);
    const assumedWhite = meanDeltaE(repaint(room.image, mask, '#3d4e57', '#f3f1ea'), truth, room.walls);
    expect(estimated).toBeLessThan(3);
    expect(estimated).toBeLessThan(assumedWhite / 3);
  });

  it('a soft mask value blends between the photo and the repaint', () => {
    const image = solid(3, 1, [200, 200, 200, 255]);
    const out = repaint(image, Uint8Array.from([0, 128, 255]), '#204060', '#c8c8c8');
    const [none, mid, full] = [0, 1, 2].map((p) => out.data[p * 4 + 2] as number);
    expect(none).toBe(200);
    expect(full).toBeLessThan(0x70);
    expect(mid).toBeGreaterThan(full as number);
    expect(mid).toBeLessThan(200);
  });

  it('a darker paint also darkens the light the walls bounce onto themselves', () => {
    const room = syntheticRoom({ bounce: 0.35 });
    const mask = Uint8Array.from(room.walls, (v) => v * 255);
    const out = repaint(room.image, mask, '#2a3340', '#8fa79a');
    const truth = room.withWalls('#2a3340');
    // the plain ratio keeps the old paint's bounce light and comes out too light
    const [oldPaint, newPaint] = [linearHex('#8fa79a'), linearHex('#2a3340')];
    const plain = { ...room.image, data: new Uint8ClampedArray(room.image.data) };
    for (let p = 0; p < mask.length; p++) {
      for (let c = 0; c < 3 && mask[p]; c++) {
        const seen = linearHex(`#${(room.image.data[p * 4 + c] as number).toString(16).padStart(2, '0').repeat(3)}`)[0];
        plain.data[p * 4 + c] = enc((seen * (newPaint[c] as number)) / (oldPaint[c] as number));
      }
    }
    const lightness = (img: Pixels) => meanDeltaE(img, truth, room.walls);
    expect(lightness(out)).toBeLessThan(1);
    expect(lightness(out)).toBeLessThan(lightness(plain));
  });

  it('bad input comes back unchanged, never a throw', () => {
    const image = solid(2, 2, [10, 20, 30, 255]);
    expect(Array.from(repaint(image, new Uint8Array(4).fill(255), 'not a colour').data)).toEqual(
      Array.from(image.data),
    );
    expect(repaint(image, new Uint8Array(0), '#ffffff').data).toEqual(image.data);
    expect(repaint(solid(1, 1, [0, 0, 0, 0]), Uint8Array.from([255]), '#ff0000').data.length).toBe(4);
  });
});
