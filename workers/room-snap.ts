import type { Pixels } from './extract';
import { edgeLightness } from './room-pixels';

/**
 * Where the filtered mask's edge crosses a step of the photo, the step's own place decides the
 * side of the pixels beside it. A pixel's colour alone cannot (beside a crease or a casing the
 * pixels are shaded like the other side: put on the side whose colour is nearer, as many go
 * wrong as right), but the step is where the lightness changes fastest across the edge. So from
 * each pixel at the mask's edge the lightness is read across the edge (along the mask's own
 * gradient), averaged over a few pixels along it (that is where the noise is beaten), and the
 * profile's steepest step, placed to a fraction of a pixel, puts the pixel in or out.
 */

/** Pixels from the filtered mask's 128 level that may change side (further off, the step is another edge). */
const BAND = 1;
/** How far (px) across the edge the step is looked for, either way. */
const ACROSS = 3;
/** Half the length (px) along the edge over which the profile is averaged. */
const ALONG = 3;
/** How much steeper the steepest step must be than the profile's typical step (its lower median: a crease's ramp may fill half the profile). */
const STEEPER = 3;
/** Least step taken (in the cube root of luminance, where a hundredth is about 1 L*). */
const LEAST = 0.01;
/**
 * How far (0–255) from a half the guided filter's value may be for the step to decide: where the
 * filter is surer, its fit over the whole window has been right more often than one profile's
 * steepest step.
 */
const SURE = 48;
/** Margin (px) of photo read round a tile: the profile's reach across and along, and the bilinear pixel. */
const MARGIN = ACROSS + ALONG + 2;

interface Tile {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Cube root of luminance over a tile with its margin (clamped to the photo). */
function lightness(image: Pixels, t: Tile): { l: Float32Array; x0: number; y0: number; w: number; h: number } {
  const { width, height, data } = image;
  const x0 = Math.max(0, t.x0 - MARGIN);
  const y0 = Math.max(0, t.y0 - MARGIN);
  const w = Math.min(width, t.x1 + MARGIN) - x0;
  const h = Math.min(height, t.y1 + MARGIN) - y0;
  const l = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      l[y * w + x] = edgeLightness(data, ((y0 + y) * width + x0 + x) * 4);
    }
  }
  return { l, x0, y0, w, h };
}

/**
 * `out` (photo size, 0–255: the guided filter's result over `tiles`, the tiles its edge crosses)
 * with each pixel at its edge put on its side of the photo's step there, where one stands out.
 */
export function snapEdges(image: Pixels, out: Uint8Array, tiles: readonly Tile[]): void {
  const { width, height } = image;
  // Every decision reads the filter's values: the few pixels snapped are set once all are decided,
  // rather than reading from a copy of the whole mask.
  const at = (x: number, y: number) =>
    out[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))] as number;
  const snapped: number[] = [];
  const values: number[] = [];
  const profile = new Float64Array(2 * ACROSS + 1);
  const steps = new Float64Array(2 * ACROSS);
  const sizes = new Float64Array(2 * ACROSS);
  for (const t of tiles) {
    const light = lightness(image, t);
    const { l, w, h } = light;
    const sample = (x: number, y: number) => {
      const fx = Math.min(w - 1, Math.max(0, x - light.x0));
      const fy = Math.min(h - 1, Math.max(0, y - light.y0));
      const ix = Math.min(w - 2, Math.floor(fx));
      const iy = Math.min(h - 2, Math.floor(fy));
      const tx = fx - ix;
      const ty = fy - iy;
      const i = iy * w + ix;
      const top = (l[i] as number) * (1 - tx) + (l[i + 1] as number) * tx;
      const bottom = (l[i + w] as number) * (1 - tx) + (l[i + w + 1] as number) * tx;
      return top * (1 - ty) + bottom * ty;
    };
    for (let y = t.y0; y < t.y1; y++) {
      for (let x = t.x0; x < t.x1; x++) {
        const own = at(x, y) >= 128;
        if (Math.abs(at(x, y) - 128) >= SURE) continue;
        let near = false;
        for (let dy = -BAND; dy <= BAND && !near; dy++) {
          for (let dx = -BAND; dx <= BAND; dx++) {
            if (at(x + dx, y + dy) >= 128 !== own) {
              near = true;
              break;
            }
          }
        }
        if (!near) continue;
        // the way into the surface: the mask's own gradient over a 5×5 window
        let gx = 0;
        let gy = 0;
        for (let d = -2; d <= 2; d++) {
          for (let e = 1; e <= 2; e++) {
            gx += at(x + e, y + d) - at(x - e, y + d);
            gy += at(x + d, y + e) - at(x + d, y - e);
          }
        }
        const g = Math.hypot(gx, gy);
        if (g === 0) continue;
        const nx = gx / g;
        const ny = gy / g;
        for (let k = -ACROSS; k <= ACROSS; k++) {
          let sum = 0;
          for (let s = -ALONG; s <= ALONG; s++) sum += sample(x + k * nx - s * ny, y + k * ny + s * nx);
          profile[k + ACROSS] = sum / (2 * ALONG + 1);
        }
        let best = 0;
        for (let k = 0; k < 2 * ACROSS; k++) {
          steps[k] = (profile[k + 1] as number) - (profile[k] as number);
          sizes[k] = Math.abs(steps[k] as number);
          if ((sizes[k] as number) > (sizes[best] as number)) best = k;
        }
        const top = sizes[best] as number;
        const a = best > 0 ? (sizes[best - 1] as number) : top;
        const c = best < 2 * ACROSS - 1 ? (sizes[best + 1] as number) : top;
        sizes.sort();
        if (top < LEAST || top < STEEPER * (sizes[ACROSS - 1] as number)) continue;
        // the step lies between samples best and best+1; a parabola through the three steps round it places it
        const curve = a - 2 * top + c;
        const shift = curve < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / curve)) : 0;
        const place = best + 0.5 - ACROSS + shift;
        if (Math.abs(place) > BAND) continue;
        // the samples beyond the step's place (along the mask's gradient) are the surface's side;
        // the pixel's share of it, as the pixel's square were cut straight at the step, keeps the
        // edge soft for the repaint (half at the pixel's centre)
        snapped.push(y * width + x);
        values.push(Math.round(255 * Math.max(0, Math.min(1, 0.5 - place))));
      }
    }
  }
  for (const [k, p] of snapped.entries()) out[p] = values[k] as number;
}
