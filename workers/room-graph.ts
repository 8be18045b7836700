import type { Superpixels } from './room-slic';

/**
 * What region growing needs about each superpixel and each pair that touch: mean colour, a
 * shading-free chromaticity, and how strong the image edge is along their shared border.
 */
export interface RegionGraph {
  count: number;
  size: Int32Array;
  /** Mean L*, a*, b* per superpixel (3 floats each). */
  lab: Float32Array;
  /** a*, b* over (L* + 16), ×100: unchanged when the light on a matte surface dims or brightens. */
  chroma: Float32Array;
  /** Mean edge strength inside each superpixel: high when it straddles a border SLIC missed. */
  inner: Float32Array;
  /** Share of the superpixel's pixels that are opaque (0–1). */
  opaque: Float32Array;
  /** Adjacency in compressed rows: neighbours of k are `to[start[k]..start[k+1])`. */
  start: Int32Array;
  to: Int32Array;
  /** Mean edge strength (ΔE per pixel) along that border. */
  edge: Float32Array;
  /** Typical edge strength of the picture (its median): the noise the thresholds scale with. */
  edgeNoise: number;
}

/** How far apart (pixels) the coarse gradient looks: light changes over more than this, objects do not. */
const COARSE = 4;

/**
 * Per pixel, how much sharper the (lightly blurred) L*a*b* image changes here than over ±COARSE
 * pixels, in ΔE per pixel: as Retinex assumes, a change of paint or object is a step, a change of
 * light (fall-off, a soft shadow) a ramp, so a ramp scores ~0 and a step or a thin line stays.
 */
export function edgeMap(b: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * width * 3;
    const row = y * width * 3;
    const down = Math.min(height - 1, y + 1) * width * 3;
    const farUp = Math.max(0, y - COARSE) * width * 3;
    const farDown = Math.min(height - 1, y + COARSE) * width * 3;
    for (let x = 0; x < width; x++) {
      const l = Math.max(0, x - 1) * 3;
      const r = Math.min(width - 1, x + 1) * 3;
      const farL = Math.max(0, x - COARSE) * 3;
      const farR = Math.min(width - 1, x + COARSE) * 3;
      const m = x * 3;
      let sum = 0;
      for (let c = 0; c < 3; c++) {
        const ul = b[up + l + c] as number;
        const ur = b[up + r + c] as number;
        const dl = b[down + l + c] as number;
        const dr = b[down + r + c] as number;
        const gx = ur + 2 * (b[row + r + c] as number) + dr - ul - 2 * (b[row + l + c] as number) - dl;
        const gy = dl + 2 * (b[down + m + c] as number) + dr - ul - 2 * (b[up + m + c] as number) - ur;
        const cx = (b[row + farR + c] as number) - (b[row + farL + c] as number);
        const cy = (b[farDown + m + c] as number) - (b[farUp + m + c] as number);
        const excess = Math.sqrt(gx * gx + gy * gy) / 8 - Math.sqrt(cx * cx + cy * cy) / (2 * COARSE);
        if (excess > 0) sum += excess * excess;
      }
      out[y * width + x] = Math.sqrt(sum);
    }
  }
  return out;
}

/** A separable [1 2 1]/4 blur of an interleaved 3-channel image: takes the edge of noise. */
export function blur3(src: Float32Array, width: number, height: number): Float32Array {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 3;
      const l = (y * width + Math.max(0, x - 1)) * 3;
      const r = (y * width + Math.min(width - 1, x + 1)) * 3;
      for (let c = 0; c < 3; c++)
        tmp[p + c] = ((src[l + c] as number) + 2 * (src[p + c] as number) + (src[r + c] as number)) / 4;
    }
  }
  for (let y = 0; y < height; y++) {
    const u = Math.max(0, y - 1) * width;
    const d = Math.min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        out[p + c] =
          ((tmp[(u + x) * 3 + c] as number) + 2 * (tmp[p + c] as number) + (tmp[(d + x) * 3 + c] as number)) / 4;
      }
    }
  }
  return out;
}

function superpixelMeans(lab: Float32Array, opaque: Uint8Array, edges: Float32Array, sp: Superpixels) {
  const size = new Int32Array(sp.count);
  const sums = new Float64Array(sp.count * 5);
  for (let p = 0; p < sp.labels.length; p++) {
    const k = sp.labels[p] as number;
    size[k] = (size[k] as number) + 1;
    for (let c = 0; c < 3; c++) sums[k * 5 + c] = (sums[k * 5 + c] as number) + (lab[p * 3 + c] as number);
    sums[k * 5 + 3] = (sums[k * 5 + 3] as number) + (opaque[p] as number);
    sums[k * 5 + 4] = (sums[k * 5 + 4] as number) + (edges[p] as number);
  }
  const means = new Float32Array(sp.count * 3);
  const chroma = new Float32Array(sp.count * 2);
  const share = new Float32Array(sp.count);
  const inner = new Float32Array(sp.count);
  for (let k = 0; k < sp.count; k++) {
    const n = Math.max(1, size[k] as number);
    for (let c = 0; c < 3; c++) means[k * 3 + c] = (sums[k * 5 + c] as number) / n;
    const scale = 100 / ((means[k * 3] as number) + 16);
    chroma[k * 2] = (means[k * 3 + 1] as number) * scale;
    chroma[k * 2 + 1] = (means[k * 3 + 2] as number) * scale;
    share[k] = (sums[k * 5 + 3] as number) / n;
    inner[k] = (sums[k * 5 + 4] as number) / n;
  }
  return { size, means, chroma, share, inner };
}

/** Borders between superpixels: for each touching pair, the summed edge strength and its length. */
function borders(labels: Int32Array, width: number, edges: Float32Array) {
  const pairs = new Map<number, number>();
  const sums: number[] = [];
  const lengths: number[] = [];
  const count = labels.length;
  const visit = (p: number, q: number) => {
    const a = labels[p] as number;
    const b = labels[q] as number;
    if (a === b) return;
    const key = a < b ? a * count + b : b * count + a;
    let i = pairs.get(key);
    if (i === undefined) {
      i = sums.length;
      pairs.set(key, i);
      sums.push(0);
      lengths.push(0);
    }
    sums[i] = (sums[i] as number) + Math.max(edges[p] as number, edges[q] as number);
    lengths[i] = (lengths[i] as number) + 1;
  };
  for (let p = 0; p < count; p++) {
    if ((p + 1) % width !== 0) visit(p, p + 1);
    if (p + width < count) visit(p, p + width);
  }
  return { pairs, sums, lengths, count };
}

function median(values: Float32Array): number {
  const step = Math.max(1, Math.floor(values.length / 20000));
  const sample: number[] = [];
  for (let i = 0; i < values.length; i += step) sample.push(values[i] as number);
  sample.sort((a, b) => a - b);
  return sample[Math.floor(sample.length / 2)] ?? 0;
}

export function buildGraph(
  lab: Float32Array,
  opaque: Uint8Array,
  width: number,
  sp: Superpixels,
  edges: Float32Array,
): RegionGraph {
  const { size, means, chroma, share, inner } = superpixelMeans(lab, opaque, edges, sp);
  const { pairs, sums, lengths, count } = borders(sp.labels, width, edges);
  const degree = new Int32Array(sp.count + 1);
  for (const key of pairs.keys()) {
    const a = Math.floor(key / count);
    const b = key % count;
    degree[a] = (degree[a] as number) + 1;
    degree[b] = (degree[b] as number) + 1;
  }
  const start = new Int32Array(sp.count + 1);
  for (let k = 0; k < sp.count; k++) start[k + 1] = (start[k] as number) + (degree[k] as number);
  const fill = start.slice(0, sp.count);
  const to = new Int32Array(start[sp.count] as number);
  const edge = new Float32Array(to.length);
  for (const [key, i] of pairs) {
    const strength = (sums[i] as number) / (lengths[i] as number);
    for (const [a, b] of [
      [Math.floor(key / count), key % count],
      [key % count, Math.floor(key / count)],
    ] as const) {
      const at = fill[a] as number;
      fill[a] = at + 1;
      to[at] = b;
      edge[at] = strength;
    }
  }
  return { count: sp.count, size, lab: means, chroma, inner, opaque: share, start, to, edge, edgeNoise: median(edges) };
}
