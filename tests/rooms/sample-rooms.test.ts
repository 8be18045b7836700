import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { colorsById } from '../shared/export/support';
import { ROOT } from '../support/server-process';
import type { SampleRoom } from '../../web/features/room/room-store';

const PUBLIC = join(ROOT, 'web/public');
const rooms = JSON.parse(readFileSync(join(PUBLIC, 'rooms/rooms.json'), 'utf8')) as SampleRoom[];

const decoded = new Map<string, { width: number; height: number; data: Uint8Array }>();
function picture(src: string) {
  let image = decoded.get(src);
  if (!image) {
    image = jpeg.decode(readFileSync(join(PUBLIC, src)), { useTArray: true });
    decoded.set(src, image);
  }
  return image;
}

function mask(room: SampleRoom) {
  return PNG.sync.read(readFileSync(join(PUBLIC, room.mask)));
}

/** Mean sRGB channels of a picture over the pixels where the mask has `value`. */
function meanOver(src: string, labels: Uint8Array, value: number) {
  const { data } = picture(src);
  const sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < labels.length; i++) {
    if (labels[i] !== value) continue;
    for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (data[i * 4 + c] ?? 0);
    n++;
  }
  const [r, g, b] = sum.map((s) => s / n) as [number, number, number];
  return { r, g, b };
}

describe('the sample rooms', () => {
  it('are at least three rooms, each in the three lights', () => {
    expect(rooms.length).toBeGreaterThanOrEqual(3);
    for (const room of rooms) {
      expect(room.lights.map((l) => [l.id, l.label])).toEqual([
        ['north', 'North-facing, day'],
        ['south', 'South-facing, day'],
        ['evening', 'Evening, lamps'],
      ]);
    }
  });

  it('say what the walls are painted now with a real catalogue paint', () => {
    for (const room of rooms) {
      const [paint] = colorsById(room.wallsNow.id);
      expect(room.wallsNow.hex).toBe(paint?.hexCode.toLowerCase());
    }
  });

  it('ship pictures and a label mask of the size they state, the mask holding only the surfaces listed', () => {
    for (const room of rooms) {
      for (const light of room.lights) {
        const { width, height } = picture(light.src);
        expect([width, height], light.src).toEqual([room.width, room.height]);
      }
      const labels = mask(room);
      expect([labels.width, labels.height]).toEqual([room.width, room.height]);
      const present = new Set<number>();
      for (let i = 0; i < labels.data.length; i += 4) present.add(labels.data[i] ?? 0);
      const listed = room.surfaces.map((s) => s.value);
      expect([...present].sort()).toEqual([0, ...listed].sort());
      expect(listed).toContain(1);
    }
  });

  it('show the walls lit differently in each light: a cool north, a warmer south, dim warm lamps', () => {
    for (const room of rooms) {
      const png = mask(room);
      const labels = new Uint8Array(room.width * room.height);
      for (let i = 0; i < labels.length; i++) labels[i] = png.data[i * 4] ?? 0;
      const [north, south, evening] = room.lights.map((l) => meanOver(l.src, labels, 1));
      if (!north || !south || !evening) throw new Error(`${room.id}: a light is missing`);
      const blueness = (c: { r: number; b: number }) => c.b / c.r;
      expect(blueness(north), room.id).toBeGreaterThan(blueness(south));
      expect(blueness(south), room.id).toBeGreaterThan(blueness(evening));
      expect(evening.g, room.id).toBeLessThan(Math.min(north.g, south.g));
    }
  });
});
