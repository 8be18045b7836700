import { describe, expect, it } from 'vitest';
import { analyse } from '../../workers/room';
import { enc } from './room-fixtures';

const W = 200;
const H = 160;
/** The door: from this column to the picture's right edge, from this row down. */
const DOOR = 150;
const TOP = 40;

/**
 * Grey sRGB of a white wall (L* 60) with a door 1.5 L* lighter in its right part, beside a finely
 * grained surface (a floor's boards, a bookcase) over more than half the picture, with seeded
 * sensor noise (±3 levels). The grain makes the half-size picture's typical gradient its own
 * (four times as much of it per pixel), not the noise's.
 */
function scene(): { width: number; height: number; data: Uint8ClampedArray } {
  let state = 11;
  const noise = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state / 4294967296 - 0.5) * 6;
  };
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const l = x < 115 ? 40 + (16 * ((x + 3 * y) % 10)) / 10 : x >= DOOR && y >= TOP ? 61.5 : 60;
      const grey = enc(((l + 16) / 116) ** 3);
      for (let c = 0; c < 3; c++) data[(y * W + x) * 4 + c] = grey + noise();
      data[(y * W + x) * 4 + 3] = 255;
    }
  }
  return { width: W, height: H, data };
}

describe('faint lines (room-faint.ts)', () => {
  it("finds a door's faint edge and head beside a grained surface", () => {
    const { lines } = analyse(scene());
    // rows of the door's edge, and columns of its head, with a line drawn within 2 px of it
    let edge = 0;
    let rows = 0;
    for (let y = TOP + 5; y < H - 5; y++, rows++) {
      for (let x = DOOR - 2; x <= DOOR + 1; x++) {
        if (lines[y * W + x]) {
          edge++;
          break;
        }
      }
    }
    let head = 0;
    let columns = 0;
    for (let x = DOOR + 5; x < W - 5; x++, columns++) {
      for (let y = TOP - 2; y <= TOP + 1; y++) {
        if (lines[y * W + x]) {
          head++;
          break;
        }
      }
    }
    expect(edge / rows).toBeGreaterThan(0.8);
    expect(head / columns).toBeGreaterThan(0.8);
  });

  it('draws no line across the plain wall', () => {
    const { lines } = analyse(scene());
    let drawn = 0;
    for (let y = TOP + 10; y < H - 10; y++) for (let x = 120; x < DOOR - 8; x++) if (lines[y * W + x]) drawn++;
    expect(drawn).toBe(0);
  });
});
