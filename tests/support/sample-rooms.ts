import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { Pixels } from '../../workers/extract';

/** The sample rooms as the app ships them (web/public/rooms), read by the room specs and benches. */
const ROOMS_DIR = join(import.meta.dirname, '../../web/public/rooms');

export interface SampleRoomFile {
  id: string;
  name: string;
  width: number;
  height: number;
  lights: Array<{ id: string; label: string; src: string }>;
  surfaces: Array<{ value: number; label: string }>;
  mask: string;
}

export const sampleRooms = (): SampleRoomFile[] =>
  JSON.parse(readFileSync(join(ROOMS_DIR, 'rooms.json'), 'utf8')) as SampleRoomFile[];

/** Surface values that are wall (Walls, Feature wall): in the shipped masks and the bench set's renders alike. */
export const isWall = (surface: number) => surface === 1 || surface === 2;

export interface Labels {
  width: number;
  height: number;
  at: (x: number, y: number) => number;
}

export function labelsOf(room: SampleRoomFile): Labels {
  const png = PNG.sync.read(readFileSync(join(ROOMS_DIR, '..', room.mask)));
  return { width: png.width, height: png.height, at: (x, y) => png.data[(y * png.width + x) * 4] ?? 0 };
}

/** A sample room's photo in one light, as shipped (JPEG), decoded to RGBA. */
export function samplePhoto(room: SampleRoomFile, lightId: string): Pixels {
  const light = room.lights.find((l) => l.id === lightId);
  if (!light) throw new Error(`no light ${lightId}`);
  const image = jpeg.decode(readFileSync(join(ROOMS_DIR, '..', light.src)), { useTArray: true, formatAsRGBA: true });
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) };
}
