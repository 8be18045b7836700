/**
 * Before/after sheets of the benchmark rooms, to look at what the quality bench measures:
 * `npm run rooms:compare [-- --rooms living,bedroom] [--paint 1]` writes one PNG per room and light to
 * `.cache/room-compare/`: the photo as the phone took it | the truth (the room re-rendered in the new
 * paint) | our repaint with the walls' current paint given | with it estimated | with the mask from
 * one tap per wall. Each panel's ΔE00 against the truth (mean over the true wall) is printed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { deltaE2000 } from '../../shared/color/difference';
import { rgbToLab } from '../../shared/color/spaces';
import type { Pixels } from '../../workers/extract';
import { maskFromTaps, repaint } from '../../workers/room';
import { asPhonePhoto, loadRoomSet, type RoomEntry } from '../bench/room-set';
import { ROOT } from '../support/server-process';

const GAP = 6;

function meanDeltaE(a: Pixels, b: Pixels, walls: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let p = 0; p < walls.length; p += 3) {
    if (!walls[p]) continue;
    const lab = (img: Pixels) =>
      rgbToLab({ r: img.data[p * 4] as number, g: img.data[p * 4 + 1] as number, b: img.data[p * 4 + 2] as number });
    sum += deltaE2000(lab(a), lab(b));
    n++;
  }
  return n ? sum / n : Number.NaN;
}

/** The panels side by side on white, each `width` wide. */
function sheet(panels: Pixels[]): PNG {
  const { width, height } = panels[0] as Pixels;
  const out = new PNG({ width: panels.length * width + (panels.length - 1) * GAP, height });
  out.data.fill(255);
  for (const [i, panel] of panels.entries()) {
    for (let y = 0; y < height; y++) {
      const from = y * width * 4;
      out.data.set(panel.data.subarray(from, from + width * 4), (y * out.width + i * (width + GAP)) * 4);
    }
  }
  return out;
}

function compare(entry: RoomEntry, seed: number, paint: number, dir: string): string {
  const target = entry.repaints[paint] ?? entry.repaints[0];
  if (!target) return `${entry.name}: no re-render`;
  const photo = asPhonePhoto(entry.image, seed);
  const trueMask = Uint8Array.from(entry.walls, (v) => v * 255);
  const given = repaint(photo, trueMask, target.hex, entry.wallsNowHex);
  const estimated = repaint(photo, trueMask, target.hex);
  const fromTaps = repaint(photo, maskFromTaps(photo, entry.taps), target.hex, entry.wallsNowHex);
  const file = join(dir, `${entry.name}.png`);
  writeFileSync(file, PNG.sync.write(sheet([photo, target.image, given, estimated, fromTaps])));
  const error = (img: Pixels) => meanDeltaE(img, target.image, entry.walls).toFixed(2);
  return (
    `${entry.name} → ${target.hex}: photo ${error(photo)}, given ${error(given)}, estimated ${error(estimated)}, ` +
    `from taps ${error(fromTaps)} ΔE00 (${file})`
  );
}

async function main(argv: string[]): Promise<void> {
  const at = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const rooms = at('--rooms')?.split(',');
  const paint = Number(at('--paint') ?? 0);
  const set = await loadRoomSet();
  if ('missing' in set) throw new Error(set.missing);
  const dir = join(ROOT, '.cache/room-compare');
  mkdirSync(dir, { recursive: true });
  // the same seeds as the quality bench, so the same photos
  for (const [i, entry] of set.entries.entries()) {
    if (rooms && !rooms.some((r) => entry.name.startsWith(r))) continue;
    console.log(compare(entry, 1000 + i, paint, dir));
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
