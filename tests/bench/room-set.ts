import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { Pixels } from '../../workers/extract';
import { seededRandom } from '../../workers/kmeans';
import { isWall, labelsOf, samplePhoto, sampleRooms } from '../support/sample-rooms';
import { ROOT } from '../support/server-process';

/** One rendered room in one light: the picture, its true wall mask, taps, and re-renders in other paints. */
export interface RoomEntry {
  name: string;
  image: Pixels;
  /** 1 where the walls are. */
  walls: Uint8Array;
  taps: Array<{ x: number; y: number }>;
  wallsNowHex: string;
  repaints: Array<{ hex: string; image: Pixels }>;
}

/** Where the set lives: ROOM_BENCH_DIR, else `.cache/room-bench` of this checkout. */
export const roomSetDir = () => process.env.ROOM_BENCH_DIR ?? join(ROOT, '.cache/room-bench');
/** The module that renders the set with POV-Ray from the room scenes, when this checkout has it. */
const RENDERER = join(ROOT, 'tests/rooms/render-rooms.ts');

export function readPng(path: string): Pixels {
  const png = PNG.sync.read(readFileSync(path));
  return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data) };
}

/** An entry of `set.json` as the room renderer writes it (file names relative to the set's folder). */
interface SetJsonEntry {
  room: string;
  light: string;
  image: string;
  mask: string;
  wallsNowHex: string;
  taps: Array<{ x: number; y: number }>;
  repaints: Array<{ paintId?: string; paintHex: string; image: string }>;
}

function loadEntry(dir: string, raw: SetJsonEntry): RoomEntry {
  const image = readPng(join(dir, raw.image));
  const mask = readPng(join(dir, raw.mask));
  const walls = new Uint8Array(mask.width * mask.height);
  for (let p = 0; p < walls.length; p++) walls[p] = (mask.data[p * 4] as number) >= 128 ? 1 : 0;
  const repaints = raw.repaints.map((paint) => ({ hex: paint.paintHex, image: readPng(join(dir, paint.image)) }));
  return { name: `${raw.room}-${raw.light}`, image, walls, taps: raw.taps, wallsNowHex: raw.wallsNowHex, repaints };
}

/** The benchmark set, rendering it first when it is missing and this checkout can; else why not. */
export async function loadRoomSet(): Promise<{ entries: RoomEntry[] } | { missing: string }> {
  const dir = roomSetDir();
  const setFile = join(dir, 'set.json');
  if (!existsSync(setFile) && !process.env.ROOM_BENCH_DIR && existsSync(RENDERER)) {
    const renderer = (await import(RENDERER)) as { ensureRoomBench?: (o: { jobs?: number }) => Promise<string> };
    await renderer.ensureRoomBench?.({ jobs: 2 });
  }
  if (!existsSync(setFile)) {
    return { missing: `no ${setFile}: render it with \`npm run rooms -- bench\` (POV-Ray), or set ROOM_BENCH_DIR` };
  }
  const json = JSON.parse(readFileSync(setFile, 'utf8')) as { entries: SetJsonEntry[] };
  return { entries: json.entries.map((raw) => loadEntry(dirname(setFile), raw)) };
}

/**
 * The same room and light as the app ships it (`web/public/rooms/`: rendered at 1024×768 apart from
 * the set, JPEG 85), its walls from the shipped surfaces (`isWall`, as in the set's masks) and the
 * entry's taps brought to its size; null for a room the app does not ship. Another rendering of
 * the same room: a method tuned to the set's own pixels shows it here.
 */
export function shippedRoom(entry: RoomEntry): Pick<RoomEntry, 'image' | 'walls' | 'taps'> | null {
  const [roomId, lightId] = entry.name.split('-');
  const room = sampleRooms().find((r) => r.id === roomId);
  if (!room?.lights.some((l) => l.id === lightId)) return null;
  const image = samplePhoto(room, lightId as string);
  const labels = labelsOf(room);
  const walls = new Uint8Array(image.width * image.height);
  for (let p = 0; p < walls.length; p++) {
    walls[p] = isWall(labels.at(p % image.width, Math.floor(p / image.width))) ? 1 : 0;
  }
  const scale = image.width / entry.image.width;
  return { image, walls, taps: entry.taps.map((t) => ({ x: t.x * scale, y: t.y * scale })) };
}

/** A gaussian-ish sample (sum of uniforms), from a seeded source. */
const gaussian = (random: () => number) => (random() + random() + random() + random() - 2) * Math.sqrt(3);

/**
 * What a phone would have made of the render: shot noise (larger in the shadows' few levels, as
 * after the camera's tone curve), read noise, and JPEG at quality 82. The same seed, the same photo.
 */
export function asPhonePhoto(image: Pixels, seed: number): Pixels {
  const random = seededRandom(seed);
  const data = new Uint8ClampedArray(image.data);
  for (let i = 0; i < data.length; i += 4) {
    const luma = ((data[i] as number) + (data[i + 1] as number) + (data[i + 2] as number)) / 765;
    const sigma = 1.2 + 2.2 * Math.sqrt(Math.max(0, 1 - luma));
    for (let c = 0; c < 3; c++) data[i + c] = (data[i + c] as number) + gaussian(random) * sigma;
  }
  const encoded = jpeg.encode({ width: image.width, height: image.height, data: Buffer.from(data.buffer) }, 82);
  const decoded = jpeg.decode(encoded.data, { useTArray: true, formatAsRGBA: true });
  return { width: decoded.width, height: decoded.height, data: new Uint8ClampedArray(decoded.data) };
}
