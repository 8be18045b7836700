import { describe, expect, it } from 'vitest';
import { extendSegments } from '../../workers/room-lines';

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
