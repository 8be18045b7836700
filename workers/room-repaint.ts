import type { Pixels } from './extract';
import { encodeSrgb, linearOfHex, SRGB_TO_LINEAR } from './room-pixels';
import { estimateWallPaint } from './room-walls-now';

type Rgb = [number, number, number];

/**
 * Share of what a wall receives that it receives from the other walls (their form factor seen
 * from a wall of a box room, ~0.4): light that bounced off the old paint and will bounce off the
 * new. Radiosity over those walls gives E = E₀ / (1 − F·ρ).
 */
const WALL_VIEW = 0.4;
/** A channel this close to 255 was clipped by the camera: its light is a lower bound. */
const CLIPPED = 250;
/** Linear level below which a channel's few noisy levels say little about its light. */
const DARK = 0.004;
const LUMA: Rgb = [0.2126, 0.7152, 0.0722];

/** The estimate per mask (and photo): trying paint after paint on one surface reads the photo once. */
const estimates = new WeakMap<Uint8Array, { data: Pixels['data']; sum: number; paint: Rgb }>();

/** A checksum of the mask, so a mask edited in place (a brush stroke) is estimated afresh. */
function checksum(mask: Uint8Array): number {
  let h = 0;
  for (let p = 0; p < mask.length; p++) h = (Math.imul(h, 31) + (mask[p] as number)) | 0;
  return h;
}

function wallsNow(image: Pixels, mask: Uint8Array): Rgb {
  const known = estimates.get(mask);
  const sum = checksum(mask);
  if (known && known.data === image.data && known.sum === sum) return known.paint;
  const paint = estimateWallPaint(image, mask);
  estimates.set(mask, { data: image.data, sum, paint });
  return paint;
}

/** Per channel: new/old paint, with the walls' own bounce light following the paint. */
function paintGain(paint: Rgb, now: Rgb): Rgb {
  return paint.map((p, c) => {
    const old = Math.max(1e-4, now[c] as number);
    return ((p / old) * (1 - WALL_VIEW * old)) / (1 - WALL_VIEW * p);
  }) as Rgb;
}

/** The mean colour of the light on the surface (light per channel over its luminance), mask-weighted. */
function meanLightColour(image: Pixels, mask: Uint8Array, now: Rgb): Rgb {
  const sums = [0, 0, 0];
  const { data } = image;
  const step = Math.max(1, Math.floor(mask.length / 200_000));
  for (let p = 0; p < mask.length; p += step) {
    const m = mask[p] as number;
    if (m < 128 || (data[p * 4] as number) >= CLIPPED || (data[p * 4 + 1] as number) >= CLIPPED) continue;
    if ((data[p * 4 + 2] as number) >= CLIPPED) continue;
    for (let c = 0; c < 3; c++)
      sums[c] = (sums[c] as number) + (SRGB_TO_LINEAR[data[p * 4 + c] as number] as number) / (now[c] as number);
  }
  const luma = LUMA.reduce((s, w, c) => s + w * (sums[c] as number), 0);
  return luma > 0 ? (sums.map((v) => v / luma) as Rgb) : [1, 1, 1];
}

/**
 * What the camera would have seen at pixel `i` without clipping and noise, into `est`: a clipped
 * channel takes the light's usual colour at the unclipped channels' level, and a dark channel
 * leans on that too instead of its own few noisy levels.
 */
function cleanSeen(data: Pixels['data'], i: number, now: Rgb, colour: Rgb, est: Float64Array): void {
  let level = 0;
  let weight = 0;
  for (let c = 0; c < 3; c++) {
    est[c] = SRGB_TO_LINEAR[data[i + c] as number] as number;
    if ((data[i + c] as number) < CLIPPED) {
      level += (LUMA[c] as number) * (est[c] as number);
      weight += (LUMA[c] as number) * (colour[c] as number) * (now[c] as number);
    }
  }
  if (weight === 0) return;
  const base = level / weight;
  for (let c = 0; c < 3; c++) {
    const usual = base * (colour[c] as number) * (now[c] as number);
    const seen = est[c] as number;
    if ((data[i + c] as number) >= CLIPPED) est[c] = Math.max(seen, usual);
    else {
      const trust = Math.min(1, seen / DARK);
      est[c] = trust * seen + (1 - trust) * usual;
    }
  }
}

/**
 * The photo with the masked surface in `paintHex`: in linear light, per channel, the light the
 * surface receives × the new paint, where the light is what the camera saw / the current paint
 * (`wallsNowHex`, or estimated from the photo when not given). Shadows, texture and the light's
 * colour stay. Pixels with mask 0 come back bit for bit; soft mask values blend in linear light.
 */
export function repaint(image: Pixels, mask: Uint8Array, paintHex: string, wallsNowHex?: string): Pixels {
  const data = new Uint8ClampedArray(image.data);
  const out = { width: image.width, height: image.height, data };
  const paint = linearOfHex(paintHex);
  const n = Math.min(mask.length, image.width * image.height);
  if (!paint || n === 0) return out;
  const given = wallsNowHex === undefined ? null : linearOfHex(wallsNowHex);
  const now = (given ?? wallsNow(image, mask)).map((v) => Math.max(1e-4, v)) as Rgb;
  const gain = paintGain(paint, now);
  const colour = meanLightColour(image, mask, now);
  const est = new Float64Array(3);
  for (let p = 0; p < n; p++) {
    const m = mask[p] as number;
    if (m === 0) continue;
    const w = m / 255;
    const i = p * 4;
    cleanSeen(image.data, i, now, colour, est);
    for (let c = 0; c < 3; c++) {
      // seen × gain, but only the clean part is scaled: the noise stays as the camera made it
      const change = ((gain[c] as number) - 1) * (est[c] as number);
      data[i + c] = encodeSrgb((SRGB_TO_LINEAR[image.data[i + c] as number] as number) + change * w);
    }
  }
  return out;
}
