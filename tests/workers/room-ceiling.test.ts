import { describe, expect, it } from 'vitest';
import { anchorCeilingLines } from '../../workers/room-ceiling';
import type { Segment } from '../../workers/room-lines';

const W = 160;
const H = 120;
/** Two wall corners: the near one's top on the crease, the far one standing a little proud of it. */
const NEAR = { x: 50, top: 40 };
const FAR = { x: 130, top: 30 };
/** The crease between their tops: the recess wall's ceiling line the line finder missed. */
const creaseY = (x: number) => NEAR.top + ((x - NEAR.x) * (FAR.top + 2 - NEAR.top)) / (FAR.x - NEAR.x);

interface Options {
  /** L* of the ceiling over the crease (the walls are L* 90). */
  ceiling?: number;
  /** Chromaticity (a*) of what lies left of the near corner and right of the far one: frames' wood rather than walls. */
  wood?: number;
}

/**
 * A white recess wall under a white ceiling, seeded noise, as CIELAB; its two corners and the
 * ceiling lines beyond them already drawn (the one leaving the near corner's top to the left, the
 * one leaving the far corner's top to the right), the crease between them not.
 */
function scene({ ceiling = 93, wood = 0 }: Options = {}) {
  let state = 7;
  const noise = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state / 2147483648 - 0.5) * 0.6;
  };
  const lab = new Float32Array(W * H * 3);
  const value = new Float32Array(W * H);
  const lines = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const top = x < NEAR.x ? NEAR.top + (NEAR.x - x) * 0.2 : x < FAR.x ? creaseY(x) : FAR.top;
      const l = (y < top ? ceiling : 90) + noise();
      lab[p * 3] = l;
      lab[p * 3 + 1] = (x < NEAR.x || x > FAR.x) && y >= top ? wood : 0;
      value[p] = 100 * Math.log(l + 16);
    }
  }
  for (let y = NEAR.top; y < H; y++) lines[y * W + NEAR.x] = 2;
  for (let y = FAR.top; y < H; y++) lines[y * W + FAR.x] = 2;
  for (let x = 0; x <= NEAR.x; x++) lines[Math.round(NEAR.top + (NEAR.x - x) * 0.2) * W + x] = 1;
  for (let x = FAR.x; x < W; x++) lines[FAR.top * W + x] = 1;
  const corners: Segment[] = [
    { x1: NEAR.x, y1: NEAR.top, x2: NEAR.x, y2: H - 1, width: 1 },
    { x1: FAR.x, y1: FAR.top, x2: FAR.x, y2: H - 1, width: 1 },
  ];
  return { lab, value, lines, corners };
}

/** Share of the crease's columns between the corners with a line drawn within 1 px of it. */
function creaseDrawn(lines: Uint8Array): number {
  let n = 0;
  let drawn = 0;
  for (let x = NEAR.x + 6; x < FAR.x - 6; x++) {
    n++;
    const y = Math.round(creaseY(x));
    if (lines[(y - 1) * W + x] || lines[y * W + x] || lines[(y + 1) * W + x]) drawn++;
  }
  return drawn / n;
}

const drawnCount = (lines: Uint8Array) => lines.reduce((n, v) => n + (v ? 1 : 0), 0);

describe('anchorCeilingLines', () => {
  it('draws the faint crease from one corner top to the next where the line finder left a gap', () => {
    const { lab, value, lines, corners } = scene();
    anchorCeilingLines(corners, lab, value, lines, W, H);
    expect(creaseDrawn(lines)).toBeGreaterThan(0.9);
  });

  it('still finds it when a level line passes just over the corner (another line carried on past it)', () => {
    const { lab, value, lines, corners } = scene();
    for (let x = NEAR.x - 30; x <= NEAR.x + 2; x++) lines[(NEAR.top - 6) * W + x] = 1;
    anchorCeilingLines(corners, lab, value, lines, W, H);
    expect(creaseDrawn(lines)).toBeGreaterThan(0.9);
  });

  it('draws nothing where the ceiling and the wall are one (no crease to see), from a frame, nor under another line', () => {
    const flat = scene({ ceiling: 90 });
    const before = drawnCount(flat.lines);
    anchorCeilingLines(flat.corners, flat.lab, flat.value, flat.lines, W, H);
    expect(drawnCount(flat.lines)).toBe(before);
    // wood, not the wall's paint, beside each upright: two frames' edges, not wall corners
    const frame = scene({ wood: 12 });
    const count = drawnCount(frame.lines);
    anchorCeilingLines(frame.corners, frame.lab, frame.value, frame.lines, W, H);
    expect(drawnCount(frame.lines)).toBe(count);
    // a line runs over the step between the corners: it is a head under the wall's own ceiling line
    const head = scene();
    for (let x = NEAR.x; x <= FAR.x; x++) head.lines[Math.round(creaseY(x) - 12) * W + x] = 1;
    const drawn = drawnCount(head.lines);
    anchorCeilingLines(head.corners, head.lab, head.value, head.lines, W, H);
    expect(drawnCount(head.lines)).toBe(drawn);
  });
});
