import { converter } from 'culori';
import { deltaE2000 } from '../../shared/color/difference';
import { parseHex } from '../../shared/color/hex';
import { rgbToLab } from '../../shared/color/spaces';
import type { Rgb } from '../../shared/color/types';
import type { Pixels } from '../../workers/extract';
import { analyse, maskFromTaps, photoMask, repaint, selectSuperpixels } from '../../workers/room';
import { encodeSrgb, linearOfHex, SRGB_TO_LINEAR } from '../../workers/room-pixels';
import { asPhonePhoto, loadRoomSet, type RoomEntry, shippedRoom } from './room-set';
import { type BenchRow, type BenchSuite, quantile } from './support';

type Method = (image: Pixels, mask: Uint8Array, hex: string, nowHex: string) => Pixels;

const toRgb = converter('rgb');
const rgbAt = (img: Pixels, p: number): Rgb => ({
  r: img.data[p * 4] as number,
  g: img.data[p * 4 + 1] as number,
  b: img.data[p * 4 + 2] as number,
});

/** Paints the mask with `perPixel`'s colour, leaving the rest. */
function paintEach(image: Pixels, mask: Uint8Array, perPixel: (p: number) => Rgb): Pixels {
  const data = new Uint8ClampedArray(image.data);
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    const c = perPixel(p);
    data.set([c.r, c.g, c.b], p * 4);
  }
  return { ...image, data };
}

const flatFill: Method = (image, mask, hex) => {
  const rgb = parseHex(hex) as Rgb;
  return paintEach(image, mask, () => rgb);
};

/** "Keep L*, take the paint's a*, b*": the hue swap most visualisers do. */
const keepLightness: Method = (image, mask, hex) => {
  const paint = rgbToLab(parseHex(hex) as Rgb);
  return paintEach(image, mask, (p) => {
    const c = toRgb({ mode: 'lab65', l: rgbToLab(rgbAt(image, p)).l, a: paint.a, b: paint.b });
    const byte = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 255);
    return { r: byte(c.r), g: byte(c.g), b: byte(c.b) };
  });
};

/** new = seen × (new paint / current paint), per channel in linear light, nothing more. */
const plainRatio =
  (assumeHex?: string): Method =>
  (image, mask, hex, nowHex) => {
    const paint = linearOfHex(hex) as number[];
    const now = linearOfHex(assumeHex ?? nowHex) as number[];
    const data = new Uint8ClampedArray(image.data);
    for (let p = 0; p < mask.length; p++) {
      for (let c = 0; c < 3 && mask[p]; c++) {
        const seen = SRGB_TO_LINEAR[data[p * 4 + c] as number] as number;
        data[p * 4 + c] = encodeSrgb((seen * (paint[c] as number)) / (now[c] as number));
      }
    }
    return { ...image, data };
  };

const METHODS: Record<string, Method> = {
  'ours, current paint given': (image, mask, hex, nowHex) => repaint(image, mask, hex, nowHex),
  'ours, current paint estimated': (image, mask, hex) => repaint(image, mask, hex),
  'flat fill': flatFill,
  'keep L*, take a*b*': keepLightness,
  'plain ratio, current paint given': plainRatio(),
  'plain ratio, assuming a white': plainRatio('#f3f1ea'),
};

/** Mean CIEDE2000 over (a sample of) the true wall. */
function meanDeltaE(a: Pixels, b: Pixels, walls: Uint8Array): number {
  let sum = 0;
  let n = 0;
  const step = Math.max(1, Math.floor(walls.reduce((s, v) => s + v, 0) / 20_000));
  for (let p = 0, k = 0; p < walls.length; p++) {
    if (!walls[p] || k++ % step !== 0) continue;
    sum += deltaE2000(rgbToLab(rgbAt(a, p)), rgbToLab(rgbAt(b, p)));
    n++;
  }
  return sum / n;
}

function iou(mask: Uint8Array, walls: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let p = 0; p < walls.length; p++) {
    const m = (mask[p] as number) >= 128;
    if (m && walls[p]) both++;
    if (m || walls[p]) either++;
  }
  return either === 0 ? 1 : both / either;
}

function repaintErrors(entries: RoomEntry[]): Map<string, number[]> {
  const errors = new Map<string, number[]>(Object.keys(METHODS).map((k) => [k, []]));
  for (const entry of entries) {
    const mask = Uint8Array.from(entry.walls, (v) => v * 255);
    const line: string[] = [];
    for (const target of entry.repaints) {
      for (const [name, method] of Object.entries(METHODS)) {
        const out = method(entry.image, mask, target.hex, entry.wallsNowHex);
        const error = meanDeltaE(out, target.image, entry.walls);
        errors.get(name)?.push(error);
        if (name.startsWith('ours') || name.startsWith('plain')) line.push(error.toFixed(2));
      }
    }
    console.log(
      `  ${entry.name}: repaint ΔE00 per paint (ours given, ours estimated, plain given, plain white): ${line.join(' ')}`,
    );
  }
  return errors;
}

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
/** Other draws of the phone's noise and JPEG for the same rooms (the bench's own is 1000 + room). */
const OTHER_SEEDS = [0, 7, 42, 12345];
/**
 * Where a person's tap may land instead of the bench's, in 48ths of the photo's width: 8 px on the
 * set's 384 px photos, 2 mm on a phone's 390 px wide picture, about a fingertip's miss.
 */
const MOVES: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];

/**
 * Two rows for `scores` from another condition than the bench draw's: their median and their worst,
 * each beside the bench draw's own (`bench`).
 */
function besideBench(
  names: { median: string; worst: string },
  scores: readonly number[],
  bench: { median: number; worst: number },
  target: string,
): BenchRow[] {
  const sorted = [...scores].sort((a, b) => a - b);
  return [
    {
      name: names.median,
      unit: 'IoU',
      median: quantile(sorted, 0.5),
      samples: sorted.length,
      baseline: { name: 'the bench set (median row above)', median: bench.median },
      target,
    },
    {
      name: names.worst,
      unit: 'IoU',
      median: sorted[0] ?? Number.NaN,
      samples: sorted.length,
      baseline: { name: 'the bench set (worst row above)', median: bench.worst },
    },
  ];
}

function maskRows(entries: RoomEntry[]): BenchRow[] {
  // Each room's photo (the bench's draw) analysed once, for its own taps and for them moved a
  // fingertip's miss (`MOVES`, where that is still on the wall): the bench's taps are one point per
  // wall, a person's (and a hidden set's) are not. A mask is what `maskFromTaps` makes: the
  // analysis, then `photoMask` of the taps' `selectSuperpixels`.
  const measured = entries.map((e, i) => {
    const photo = asPhonePhoto(e.image, 1000 + i);
    const analysis = analyse(photo);
    const maskOf = (taps: RoomEntry['taps']) => photoMask(photo, analysis, selectSuperpixels(analysis, taps));
    const step = photo.width / 48;
    const moved = MOVES.map(([dx, dy]) => {
      const taps = e.taps.map((t) => {
        const x = Math.round(t.x + dx * step);
        const y = Math.round(t.y + dy * step);
        const onWall = x >= 0 && y >= 0 && x < photo.width && y < photo.height && e.walls[y * photo.width + x] === 1;
        return onWall ? { x, y } : t;
      });
      return iou(maskOf(taps), e.walls);
    });
    return { score: iou(maskOf(e.taps), e.walls), moved };
  });
  const scores = measured.map((m) => m.score);
  for (const [i, e] of entries.entries()) console.log(`  ${e.name}: mask IoU ${scores[i]?.toFixed(3)}`);
  const sorted = [...scores].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  const worst = sorted[0] ?? Number.NaN;
  const label = `room mask IoU, one tap per wall, phone noise + JPEG (${entries.length} rooms × lights)`;
  // The same rooms under other draws of the noise: a method that holds only on the bench's own draw
  // sits on a knife edge that the photos of a hidden set would tip.
  const others = entries.map((e, i) =>
    OTHER_SEEDS.map((seed) => iou(maskFromTaps(asPhonePhoto(e.image, seed * 31 + i), e.taps), e.walls)),
  );
  for (const [i, e] of entries.entries()) {
    console.log(`  ${e.name}: mask IoU on other noise seeds ${others[i]?.map((v) => v.toFixed(3)).join(' ')}`);
  }
  const roomMeans = others.map(mean).sort((a, b) => a - b);
  const robust: BenchRow[] = [
    {
      name: `${label}, ${OTHER_SEEDS.length} other noise seeds: median of the rooms' means`,
      unit: 'IoU',
      median: quantile(roomMeans, 0.5),
      samples: roomMeans.length,
      baseline: { name: 'the bench seed (median row above)', median },
      target: 'no target: how much of the median row is the draw of the noise',
    },
    {
      name: `${label}, ${OTHER_SEEDS.length} other noise seeds: worst room and seed`,
      unit: 'IoU',
      median: Math.min(...others.flat()),
      samples: others.flat().length,
      baseline: { name: 'the bench seed (worst row above)', median: worst },
    },
  ];
  const moved = measured.map((m) => m.moved);
  for (const [i, e] of entries.entries()) {
    console.log(
      `  ${e.name}: mask IoU with the taps moved 1/48 of the width (→ ← ↓ ↑) ${moved[i]?.map((v) => v.toFixed(3)).join(' ')}`,
    );
  }
  const movedMeans = moved.map(mean).sort((a, b) => a - b);
  // 8 px on the bench set's photos; another set (ROOM_BENCH_DIR) says its own
  const by = `${Math.round((entries[0]?.image.width ?? 0) / 48)} px`;
  const nearby: BenchRow[] = [
    {
      name: `${label}, each tap moved ${by} (4 ways, still on the wall): median of the rooms' means`,
      unit: 'IoU',
      median: quantile(movedMeans, 0.5),
      samples: movedMeans.length,
      baseline: { name: 'the bench taps (median row above)', median },
      target: 'no target: how much of the median row is where exactly the taps land',
    },
    {
      name: `${label}, each tap moved ${by}: worst room and move`,
      unit: 'IoU',
      median: Math.min(...moved.flat()),
      samples: moved.flat().length,
      baseline: { name: 'the bench taps (worst row above)', median: worst },
    },
  ];
  // The same renders with no noise at all: a phone that smooths its noise away, or a photo averaged
  // down from many more pixels, shows faint light edges (a shade's cut-off, a soft shadow's side)
  // that the bench's noise hides, and loses nothing a person would call an edge.
  const clean = entries.map((e) => iou(maskFromTaps(e.image, e.taps), e.walls));
  for (const [i, e] of entries.entries())
    console.log(`  ${e.name}: mask IoU on the render itself ${clean[i]?.toFixed(3)}`);
  const noiseless = besideBench(
    {
      median: `room mask IoU, one tap per wall, the bench's renders with no noise and no JPEG: median`,
      worst: `room mask IoU, one tap per wall, the bench's renders with no noise and no JPEG: worst`,
    },
    clean,
    { median, worst },
    'no target: whether the masks lean on the noise being there',
  );
  // The shipped renders of the same rooms (another size and render): as shipped, and with the
  // phone's noise and JPEG at their own size, so the analysis sees them averaged down as a photo's.
  const shipped = entries.flatMap((e, i) => {
    const room = shippedRoom(e);
    if (!room) return [];
    return [room.image, asPhonePhoto(room.image, 1000 + i)].map((image) =>
      iou(maskFromTaps(image, room.taps), room.walls),
    );
  });
  if (shipped.length === 2 * entries.length) {
    for (const [i, e] of entries.entries()) {
      console.log(
        `  ${e.name}: mask IoU on the shipped render, clean and noisy ${shipped[2 * i]?.toFixed(3)} ${shipped[2 * i + 1]?.toFixed(3)}`,
      );
    }
  }
  const generalise =
    shipped.length === 0
      ? []
      : besideBench(
          {
            median: `room mask IoU, one tap per wall, the same rooms as the app ships them (1024×768, another render), clean and with phone noise: median`,
            worst: `room mask IoU, one tap per wall, the same rooms as the app ships them: worst`,
          },
          shipped,
          { median, worst },
          'no target: how the masks hold on another render at another size',
        );
  return [
    {
      name: `${label}: median`,
      unit: 'IoU',
      median,
      samples: scores.length,
      target: 'median ≥ 0.92',
      met: median >= 0.92,
    },
    {
      name: `${label}: worst`,
      unit: 'IoU',
      median: worst,
      samples: scores.length,
      target: 'worst ≥ 0.80',
      met: worst >= 0.8,
    },
    ...robust,
    ...nearby,
    ...noiseless,
    ...generalise,
  ];
}

function repaintRows(entries: RoomEntry[]): BenchRow[] {
  const errors = repaintErrors(entries);
  const m = (name: string) => mean(errors.get(name) ?? []);
  const given = m('ours, current paint given');
  const guessed = m('ours, current paint estimated');
  const row = (name: string, baseline: string, target?: string, met?: boolean): BenchRow => ({
    name: `room repaint ΔE00 vs re-render: ${name}`,
    unit: 'ΔE00',
    median: m(name),
    samples: errors.get(name)?.length,
    baseline: { name: baseline, median: m(baseline) },
    target,
    met,
  });
  const plainGiven = m('plain ratio, current paint given');
  return [
    row(
      'ours, current paint given',
      'plain ratio, current paint given',
      'mean ≤ 1.5 and below the plain ratio',
      given <= 1.5 && given < plainGiven,
    ),
    row('ours, current paint estimated', 'plain ratio, assuming a white', 'mean ≤ 3.0', guessed <= 3),
    row('flat fill', 'plain ratio, current paint given'),
    row('keep L*, take a*b*', 'plain ratio, current paint given'),
  ];
}

/** Rendered rooms with the truth: masks from taps against the true walls, repaints against re-renders. */
const suite: BenchSuite = async () => {
  const set = await loadRoomSet();
  if ('missing' in set) {
    console.log(`room quality: ${set.missing}`);
    return [{ name: 'room quality: benchmark set missing', unit: '', median: Number.NaN, target: set.missing }];
  }
  return [...maskRows(set.entries), ...repaintRows(set.entries)];
};

export default suite;
