import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { colorsById } from '../shared/export/support';
import { isWall } from '../support/sample-rooms';

/**
 * The rooms the project renders itself with POV-Ray (Debian's `povray`, 3.7) from the scene files
 * in `scenes/`: the sample rooms the app ships (`web/public/rooms/`) and the room-visualiser
 * benchmark set (`.cache/room-bench/`, never committed). See README.md beside this file.
 *
 *   npm run rooms -- samples [--force]   sample rooms: JPEG per light, label mask, rooms.json
 *   npm run rooms -- bench [--size 384x288]   benchmark set, only what is missing
 *   options: --rooms living,bedroom  --jobs 2 (POV-Ray processes at once, one thread each)
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCENES = join(ROOT, 'tests/rooms/scenes');
const PUBLIC_ROOMS = join(ROOT, 'web/public/rooms');
const ROOM_BENCH_DIR = join(ROOT, '.cache/room-bench');

interface Room {
  id: string;
  name: string;
  scene: string;
  /** The catalogue paint the walls wear in the sample pictures and the benchmark's "now". */
  wallsNow: string;
}

const ROOMS: Room[] = [
  { id: 'living', name: 'Living room', scene: 'living.pov', wallsNow: 'farrow-ball-ammonite' },
  { id: 'bedroom', name: 'Bedroom', scene: 'bedroom.pov', wallsNow: 'farrow-ball-school-house-white' },
  { id: 'kitchen', name: 'Kitchen', scene: 'kitchen.pov', wallsNow: 'farrow-ball-breakfast-room-green' },
];

const LIGHTS = [
  { id: 'north', value: 0, label: 'North-facing, day' },
  { id: 'south', value: 1, label: 'South-facing, day' },
  { id: 'evening', value: 2, label: 'Evening, lamps' },
] as const;

/** The other paints the benchmark re-renders each room in: a dark blue, a mid green, a warm pink. */
const BENCH_PAINTS = ['farrow-ball-hague-blue', 'farrow-ball-calke-green', 'farrow-ball-sulking-room-pink'];

/** Surface classes of the ID pass (red channel = class × 50) and of `surfaces.png` (the class itself). */
const SURFACE_LABELS: Record<number, string> = { 1: 'Walls', 2: 'Feature wall', 3: 'Ceiling', 4: 'Woodwork' };

const SAMPLE_SIZE = { width: 1024, height: 768 };
const BENCH_SIZE = { width: 384, height: 288 };
/**
 * Radiosity quality the scenes are rendered at (`Quality` in scenes/common.inc): 0, the coarser
 * one, keeps a render to seconds of CPU on a shared two-core machine; it is noise-free all the
 * same (one thread: the same samples every time), only smoother in its indirect light.
 */
const QUALITY = 0;

interface Gray {
  width: number;
  height: number;
  data: Uint8Array;
}

function catalogueHex(id: string): string {
  const [colour] = colorsById(id);
  return (colour?.hexCode ?? '').toLowerCase();
}

interface Shot {
  room: Room;
  out: string;
  width: number;
  height: number;
  /** A light's value, or 'id' for the flat label pass. */
  light: number | 'id';
  paintHex?: string;
}

/** Renders one picture with POV-Ray into `out` (PNG), written under a temporary name first. */
function povray(shot: Shot): Promise<void> {
  const dir = dirname(shot.out);
  mkdirSync(dir, { recursive: true });
  const tmp = `${shot.out}.part.png`;
  const args = [
    '-n',
    '10',
    'povray',
    `+I${join(SCENES, shot.room.scene)}`,
    `+L${SCENES}`,
    `+O${tmp}`,
    `+W${shot.width}`,
    `+H${shot.height}`,
    '-D',
    '-V',
    '+FN8',
    // One thread: radiosity then samples in the same order every time, so a re-render is identical.
    '+WT1',
  ];
  if (shot.light === 'id') {
    // Flat colours, no antialiasing, linear output: the codes come out exact.
    args.push('Declare=Mode=1', '-A', 'File_Gamma=1.0');
  } else {
    const hex = shot.paintHex ?? '#ffffff';
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
    args.push(
      `Declare=Light=${shot.light}`,
      'Declare=Mode=0',
      `Declare=Quality=${QUALITY}`,
      `Declare=WallR=${r}`,
      `Declare=WallG=${g}`,
      `Declare=WallB=${b}`,
      'File_Gamma=sRGB',
      '+A0.3',
      '+AM1',
    );
  }
  // POV-Ray may only write beside its working directory (Debian's povray.conf), so it runs there.
  return new Promise((resolve, reject) => {
    execFile('nice', args, { cwd: dir, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error || !existsSync(tmp)) {
        reject(
          new Error(`povray failed for ${relative(ROOT, shot.out)}: ${error?.message ?? ''}\n${stderr.slice(-2000)}`),
        );
        return;
      }
      renameSync(tmp, shot.out);
      resolve();
    });
  });
}

/** Runs the renders that are missing (all with `force`), `jobs` at a time, logging how long each took. */
async function renderAll(shots: Shot[], jobs: number, force: boolean): Promise<void> {
  const todo = shots.filter((s) => force || !existsSync(s.out));
  if (todo.length > 0 && spawnSync('povray', ['--version']).error) {
    throw new Error("POV-Ray is not installed: `apt-get install -y povray` (Debian's povray 3.7)");
  }
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const shot = todo[next++];
      if (!shot) return;
      const started = Date.now();
      await povray(shot);
      console.log(`rooms: ${relative(ROOT, shot.out)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
}

function readPng(path: string): { width: number; height: number; data: Uint8Array } {
  const png = PNG.sync.read(readFileSync(path));
  return { width: png.width, height: png.height, data: png.data };
}

function writeGray(path: string, image: Gray): void {
  const buffer = PNG.sync.write({ width: image.width, height: image.height, data: Buffer.from(image.data) } as PNG, {
    colorType: 0,
    inputColorType: 0,
    inputHasAlpha: false,
  });
  writeFileSync(path, buffer);
}

/** The ID pass decoded: surface class and wall plane per pixel. */
function decodeIds(path: string): { width: number; height: number; surface: Uint8Array; plane: Uint8Array } {
  const { width, height, data } = readPng(path);
  const surface = new Uint8Array(width * height);
  const plane = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    surface[i] = Math.round((data[i * 4] ?? 0) / 50);
    plane[i] = Math.round((data[i * 4 + 1] ?? 0) / 30);
  }
  return { width, height, surface, plane };
}

/**
 * One tap per visible piece of wall: each connected region of one wall plane bigger than 1% of the
 * picture, at the point farthest from its edge (a two-pass chamfer distance, 3-4 weights).
 */
function wallTaps(ids: ReturnType<typeof decodeIds>): Array<{ x: number; y: number }> {
  const { width, height, surface, plane } = ids;
  const n = width * height;
  const key = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) if (isWall(surface[i] ?? 0)) key[i] = (surface[i] ?? 0) * 256 + (plane[i] ?? 0);
  const seen = new Uint8Array(n);
  const taps: Array<{ x: number; y: number }> = [];
  for (let start = 0; start < n; start++) {
    if (seen[start] || key[start] === -1) continue;
    const region: number[] = [];
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const i = stack.pop() as number;
      region.push(i);
      const x = i % width;
      for (const j of [i - width, i + width, x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1]) {
        if (j >= 0 && j < n && !seen[j] && key[j] === key[start]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    if (region.length < n * 0.01) continue;
    const inside = new Uint8Array(n);
    for (const i of region) inside[i] = 1;
    const dist = new Float32Array(n);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (!inside[i]) continue;
        const up = y > 0 ? (dist[i - width] ?? 0) + 3 : 3;
        const left = x > 0 ? (dist[i - 1] ?? 0) + 3 : 3;
        const ul = y > 0 && x > 0 ? (dist[i - width - 1] ?? 0) + 4 : 4;
        const ur = y > 0 && x < width - 1 ? (dist[i - width + 1] ?? 0) + 4 : 4;
        dist[i] = Math.min(up, left, ul, ur);
      }
    }
    let best = region[0] ?? 0;
    for (let y = height - 1; y >= 0; y--) {
      for (let x = width - 1; x >= 0; x--) {
        const i = y * width + x;
        if (!inside[i]) continue;
        const down = y < height - 1 ? (dist[i + width] ?? 0) + 3 : 3;
        const right = x < width - 1 ? (dist[i + 1] ?? 0) + 3 : 3;
        const dr = y < height - 1 && x < width - 1 ? (dist[i + width + 1] ?? 0) + 4 : 4;
        const dl = y < height - 1 && x > 0 ? (dist[i + width - 1] ?? 0) + 4 : 4;
        dist[i] = Math.min(dist[i] ?? 0, down, right, dr, dl);
        if ((dist[i] ?? 0) > (dist[best] ?? 0)) best = i;
      }
    }
    taps.push({ x: best % width, y: Math.floor(best / width) });
  }
  return taps;
}

function roomsWanted(names: string | undefined): Room[] {
  if (!names) return ROOMS;
  const wanted = names.split(',');
  const rooms = ROOMS.filter((r) => wanted.includes(r.id));
  if (rooms.length !== wanted.length)
    throw new Error(`unknown room in ${names}; rooms: ${ROOMS.map((r) => r.id).join(', ')}`);
  return rooms;
}

/** The sample rooms the app ships: a JPEG per light, the label mask, and rooms.json for all of them. */
async function renderSamples(options: { rooms?: string; jobs: number; force: boolean }): Promise<void> {
  const rooms = roomsWanted(options.rooms);
  const { width, height } = SAMPLE_SIZE;
  const work = join(ROOT, '.cache/room-samples');
  const shots: Shot[] = rooms.flatMap((room) => [
    { room, out: join(work, room.id, 'ids.png'), width, height, light: 'id' as const },
    ...LIGHTS.map((light) => ({
      room,
      out: join(work, room.id, `${light.id}.png`),
      width,
      height,
      light: light.value,
      paintHex: catalogueHex(room.wallsNow),
    })),
  ]);
  await renderAll(shots, options.jobs, options.force);
  for (const room of rooms) {
    const dir = join(PUBLIC_ROOMS, room.id);
    mkdirSync(dir, { recursive: true });
    for (const light of LIGHTS) {
      const picture = readPng(join(work, room.id, `${light.id}.png`));
      writeFileSync(
        join(dir, `${light.id}.jpg`),
        jpeg.encode({ ...picture, data: Buffer.from(picture.data) }, 85).data,
      );
    }
    const ids = decodeIds(join(work, room.id, 'ids.png'));
    writeGray(join(dir, 'surfaces.png'), { width, height, data: ids.surface });
  }
  // rooms.json lists every room whose pictures are present, in the order above.
  const listed = ROOMS.filter((room) => LIGHTS.every((l) => existsSync(join(PUBLIC_ROOMS, room.id, `${l.id}.jpg`))));
  const manifest = listed.map((room) => {
    const ids = decodeIds(join(work, room.id, 'ids.png'));
    const present = new Set(ids.surface);
    return {
      id: room.id,
      name: room.name,
      width,
      height,
      wallsNow: { id: room.wallsNow, hex: catalogueHex(room.wallsNow) },
      lights: LIGHTS.map((l) => ({ id: l.id, label: l.label, src: `rooms/${room.id}/${l.id}.jpg` })),
      surfaces: [1, 2, 3, 4].filter((v) => present.has(v)).map((value) => ({ value, label: SURFACE_LABELS[value] })),
      mask: `rooms/${room.id}/surfaces.png`,
    };
  });
  writeFileSync(join(PUBLIC_ROOMS, 'rooms.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** One room in one light in `set.json`. @public the room-visualiser benchmark reads it. */
export interface RoomBenchEntry {
  room: string;
  light: 'north' | 'south' | 'evening';
  width: number;
  height: number;
  image: string;
  mask: string;
  wallsNowHex: string;
  taps: Array<{ x: number; y: number }>;
  repaints: Array<{ paintId: string; paintHex: string; image: string }>;
}

/**
 * Renders whatever of the benchmark set is missing into `.cache/room-bench/` and writes its
 * `set.json`; returns the path of `set.json`. File names in it are relative to that folder.
 * @public the room-visualiser benchmark calls it.
 */
export async function ensureRoomBench(
  options: { rooms?: string; jobs?: number; width?: number; height?: number } = {},
): Promise<string> {
  const rooms = roomsWanted(options.rooms);
  const width = options.width ?? BENCH_SIZE.width;
  const height = options.height ?? BENCH_SIZE.height;
  const dir = ROOM_BENCH_DIR;
  const size = `${width}x${height}`;
  const shots: Shot[] = [];
  for (const room of rooms) {
    shots.push({ room, out: join(dir, 'ids', `${room.id}-${size}.png`), width, height, light: 'id' });
    for (const light of LIGHTS) {
      shots.push({
        room,
        out: join(dir, `${room.id}-${light.id}.png`),
        width,
        height,
        light: light.value,
        paintHex: catalogueHex(room.wallsNow),
      });
      BENCH_PAINTS.forEach((paint, k) => {
        const out = join(dir, `${room.id}-${light.id}.paint-${k + 1}.png`);
        shots.push({ room, out, width, height, light: light.value, paintHex: catalogueHex(paint) });
      });
    }
  }
  // A render of another size left from an earlier run is stale: size is part of only the ID file's name.
  for (const shot of shots) {
    if (shot.light !== 'id' && existsSync(shot.out)) {
      const { width: w, height: h } = readPng(shot.out);
      if (w !== width || h !== height) rmSync(shot.out);
    }
  }
  await renderAll(shots, options.jobs ?? 1, false);
  const entries: RoomBenchEntry[] = [];
  for (const room of rooms) {
    const ids = decodeIds(join(dir, 'ids', `${room.id}-${size}.png`));
    const mask = new Uint8Array(width * height);
    for (let i = 0; i < mask.length; i++) mask[i] = isWall(ids.surface[i] ?? 0) ? 255 : 0;
    const taps = wallTaps(ids);
    for (const light of LIGHTS) {
      const base = `${room.id}-${light.id}`;
      writeGray(join(dir, `${base}.mask.png`), { width, height, data: mask });
      entries.push({
        room: room.id,
        light: light.id,
        width,
        height,
        image: `${base}.png`,
        mask: `${base}.mask.png`,
        wallsNowHex: catalogueHex(room.wallsNow),
        taps,
        repaints: BENCH_PAINTS.map((paintId, k) => ({
          paintId,
          paintHex: catalogueHex(paintId),
          image: `${base}.paint-${k + 1}.png`,
        })),
      });
    }
  }
  const setPath = join(dir, 'set.json');
  writeFileSync(setPath, `${JSON.stringify({ entries }, null, 2)}\n`);
  return setPath;
}

function argValue(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}

async function main(argv: string[]): Promise<void> {
  const what = argv[0];
  const rooms = argValue(argv, '--rooms');
  const jobs = Number(argValue(argv, '--jobs') ?? 1);
  if (what === 'samples') {
    await renderSamples({ rooms, jobs, force: argv.includes('--force') });
    console.log(`rooms: sample rooms in ${relative(ROOT, PUBLIC_ROOMS)}`);
  } else if (what === 'bench') {
    const [w, h] = (argValue(argv, '--size') ?? `${BENCH_SIZE.width}x${BENCH_SIZE.height}`).split('x').map(Number);
    const set = await ensureRoomBench({ rooms, jobs, width: w, height: h });
    console.log(`rooms: benchmark set ${relative(ROOT, set)}`);
  } else {
    console.error(
      'usage: npm run rooms -- samples|bench [--rooms living,bedroom] [--jobs 2] [--size 384x288] [--force]',
    );
    process.exitCode = 2;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
