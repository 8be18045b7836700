import type { Pixels } from './extract';
import { linearOfHex, SRGB_TO_LINEAR } from './room-pixels';

type Rgb = [number, number, number];

/** Reflectance of the white of a ceiling or woodwork (a typical white's LRV, ~85). */
const WHITE = 0.85;
/** "A white, not sure which", when the photo holds no white to compare with. */
const ASSUMED_WHITE = '#f3f1ea';
const CLIPPED = 250;
/** How far a pixel may be from the light's own chromaticity and still count as white. */
const NEUTRAL = 0.035;
const MIN_PAIRS = 40;
/** Where to look for a white beside the wall: left, right, below (in the photo's pixels × a distance). */
const BESIDE = [
  [1, 0],
  [-1, 0],
  [0, 1],
] as const;

const linear = (data: Pixels['data'], i: number, out: Float64Array) => {
  out[0] = SRGB_TO_LINEAR[data[i] as number] as number;
  out[1] = SRGB_TO_LINEAR[data[i + 1] as number] as number;
  out[2] = SRGB_TO_LINEAR[data[i + 2] as number] as number;
};
const usable = (data: Pixels['data'], i: number) =>
  (data[i + 3] as number) >= 128 &&
  (data[i] as number) < CLIPPED &&
  (data[i + 1] as number) < CLIPPED &&
  (data[i + 2] as number) < CLIPPED;

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)] ?? Number.NaN;
}

/** Surface pixels beside pixels of something else, 6 linear values each (surface rgb, neighbour rgb). */
function pairsBeside(image: Pixels, mask: Uint8Array, step: number, offsets: ReadonlyArray<readonly [number, number]>) {
  const { width, height, data } = image;
  const d = Math.max(3, Math.round(Math.max(width, height) / 150));
  const pairs: number[] = [];
  const px = new Float64Array(3);
  for (let p = 0; p < mask.length; p += step) {
    if ((mask[p] as number) < 250 || !usable(data, p * 4)) continue;
    const x = p % width;
    const y = (p - x) / width;
    for (const [dx, dy] of offsets) {
      const qx = x + dx * d;
      const qy = y + dy * d;
      if (qx < 0 || qy < 0 || qx >= width || qy >= height) continue;
      const q = qy * width + qx;
      if ((mask[q] as number) > 0 || !usable(data, q * 4)) continue;
      linear(data, p * 4, px);
      pairs.push(px[0] as number, px[1] as number, px[2] as number);
      linear(data, q * 4, px);
      pairs.push(px[0] as number, px[1] as number, px[2] as number);
    }
  }
  return pairs;
}

const chromaticity = (pairs: number[], i: number): [number, number, number] => {
  const r = pairs[i + 3] as number;
  const g = pairs[i + 4] as number;
  const sum = r + g + (pairs[i + 5] as number);
  return [sum, r / Math.max(1e-6, sum), g / Math.max(1e-6, sum)];
};

/**
 * Per channel, surface / white over the pairs whose neighbour is a white: the light cancels,
 * leaving the paints' ratio. The whites are the brighter half of the neighbours' usual colour
 * (ceiling, woodwork), which is the light's own colour.
 */
function ratiosToWhite(pairs: number[]): number[][] {
  const seen: Array<[number, number, number]> = [];
  for (let i = 0; i < pairs.length; i += 6) seen.push(chromaticity(pairs, i));
  const bright = seen.filter((c) => c[0] > 0.05).sort((a, b) => b[0] - a[0]);
  const top = bright.slice(0, Math.ceil(bright.length / 2));
  const light = [median(top.map((c) => c[1])), median(top.map((c) => c[2]))];
  const ratios: number[][] = [[], [], []];
  for (let i = 0, k = 0; i < pairs.length; i += 6, k++) {
    const [sum, r, g] = seen[k] as [number, number, number];
    if (sum < 0.05 || Math.hypot(r - (light[0] as number), g - (light[1] as number)) > NEUTRAL) continue;
    for (let c = 0; c < 3; c++) ratios[c]?.push((pairs[i + c] as number) / Math.max(1e-4, pairs[i + 3 + c] as number));
  }
  return ratios;
}

/**
 * What the surface is painted now, as linear RGB, read from the photo itself: the surface beside
 * the whites around it (ceiling, woodwork) in the same light; a typical white when there are none.
 */
export function estimateWallPaint(image: Pixels, mask: Uint8Array): Rgb {
  const fallback = linearOfHex(ASSUMED_WHITE) as Rgb;
  const n = Math.min(mask.length, image.width * image.height);
  if (n === 0) return fallback;
  const step = Math.max(1, Math.floor(n / 150_000)) | 1;
  // frames and skirting share the wall's plane and light; the ceiling faces elsewhere, so it is the last resort
  let ratios = ratiosToWhite(pairsBeside(image, mask, step, BESIDE));
  if ((ratios[0]?.length ?? 0) < MIN_PAIRS)
    ratios = ratiosToWhite(pairsBeside(image, mask, step, [...BESIDE, [0, -1]]));
  if ((ratios[0]?.length ?? 0) < MIN_PAIRS) return fallback;
  return ratios.map((r) => Math.min(0.95, Math.max(0.005, WHITE * median(r)))) as Rgb;
}
