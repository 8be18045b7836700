import type { Pixels } from './extract';
import { edgeLightness } from './room-pixels';
import { snapEdges } from './room-snap';

/**
 * Tiles of the photo are refined one at a time, so memory stays small on a 48-MP photo; only tiles
 * the surface's edge crosses are filtered (elsewhere the filter would give the mask back), so small
 * tiles keep the work close to the edge. Each is filtered with a margin of 2r, so the result is the
 * same whatever the tile size.
 */
const TILE = 64;
/** Guided filter regularisation (guide in 0–1 lightness): edges weaker than ~√EPS are smoothed over. */
const EPS = 0.0004;

/** Box sums over (2r+1)² windows via an integral image; `out` gets the window means. */
function boxMean(src: Float32Array, w: number, h: number, r: number, sums: Float64Array, out: Float32Array): void {
  const sw = w + 1;
  for (let x = 0; x <= w; x++) sums[x] = 0;
  for (let y = 0; y < h; y++) {
    let row = 0;
    sums[(y + 1) * sw] = 0;
    for (let x = 0; x < w; x++) {
      row += src[y * w + x] as number;
      sums[(y + 1) * sw + x + 1] = (sums[y * sw + x + 1] as number) + row;
    }
  }
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const s =
        (sums[y1 * sw + x1] as number) -
        (sums[y0 * sw + x1] as number) -
        (sums[y1 * sw + x0] as number) +
        (sums[y0 * sw + x0] as number);
      out[y * w + x] = s / ((y1 - y0) * (x1 - x0));
    }
  }
}

/**
 * What the guided filter needs of the guide alone over one tile (with its margin): the guide and
 * the box means of it and of its square. The same for every tap on a photo, so worked out once.
 */
interface GuideTile {
  g: Float32Array;
  mg: Float32Array;
  gg: Float32Array;
}

function guideTile(g: Float32Array, w: number, h: number, r: number, sums: Float64Array): GuideTile {
  const n = w * h;
  const mg = new Float32Array(n);
  const gg = new Float32Array(n);
  const tmp = new Float32Array(n);
  boxMean(g, w, h, r, sums, mg);
  for (let i = 0; i < n; i++) tmp[i] = (g[i] as number) * (g[i] as number);
  boxMean(tmp, w, h, r, sums, gg);
  return { g, mg, gg };
}

/** He, Sun & Tang's guided filter of `p` by the gray guide (`guide`, both w×h), in place into `p`. */
function guidedFilter(guide: GuideTile, p: Float32Array, w: number, h: number, r: number, sums: Float64Array): void {
  const n = w * h;
  const { g, mg, gg } = guide;
  const mp = new Float32Array(n);
  const gp = new Float32Array(n);
  const a = new Float32Array(n);
  boxMean(p, w, h, r, sums, mp);
  for (let i = 0; i < n; i++) a[i] = (g[i] as number) * (p[i] as number);
  boxMean(a, w, h, r, sums, gp);
  for (let i = 0; i < n; i++) {
    const m = mg[i] as number;
    const k = ((gp[i] as number) - m * (mp[i] as number)) / ((gg[i] as number) - m * m + EPS);
    a[i] = k;
    gp[i] = (mp[i] as number) - k * m;
  }
  boxMean(a, w, h, r, sums, mp);
  boxMean(gp, w, h, r, sums, a);
  for (let i = 0; i < n; i++) p[i] = (mp[i] as number) * (g[i] as number) + (a[i] as number);
}

/** The analysis mask, bilinear, at photo pixel (x, y), 0–1. */
function upsampled(mask: Uint8Array, mw: number, mh: number, sx: number, sy: number, x: number, y: number): number {
  const fx = Math.min(mw - 1, Math.max(0, (x + 0.5) * sx - 0.5));
  const fy = Math.min(mh - 1, Math.max(0, (y + 0.5) * sy - 0.5));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(mw - 1, x0 + 1);
  const y1 = Math.min(mh - 1, y0 + 1);
  const tx = fx - x0;
  const ty = fy - y0;
  const top = (mask[y0 * mw + x0] as number) * (1 - tx) + (mask[y0 * mw + x1] as number) * tx;
  const bottom = (mask[y1 * mw + x0] as number) * (1 - tx) + (mask[y1 * mw + x1] as number) * tx;
  return (top * (1 - ty) + bottom * ty) / 255;
}

interface RefineTile {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Whether the analysis mask is one value over a photo rectangle (then nothing needs refining). */
function uniformOver(mask: Uint8Array, mw: number, mh: number, sx: number, sy: number, t: RefineTile): number {
  const ax0 = Math.max(0, Math.floor(t.x0 * sx) - 1);
  const ay0 = Math.max(0, Math.floor(t.y0 * sy) - 1);
  const ax1 = Math.min(mw - 1, Math.ceil(t.x1 * sx) + 1);
  const ay1 = Math.min(mh - 1, Math.ceil(t.y1 * sy) + 1);
  const first = mask[ay0 * mw + ax0] as number;
  for (let y = ay0; y <= ay1; y++) {
    for (let x = ax0; x <= ax1; x++) if (mask[y * mw + x] !== first) return -1;
  }
  return first;
}

/**
 * The guide's part of each tile, per photo (and radius): kept while the photo is, so a tap after
 * the first filters only the mask. Up to about twice the photo's pixels in floats.
 */
const guides = new WeakMap<Pixels, { r: number; tiles: Map<number, GuideTile> }>();

function guideFor(
  image: Pixels,
  r: number,
  key: number,
  px0: number,
  py0: number,
  w: number,
  h: number,
  sums: Float64Array,
) {
  let kept = guides.get(image);
  if (!kept || kept.r !== r) {
    kept = { r, tiles: new Map() };
    guides.set(image, kept);
  }
  let tile = kept.tiles.get(key);
  if (!tile) {
    const { width, data } = image;
    const g = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        g[y * w + x] = edgeLightness(data, ((py0 + y) * width + px0 + x) * 4);
      }
    }
    tile = guideTile(g, w, h, r, sums);
    kept.tiles.set(key, tile);
  }
  return tile;
}

/** Guided-filters one tile (with a margin of 2r) of the upsampled mask, by the photo's lightness. */
function refineTile(
  image: Pixels,
  mask: Uint8Array,
  mw: number,
  mh: number,
  t: RefineTile,
  r: number,
  out: Uint8Array,
) {
  const { width } = image;
  const sx = mw / width;
  const sy = mh / image.height;
  const px0 = Math.max(0, t.x0 - 2 * r);
  const py0 = Math.max(0, t.y0 - 2 * r);
  const w = Math.min(width, t.x1 + 2 * r) - px0;
  const h = Math.min(image.height, t.y1 + 2 * r) - py0;
  const sums = new Float64Array((w + 1) * (h + 1));
  const guide = guideFor(image, r, t.y0 * width + t.x0, px0, py0, w, h, sums);
  const p = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) p[y * w + x] = upsampled(mask, mw, mh, sx, sy, px0 + x, py0 + y);
  }
  guidedFilter(guide, p, w, h, r, sums);
  for (let y = t.y0; y < t.y1; y++) {
    for (let x = t.x0; x < t.x1; x++) {
      const v = p[(y - py0) * w + (x - px0)] as number;
      out[y * width + x] = v <= 0.02 ? 0 : v >= 0.98 ? 255 : Math.round(v * 255);
    }
  }
}

/**
 * The analysis-size mask brought up to the photo's size, its edges snapped to the photo's own
 * edges by a guided filter (soft where the photo is soft), then each pixel at the edge put on its
 * side of the photo's step there (`room-snap.ts`). Transparent pixels are never surface.
 */
export function refineMask(image: Pixels, mask: Uint8Array, mw: number, mh: number): Uint8Array {
  const { width, height } = image;
  const out = new Uint8Array(width * height);
  const sx = mw / width;
  const sy = mh / height;
  const r = Math.max(2, Math.round(1.5 / Math.min(sx, sy)));
  const edged: RefineTile[] = [];
  for (let y0 = 0; y0 < height; y0 += TILE) {
    for (let x0 = 0; x0 < width; x0 += TILE) {
      const t = { x0, y0, x1: Math.min(width, x0 + TILE), y1: Math.min(height, y0 + TILE) };
      const margin = { x0: x0 - 2 * r, y0: y0 - 2 * r, x1: t.x1 + 2 * r, y1: t.y1 + 2 * r };
      const same = uniformOver(mask, mw, mh, sx, sy, margin);
      if (same >= 0) {
        for (let y = t.y0; y < t.y1; y++) out.fill(same, y * width + t.x0, y * width + t.x1);
      } else {
        refineTile(image, mask, mw, mh, t, r, out);
        edged.push(t);
      }
    }
  }
  snapEdges(image, out, edged);
  for (let p = 0; p < out.length; p++) if ((image.data[p * 4 + 3] as number) < 128) out[p] = 0;
  return out;
}
