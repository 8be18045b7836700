import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../workers/kmeans';
import { extendSegments, lineSegments, type Segment, stepEvidence } from '../../workers/room-lines';

const W = 120;
const H = 60;
const ROW = 30;
/** An upright line at this column that a carried-on line meets. */
const WALL_EDGE = 100;

/**
 * 100·ln(L*+16)-like picture: above ROW one level, below it `step` higher up to column `stepEnd`
 * and flat after, with seeded noise; and the drawn lines: the given segment's pixels and an
 * upright line at WALL_EDGE.
 */
function scene(step: number, stepEnd: number) {
  let state = 11;
  const noise = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state / 2147483648 - 0.5) * 2;
  };
  const value = new Float32Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) value[y * W + x] = 450 + (y >= ROW && x < stepEnd ? step : 0) + noise();
  const lines = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) lines[y * W + WALL_EDGE] = 2;
  for (let x = 10; x <= 40; x++) lines[ROW * W + x] = 1;
  return { value, lines };
}

const segment = { x1: 10, y1: ROW - 0.5, x2: 40, y2: ROW - 0.5, width: 1 };
const drawnBetween = (lines: Uint8Array, from: number, to: number) => {
  let n = 0;
  for (let x = from; x < to; x++) if (lines[ROW * W + x] || lines[(ROW - 1) * W + x]) n++;
  return n / (to - from);
};

describe('extendSegments', () => {
  it('carries a level line on to the next line where the picture still steps across it, however faintly', () => {
    const { value, lines } = scene(1.5, W);
    extendSegments([segment], value, lines, W, H, 3);
    expect(drawnBetween(lines, 45, WALL_EDGE)).toBeGreaterThan(0.95);
    expect(lines[ROW * W + WALL_EDGE]).toBe(2); // the upright line keeps its mark
  });

  it('does not carry it across a flat wall, nor further than its reach', () => {
    const flat = scene(1.5, 41);
    extendSegments([segment], flat.value, flat.lines, W, H, 3);
    expect(drawnBetween(flat.lines, 45, WALL_EDGE)).toBe(0);
    const far = scene(1.5, W);
    extendSegments([segment], far.value, far.lines, W, H, 1);
    expect(drawnBetween(far.lines, 45, WALL_EDGE)).toBe(0);
  });
});

/**
 * A wall under a ceiling whose crease bends at a corner's top: from (0, 37) down to (120, 62), then
 * level. The ceiling is lighter by a step that is largest at column 150 (a lamp's pool) and fades
 * out along the crease; [1 2 1]-blurred like the analysed picture, with seeded noise.
 */
function bentCrease(seed: number) {
  const w = 200;
  const h = 100;
  let state = seed;
  const noise = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state / 2147483648 - 0.5) * 2;
  };
  const crease = (x: number) => (x <= 120 ? 37 + (25 * x) / 120 : 62);
  const raw = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      raw[y * w + x] = 450 + (y < crease(x) ? 20 * Math.exp(-Math.abs(x - 150) / 80) + 2 : 0) + 0.3 * noise();
  const value = new Float32Array(raw);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++)
          sum += (raw[(y + dy) * w + x + dx] as number) * (2 - Math.abs(dx)) * (2 - Math.abs(dy));
      value[y * w + x] = sum / 16;
    }
  return { value, w, h, crease };
}

/** Whether segment `s` lies along the crease (both ends within 1.5 px of it) between columns `from` and `to`, over most of that. */
const along = (s: Segment, crease: (x: number) => number, from: number, to: number) =>
  Math.min(s.x1, s.x2) >= from - 3 &&
  Math.max(s.x1, s.x2) <= to + 3 &&
  Math.abs(s.x2 - s.x1) >= 0.8 * (to - from) &&
  Math.abs(s.y1 - crease(s.x1)) <= 1.5 &&
  Math.abs(s.y2 - crease(s.x2)) <= 1.5;

describe('lineSegments', () => {
  it('finds both arms of a crease that bends at a shallow angle, not one wide region over both or none', () => {
    const { value, w, h, crease } = bentCrease(7);
    const found = lineSegments(value, w, h, 0.2);
    expect(found.some((s) => along(s, crease, 0, 120))).toBe(true);
    expect(found.some((s) => along(s, crease, 120, 200))).toBe(true);
  });
});

/** Seeded noise in [-1, 1). */
function noiseFrom(seed: number) {
  const random = seededRandom(seed);
  return () => (random() - 0.5) * 2;
}

describe('stepEvidence on a long way', () => {
  const w = 200;
  const h = 60;
  const row = 30;
  const edge = 180;
  const long = { x1: 10, y1: row - 0.5, x2: 60, y2: row - 0.5, width: 1 };
  const drawnFrom = (lines: Uint8Array, from: number, to: number) => {
    let n = 0;
    for (let x = from; x < to; x++) if (lines[row * w + x] || lines[(row - 1) * w + x]) n++;
    return n / (to - from);
  };
  /** A wall with seeded noise, the level line's pixels and an upright line at `edge`; `paint(x, y)` adds to the wall. */
  function wall(paint: (x: number, y: number) => number) {
    const noise = noiseFrom(5);
    const value = new Float32Array(w * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) value[y * w + x] = 450 + paint(x, y) + noise();
    const lines = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) lines[y * w + edge] = 2;
    for (let x = long.x1; x <= long.x2; x++) lines[row * w + x] = 1;
    return { value, lines };
  }

  it('still carries a line on where a faint step runs evenly the whole way', () => {
    const { value, lines } = wall((_, y) => (y >= row ? 1.5 : 0));
    extendSegments([long], value, lines, w, h, 3);
    expect(drawnFrom(lines, 65, edge)).toBeGreaterThan(0.95);
  });

  it("does not carry it along a frame's top that runs 3 px beside a third of the way over a flat wall", () => {
    // a dark frame (a television) under the way from x 70 to 110, its top 3 px below the line
    const { value, lines } = wall((x, y) => (x >= 70 && x < 110 && y >= row + 3 && y < row + 30 ? -15 : 0));
    extendSegments([long], value, lines, w, h, 3);
    expect(drawnFrom(lines, 65, edge)).toBe(0);
  });

  it('reads a JPEG block boundary (each 8×8 block off by its own error) as no step, its z like a normal deviate', () => {
    // the noise moves whole blocks: across a row at a multiple of 8 the samples of a block agree
    const noise = noiseFrom(17);
    const bw = 256;
    const bh = 256;
    const offsets = Array.from({ length: (bw / 8) * (bh / 8) }, () => 1.7 * noise());
    const value = new Float32Array(bw * bh);
    for (let y = 0; y < bh; y++)
      for (let x = 0; x < bw; x++)
        value[y * bw + x] = 450 + (offsets[(y >> 3) * (bw / 8) + (x >> 3)] as number) + 0.2 * noise();
    const zs: number[] = [];
    for (let y = 16; y < bh - 8; y += 8)
      for (const x of [4, 100]) zs.push(stepEvidence(value, bw, bh, x, y - 0.5, 1, 0, 128, 1).z);
    const meanSquare = zs.reduce((a, z) => a + z * z, 0) / zs.length;
    expect(meanSquare).toBeLessThan(2.5);
    expect(Math.max(...zs)).toBeLessThan(4);
  });
});
