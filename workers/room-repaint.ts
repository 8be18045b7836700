import type { Pixels } from './extract';
import { encodeSrgb, linearOfHex, SRGB_TO_LINEAR } from './room-pixels';
import { estimateWallPaint } from './room-walls-now';

type Rgb = [number, number, number];

/**
 * The form factor from a wall to the other walls (~0.45 in an empty box room, less what windows,
 * doors and furniture cover): the light a wall gets from the walls is F × their mean radiosity,
 * which bounced off the old paint and will bounce off the new. It is the same everywhere on the
 * walls, so it is a bigger share of the light where the wall is dim (away from the window, in
 * shadow) than where light falls on it directly.
 */
const WALL_VIEW = 0.35;
/** A channel this close to 255 was clipped by the camera: its light is a lower bound. */
const CLIPPED = 250;
/** Linear level below which a channel's few noisy levels say little about its light. */
const DARK = 0.004;
const LUMA: Rgb = [0.2126, 0.7152, 0.0722];
/** Even in deep shadow some light comes straight from the windows or lamps. */
const MAX_BOUNCE = 0.9;

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

/** How the bounce light off the walls changes with the paint (radiosity: B = F ρ D̄ / (1 − F ρ)), per channel. */
function bounceGain(paint: Rgb, now: Rgb): Rgb {
  return paint.map((p, c) => {
    const old = now[c] as number;
    return (p * (1 - WALL_VIEW * old)) / (old * (1 - WALL_VIEW * p));
  }) as Rgb;
}

/**
 * Over the surface (unclipped pixels): the mean colour of its light (light per channel over its
 * luminance) and its mean radiosity per channel (linear).
 */
function surfaceMeans(image: Pixels, mask: Uint8Array, now: Rgb): { colour: Rgb; mean: Rgb } {
  const sums = [0, 0, 0];
  let count = 0;
  const { data } = image;
  const step = Math.max(1, Math.floor(mask.length / 200_000));
  for (let p = 0; p < mask.length; p += step) {
    const m = mask[p] as number;
    if (m < 128 || (data[p * 4] as number) >= CLIPPED || (data[p * 4 + 1] as number) >= CLIPPED) continue;
    if ((data[p * 4 + 2] as number) >= CLIPPED) continue;
    count++;
    for (let c = 0; c < 3; c++) sums[c] = (sums[c] as number) + (SRGB_TO_LINEAR[data[p * 4 + c] as number] as number);
  }
  const light = sums.map((v, c) => v / (now[c] as number));
  const luma = LUMA.reduce((s, w, c) => s + w * (light[c] as number), 0);
  const colour = luma > 0 ? (light.map((v) => v / luma) as Rgb) : ([1, 1, 1] as Rgb);
  return { colour, mean: sums.map((v) => v / Math.max(1, count)) as Rgb };
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
 * The part of a repaint that does not depend on the new paint, worked out once per surface (and
 * photo): which pixels it covers, how much of each, and the clean light the camera saw there.
 * Trying paint after paint is then one short pass each (`applyRepaint`).
 */
export interface PreparedRepaint {
  /** Pixels the mask touches, and their weight (mask / 255). */
  pixels: Int32Array;
  weights: Float32Array;
  /** The clean signal per pixel and channel (linear; see `cleanSeen`). */
  seen: Float32Array;
  now: Rgb;
  /** Per channel: the walls' bounce light at this surface, F × mean radiosity × current paint. */
  bounceLight: Rgb;
}

/** What `repaint` works out before it looks at the new paint: the surface's pixels and their light. */
export function prepareRepaint(image: Pixels, mask: Uint8Array, wallsNowHex?: string): PreparedRepaint {
  const n = Math.min(mask.length, image.width * image.height);
  let count = 0;
  for (let p = 0; p < n; p++) if (mask[p] !== 0) count++;
  const pixels = new Int32Array(count);
  const weights = new Float32Array(count);
  const seen = new Float32Array(count * 3);
  const given = wallsNowHex === undefined ? null : linearOfHex(wallsNowHex);
  const now = (count === 0 ? [1, 1, 1] : (given ?? wallsNow(image, mask)).map((v) => Math.max(1e-4, v))) as Rgb;
  const { colour, mean } = count === 0 ? { colour: now, mean: now } : surfaceMeans(image, mask, now);
  const est = new Float64Array(3);
  for (let p = 0, k = 0; p < n; p++) {
    const m = mask[p] as number;
    if (m === 0) continue;
    pixels[k] = p;
    weights[k] = m / 255;
    cleanSeen(image.data, p * 4, now, colour, est);
    seen[k * 3] = est[0] as number;
    seen[k * 3 + 1] = est[1] as number;
    seen[k * 3 + 2] = est[2] as number;
    k++;
  }
  const bounceLight = mean.map((v, c) => WALL_VIEW * v * (now[c] as number)) as Rgb;
  return { pixels, weights, seen, now, bounceLight };
}

/**
 * The prepared surface in `paintHex`, written over `data` (the picture so far, RGBA sRGB): per
 * channel the light it receives × the new paint. Pixels outside the surface are not touched.
 */
export function applyRepaint(prepared: PreparedRepaint, paintHex: string, data: Uint8ClampedArray): void {
  const paint = linearOfHex(paintHex);
  if (!paint) return;
  const { pixels, weights, seen: clean, now, bounceLight } = prepared;
  const bounce = bounceGain(paint, now);
  const ratio = paint.map((v, c) => v / (now[c] as number)) as Rgb;
  for (let k = 0; k < pixels.length; k++) {
    const i = (pixels[k] as number) * 4;
    const w = weights[k] as number;
    for (let c = 0; c < 3; c++) {
      const seen = clean[k * 3 + c] as number;
      // the share of this pixel's light that came off the walls: F × their mean radiosity × ρ / seen
      const share = Math.min(MAX_BOUNCE, (bounceLight[c] as number) / Math.max(1e-6, seen));
      const gain = (ratio[c] as number) * (1 - share + share * (bounce[c] as number));
      // seen × gain, but only the clean part is scaled: the noise stays as the camera made it
      const change = (gain - 1) * seen;
      data[i + c] = encodeSrgb((SRGB_TO_LINEAR[data[i + c] as number] as number) + change * w);
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
  if (!linearOfHex(paintHex) || Math.min(mask.length, image.width * image.height) === 0) return out;
  applyRepaint(prepareRepaint(image, mask, wallsNowHex), paintHex, data);
  return out;
}
