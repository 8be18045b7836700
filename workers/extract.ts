import { labFromTuple } from '../shared/color/types';
import { deltaE2000From, rgbDistance } from '../shared/color/difference';
import { parseHex, rgbToHex } from '../shared/color/hex';
import { oklabToRgb, rgbToLab, rgbToOklab } from '../shared/color/spaces';
import type { Rgb } from '../shared/color/types';
import { PALETTE_DEFAULT, PALETTE_MAX, PALETTE_MIN } from '../shared/palette/limits';
import { fitWithin } from './image-header';
import { kmeans, seededRandom } from './kmeans';

/** RGBA pixels, row by row, 4 bytes each: what a canvas's ImageData holds. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** The part of a catalogue colour that matching needs (a full `CatalogueColor` fits). */
export interface Paint {
  id: string;
  hexCode: string;
  lab: readonly [number, number, number];
}

export type Algorithm = 'perceptual' | 'spec';

export interface ExtractOptions {
  algorithm: Algorithm;
  /** Perceptual only: how many colours, 3 to 10 (default 5). The spec algorithm always stops at 5. */
  count?: number;
  /** Called with 0–1 as the work advances. */
  onProgress?: (fraction: number) => void;
}

export interface Swatch {
  colorId: string;
  /** The image colour this paint was matched to. */
  source: string;
  /** Share of the sampled pixels behind it, 0–1. */
  share: number;
  /** Distance from the image colour to the paint: CIEDE2000 (perceptual) or RGB (spec). */
  distance: number;
}

export type ExtractResult =
  | { ok: true; algorithm: Algorithm; colorIds: string[]; swatches: Swatch[] }
  | { ok: false; algorithm: Algorithm; reason: 'not-enough'; found: number };

/** The literal algorithm: fit in 100 × 100, every 4th pixel, round to 10, top 20 within RGB distance 100, stop at 5. */
const SPEC = {
  box: 100,
  sampleEvery: 4,
  roundTo: 10,
  topColors: 20,
  maxRgbDistance: 100,
  stopAt: 5,
} as const;

/** The perceptual algorithm's working size: ≤ 16,384 pixels is plenty for 10 clusters. */
const PERCEPTUAL_BOX = 128;
/**
 * Clustering into a few more groups than asked lets blends, edges and shading form their own small
 * clusters instead of dragging a real colour's centre; `count` of them are then picked by share and
 * distinctness.
 */
const EXTRA_CLUSTERS = 3;
/** Clusters holding less than this share of the image are specks, not palette colours. */
const MIN_CLUSTER_SHARE = 0.02;
/** A centre closer than this in OKLab (≈ 3 ΔE) to a picked one is the same colour split by noise or shading. */
const MERGE_DISTANCE = 0.03;
/** Leftover clusters this close to a pick are folded back into it, so its centre is not pulled aside. */
const MERGE_RADIUS = 0.04;
/** Below this OKLab distance to a picked colour a cluster's share counts for less: distinct colours first. */
const DISTINCT = 0.15;
/** Pixels at least this opaque count; a transparent PNG background is not a colour of the picture. */
const OPAQUE = 128;
/** At most this many source pixels per axis feed one output pixel: a 12-MP photo costs ~0.5 M reads, not 12 M. */
const MAX_TAPS = 8;

/**
 * Resamples to `width`×`height` by averaging each output pixel's source box (alpha-weighted, so
 * transparent pixels do not darken their neighbours); enlarging repeats pixels.
 */
export function resample(source: Pixels, width: number, height: number): Pixels {
  const { width: sw, height: sh, data } = source;
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * sh) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * sh) / height));
    const stepY = Math.max(1, Math.ceil((y1 - y0) / MAX_TAPS));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor((x * sw) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * sw) / width));
      const stepX = Math.max(1, Math.ceil((x1 - x0) / MAX_TAPS));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      let taps = 0;
      for (let sy = y0; sy < y1; sy += stepY) {
        let i = (sy * sw + x0) * 4;
        for (let sx = x0; sx < x1; sx += stepX, i += stepX * 4) {
          const alpha = data[i + 3] as number;
          r += (data[i] as number) * alpha;
          g += (data[i + 1] as number) * alpha;
          b += (data[i + 2] as number) * alpha;
          a += alpha;
          taps++;
        }
      }
      const o = (y * width + x) * 4;
      if (a > 0) {
        out[o] = r / a;
        out[o + 1] = g / a;
        out[o + 2] = b / a;
      }
      out[o + 3] = a / taps;
    }
  }
  return { width, height, data: out };
}

interface PreparedPaint {
  id: string;
  rgb: Rgb;
  lab: { l: number; a: number; b: number };
}

function preparePaints(paints: readonly Paint[]): PreparedPaint[] {
  const prepared: PreparedPaint[] = [];
  for (const paint of paints) {
    const rgb = parseHex(paint.hexCode);
    if (!rgb) continue;
    prepared.push({ id: paint.id, rgb, lab: labFromTuple(paint.lab) });
  }
  return prepared;
}

function nearestUnused(
  paints: readonly PreparedPaint[],
  used: ReadonlySet<string>,
  distance: (p: PreparedPaint) => number,
) {
  let best: PreparedPaint | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const paint of paints) {
    if (used.has(paint.id)) continue;
    const d = distance(paint);
    if (d < bestDistance) {
      bestDistance = d;
      best = paint;
    }
  }
  return best ? { paint: best, distance: bestDistance } : null;
}

const roundChannel = (v: number) => Math.min(255, Math.round(v / SPEC.roundTo) * SPEC.roundTo);

/** The literal algorithm, step by step; only the counting of colours lives apart so tests can check it. */
export function specColorCounts(image: Pixels): Array<{ rgb: Rgb; count: number }> {
  const { width, height } = fitWithin(image.width, image.height, SPEC.box);
  const small = resample(image, width, height);
  const counts = new Map<number, number>();
  const total = width * height;
  for (let p = 0; p < total; p += SPEC.sampleEvery) {
    const i = p * 4;
    if ((small.data[i + 3] as number) < OPAQUE) continue;
    const key =
      (roundChannel(small.data[i] as number) << 16) |
      (roundChannel(small.data[i + 1] as number) << 8) |
      roundChannel(small.data[i + 2] as number);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  // A stable sort keeps first-seen order between equal counts.
  return [...counts]
    .sort((x, y) => y[1] - x[1])
    .map(([key, count]) => ({ rgb: { r: key >> 16, g: (key >> 8) & 255, b: key & 255 }, count }));
}

function extractSpec(image: Pixels, paints: readonly PreparedPaint[], progress: (f: number) => void): ExtractResult {
  const counted = specColorCounts(image);
  progress(0.6);
  const sampled = counted.reduce((sum, c) => sum + c.count, 0);
  const used = new Set<string>();
  const swatches: Swatch[] = [];
  for (const { rgb, count } of counted.slice(0, SPEC.topColors)) {
    const match = nearestUnused(paints, used, (p) => rgbDistance(rgb, p.rgb));
    if (!match || match.distance >= SPEC.maxRgbDistance) continue;
    used.add(match.paint.id);
    swatches.push({ colorId: match.paint.id, source: rgbToHex(rgb), share: count / sampled, distance: match.distance });
    if (swatches.length === SPEC.stopAt) break;
  }
  return finish('spec', swatches);
}

interface Cluster {
  oklab: [number, number, number];
  weight: number;
}

function clusterImage(image: Pixels, k: number, progress: (f: number) => void): Cluster[] {
  const fit = fitWithin(image.width, image.height, PERCEPTUAL_BOX);
  const small = fit.width < image.width || fit.height < image.height ? resample(image, fit.width, fit.height) : image;
  progress(0.2);
  // Pixels that fall in the same 5-bit RGB cell become one weighted point: far fewer points to cluster.
  const cells = new Map<number, [number, number, number, number]>();
  const { data } = small;
  for (let i = 0; i < small.width * small.height * 4; i += 4) {
    if ((data[i + 3] as number) < OPAQUE) continue;
    const r = data[i] as number;
    const g = data[i + 1] as number;
    const b = data[i + 2] as number;
    const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    const cell = cells.get(key);
    if (cell) {
      cell[0] += r;
      cell[1] += g;
      cell[2] += b;
      cell[3] += 1;
    } else cells.set(key, [r, g, b, 1]);
  }
  const n = cells.size;
  const points = new Float64Array(n * 3);
  const weights = new Float64Array(n);
  let i = 0;
  for (const [r, g, b, count] of cells.values()) {
    const lab = rgbToOklab({ r: r / count, g: g / count, b: b / count });
    points[i * 3] = lab.l;
    points[i * 3 + 1] = lab.a;
    points[i * 3 + 2] = lab.b;
    weights[i] = count;
    i++;
  }
  progress(0.35);
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0) return [];
  const result = kmeans(points, weights, k, { random: seededRandom(0x5eed), restarts: 3, maxIterations: 12 });
  progress(0.8);
  const clusters: Cluster[] = [];
  for (let j = 0; j < result.weights.length; j++) {
    const weight = (result.weights[j] as number) / total;
    if (weight < MIN_CLUSTER_SHARE) continue;
    const c = result.centres;
    clusters.push({ oklab: [c[j * 3] as number, c[j * 3 + 1] as number, c[j * 3 + 2] as number], weight });
  }
  clusters.sort((x, y) => y.weight - x.weight);
  return clusters;
}

/**
 * Matches image colours, most important first, each to the CIEDE2000-nearest catalogue paint not used
 * yet. Exported so benchmarks give other extractors exactly the same matching.
 */
export function matchByCiede2000(colors: readonly { rgb: Rgb; share: number }[], paints: readonly Paint[]): Swatch[] {
  const prepared = preparePaints(paints);
  const used = new Set<string>();
  const swatches: Swatch[] = [];
  for (const { rgb, share } of colors) {
    const distance = deltaE2000From(rgbToLab(rgb));
    const match = nearestUnused(prepared, used, (p) => distance(p.lab.l, p.lab.a, p.lab.b));
    if (!match) break;
    used.add(match.paint.id);
    swatches.push({ colorId: match.paint.id, source: rgbToHex(rgb), share, distance: match.distance });
  }
  return swatches;
}

const oklabDistance = (x: readonly number[], y: readonly number[]) =>
  Math.hypot(
    (x[0] as number) - (y[0] as number),
    (x[1] as number) - (y[1] as number),
    (x[2] as number) - (y[2] as number),
  );

/**
 * Picks `count` clusters, biggest first, then each next one by share discounted when it sits close to one
 * already picked: a palette should show the picture's main colours, not three shades of its sky.
 */
function pickDistinct(clusters: readonly Cluster[], count: number): Cluster[] {
  const picked: Cluster[] = [];
  const rest = [...clusters];
  while (picked.length < count && rest.length > 0) {
    let best = 0;
    let bestScore = Number.NEGATIVE_INFINITY;
    rest.forEach((cluster, i) => {
      const nearest = Math.min(...picked.map((p) => oklabDistance(p.oklab, cluster.oklab)));
      // A near-twin of a picked colour is the same colour split by noise or shading: never a second pick.
      const score = nearest < MERGE_DISTANCE ? -1 : cluster.weight * Math.min(1, (nearest / DISTINCT) ** 2);
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    });
    if (bestScore < 0) break;
    picked.push(...rest.splice(best, 1));
  }
  // Fold each leftover twin back into the pick it splits from, so noise does not pull that centre aside.
  const merged = picked.map((p) => ({ weight: p.weight, sums: p.oklab.map((v) => v * p.weight) }));
  for (const cluster of rest) {
    let target = -1;
    let nearest = MERGE_RADIUS;
    picked.forEach((p, i) => {
      const d = oklabDistance(p.oklab, cluster.oklab);
      if (d < nearest) {
        nearest = d;
        target = i;
      }
    });
    const into = merged[target];
    if (!into) continue;
    into.weight += cluster.weight;
    cluster.oklab.forEach((v, d) => {
      into.sums[d] = (into.sums[d] as number) + v * cluster.weight;
    });
  }
  return merged.map(({ sums, weight }) => ({ oklab: sums.map((v) => v / weight) as Cluster['oklab'], weight }));
}

function extractPerceptual(
  image: Pixels,
  paints: readonly Paint[],
  count: number,
  progress: (f: number) => void,
): ExtractResult {
  const clusters = pickDistinct(clusterImage(image, count + EXTRA_CLUSTERS, progress), count);
  const colors = clusters.map(({ oklab: [l, a, b], weight }) => ({ rgb: oklabToRgb({ l, a, b }), share: weight }));
  const swatches = matchByCiede2000(colors, paints);
  progress(0.95);
  return finish('perceptual', swatches);
}

function finish(algorithm: Algorithm, swatches: Swatch[]): ExtractResult {
  if (swatches.length < PALETTE_MIN) return { ok: false, algorithm, reason: 'not-enough', found: swatches.length };
  return { ok: true, algorithm, colorIds: swatches.map((s) => s.colorId), swatches };
}

/** A requested colour count, clamped to the palette's 3–10. */
function clampCount(count: number | undefined): number {
  if (count === undefined || !Number.isFinite(count)) return PALETTE_DEFAULT;
  return Math.min(PALETTE_MAX, Math.max(PALETTE_MIN, Math.round(count)));
}

/**
 * A palette of catalogue paints from an image. `perceptual` (k-means++ in OKLab, matched by CIEDE2000)
 * is the product's default; `spec` is the literal RGB algorithm (see SPEC), to the letter.
 */
export function extractPalette(image: Pixels, paints: readonly Paint[], options: ExtractOptions): ExtractResult {
  const progress = options.onProgress ?? (() => {});
  if (image.width <= 0 || image.height <= 0 || image.data.length < image.width * image.height * 4) {
    throw new RangeError('extractPalette: the pixel buffer does not match its width and height');
  }
  const result =
    options.algorithm === 'spec'
      ? extractSpec(image, preparePaints(paints), progress)
      : extractPerceptual(image, paints, clampCount(options.count), progress);
  progress(1);
  return result;
}
