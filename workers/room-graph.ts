import type { EdgeMaps } from './room-edges';
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
  /** Share of the superpixel's pixels on a straight line of the picture (0–1): a crease, a frame. */
  line: Float32Array;
  /** Share of the superpixel's pixels on an upright straight line (0–1): where two walls may meet. */
  upright: Float32Array;
  /** 1 where the superpixel touches the picture's edge. */
  frame: Uint8Array;
  /** Mean x, y of each superpixel's pixels (2 floats each). */
  centre: Float32Array;
  /** Share of the superpixel's pixels that are opaque (0–1). */
  opaque: Float32Array;
  /** Share of the superpixel's pixels with a clipped channel (0–1): blown-out light, colour unknown. */
  clipped: Float32Array;
  /** Adjacency in compressed rows: neighbours of k are `to[start[k]..start[k+1])`. */
  start: Int32Array;
  to: Int32Array;
  /** Mean edge strength (ΔE per pixel) along that border. */
  edge: Float32Array;
  /** The step between the two superpixels' colours beyond their ramp of light (ΔE). */
  step: Float32Array;
  /** Typical edge strength of the picture (its median): the noise the thresholds scale with. */
  edgeNoise: number;
}

/**
 * Whether superpixel k is plain: on no straight line, no edge inside it above `straddle` (ΔE per
 * pixel), opaque, and its colour known (not blown out).
 */
export const plainSuperpixel = (g: RegionGraph, k: number, straddle: number): boolean =>
  (g.inner[k] as number) <= straddle &&
  (g.line[k] as number) <= 0.5 &&
  (g.opaque[k] as number) >= 0.5 &&
  (g.clipped[k] as number) <= 0.5;

const FIELDS = 10; // L, a, b, opaque, edge, x, y, ramp slope, ramp pixels, clipped

function superpixelSums(lab: Float32Array, flags: Uint8Array, maps: EdgeMaps, width: number, sp: Superpixels) {
  const sums = new Float64Array(sp.count * FIELDS);
  for (let p = 0; p < sp.labels.length; p++) {
    const o = (sp.labels[p] as number) * FIELDS;
    for (let c = 0; c < 3; c++) sums[o + c] = (sums[o + c] as number) + (lab[p * 3 + c] as number);
    sums[o + 3] = (sums[o + 3] as number) + ((flags[p] as number) & 1);
    sums[o + 9] = (sums[o + 9] as number) + ((flags[p] as number) >> 1);
    sums[o + 4] = (sums[o + 4] as number) + (maps.edge[p] as number);
    sums[o + 5] = (sums[o + 5] as number) + (p % width);
    sums[o + 6] = (sums[o + 6] as number) + Math.floor(p / width);
    const ramp = maps.ramp[p] as number;
    if (ramp >= 0) {
      sums[o + 7] = (sums[o + 7] as number) + ramp;
      sums[o + 8] = (sums[o + 8] as number) + 1;
    }
  }
  return sums;
}

/** Per superpixel: size, mean colour, chromaticity, opaque share, inner edge, centroid, ramp slope. */
function superpixelMeans(lab: Float32Array, flags: Uint8Array, maps: EdgeMaps, width: number, sp: Superpixels) {
  const sums = superpixelSums(lab, flags, maps, width, sp);
  const size = new Int32Array(sp.count);
  for (let p = 0; p < sp.labels.length; p++)
    size[sp.labels[p] as number] = (size[sp.labels[p] as number] as number) + 1;
  const means = new Float32Array(sp.count * 3);
  const chroma = new Float32Array(sp.count * 2);
  const share = new Float32Array(sp.count);
  const inner = new Float32Array(sp.count);
  const centre = new Float32Array(sp.count * 2);
  const slope = new Float32Array(sp.count);
  const clipped = new Float32Array(sp.count);
  for (let k = 0; k < sp.count; k++) {
    const n = Math.max(1, size[k] as number);
    const o = k * FIELDS;
    for (let c = 0; c < 3; c++) means[k * 3 + c] = (sums[o + c] as number) / n;
    const scale = 100 / ((means[k * 3] as number) + 16);
    chroma[k * 2] = (means[k * 3 + 1] as number) * scale;
    chroma[k * 2 + 1] = (means[k * 3 + 2] as number) * scale;
    share[k] = (sums[o + 3] as number) / n;
    inner[k] = (sums[o + 4] as number) / n;
    centre[k * 2] = (sums[o + 5] as number) / n;
    centre[k * 2 + 1] = (sums[o + 6] as number) / n;
    slope[k] = (sums[o + 7] as number) / Math.max(1, sums[o + 8] as number);
    clipped[k] = (sums[o + 9] as number) / n;
  }
  return { size, means, chroma, share, inner, centre, slope, clipped };
}

/** Borders between superpixels: for each touching pair, the summed edge strength and its length. */
function borders(labels: Int32Array, width: number, edges: Float32Array) {
  const pairs = new Map<number, number>();
  const sums: number[] = [];
  const lengths: number[] = [];
  const count = labels.length;
  // neighbouring border pixels mostly belong to the pair just seen: look that up without the map
  let lastKey = -1;
  let lastIndex = -1;
  const visit = (p: number, q: number) => {
    const a = labels[p] as number;
    const b = labels[q] as number;
    if (a === b) return;
    const key = a < b ? a * count + b : b * count + a;
    let i = key === lastKey ? lastIndex : pairs.get(key);
    lastKey = key;
    if (i === undefined) {
      i = sums.length;
      pairs.set(key, i);
      sums.push(0);
      lengths.push(0);
    }
    lastIndex = i;
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

type Means = ReturnType<typeof superpixelMeans>;

/** Of `from`'s neighbours, the one lying furthest along (dx, dy) from it, or -1 if none lies that way. */
function alongFrom(m: Means, adj: Adjacency, from: number, dx: number, dy: number): number {
  let best = -1;
  let bestCos = 0.5;
  const norm = dx * dx + dy * dy;
  for (let i = adj.start[from] as number; i < (adj.start[from + 1] as number); i++) {
    const k = adj.to[i] as number;
    const ex = (m.centre[k * 2] as number) - (m.centre[from * 2] as number);
    const ey = (m.centre[k * 2 + 1] as number) - (m.centre[from * 2 + 1] as number);
    const cos = (ex * dx + ey * dy) / (Math.sqrt((ex * ex + ey * ey) * norm) || 1);
    if (cos > bestCos) {
      bestCos = cos;
      best = k;
    }
  }
  return best;
}

/**
 * How much the colour changes from a to b beyond what the ramp of light on either side of them
 * predicts (the change from a's far neighbour to a, or from b to b's far neighbour, whichever is
 * smaller): a step of paint or object, in ΔE. On a ramp of light this is ~0.
 */
function stepBetween(m: Means, adj: Adjacency, a: number, b: number): number {
  const dx = (m.centre[b * 2] as number) - (m.centre[a * 2] as number);
  const dy = (m.centre[b * 2 + 1] as number) - (m.centre[a * 2 + 1] as number);
  const before = alongFrom(m, adj, a, -dx, -dy);
  const after = alongFrom(m, adj, b, dx, dy);
  let best = Number.POSITIVE_INFINITY;
  for (const [p, q] of [
    [before, a],
    [b, after],
  ] as const) {
    if (p < 0 || q < 0) continue;
    let sq = 0;
    for (let c = 0; c < 3; c++) {
      const ramp = (m.means[q * 3 + c] as number) - (m.means[p * 3 + c] as number);
      sq += ((m.means[b * 3 + c] as number) - (m.means[a * 3 + c] as number) - ramp) ** 2;
    }
    best = Math.min(best, sq);
  }
  return Number.isFinite(best) ? Math.sqrt(best) : 0;
}

interface Adjacency {
  start: Int32Array;
  to: Int32Array;
}

export function buildGraph(
  lab: Float32Array,
  flags: Uint8Array,
  width: number,
  sp: Superpixels,
  maps: EdgeMaps,
  lines?: Uint8Array,
): RegionGraph {
  const m = superpixelMeans(lab, flags, maps, width, sp);
  const line = new Float32Array(sp.count);
  const upright = new Float32Array(sp.count);
  if (lines) {
    for (let p = 0; p < lines.length; p++) {
      const k = sp.labels[p] as number;
      if (lines[p]) line[k] = (line[k] as number) + 1;
      if (lines[p] === 2) upright[k] = (upright[k] as number) + 1;
    }
    for (let k = 0; k < sp.count; k++) {
      line[k] = (line[k] as number) / Math.max(1, m.size[k] as number);
      upright[k] = (upright[k] as number) / Math.max(1, m.size[k] as number);
    }
  }
  const { size, means, chroma, share, inner } = m;
  const { pairs, sums, lengths, count } = borders(sp.labels, width, maps.edge);
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
  const step = new Float32Array(to.length);
  for (let a = 0; a < sp.count; a++) {
    for (let i = start[a] as number; i < (start[a + 1] as number); i++)
      step[i] = stepBetween(m, { start, to }, a, to[i] as number);
  }
  const edgeNoise = median(maps.edge);
  const frame = new Uint8Array(sp.count);
  const height = sp.labels.length / width;
  for (let x = 0; x < width; x++) {
    frame[sp.labels[x] as number] = 1;
    frame[sp.labels[(height - 1) * width + x] as number] = 1;
  }
  for (let y = 0; y < height; y++) {
    frame[sp.labels[y * width] as number] = 1;
    frame[sp.labels[y * width + width - 1] as number] = 1;
  }
  return {
    frame,
    centre: m.centre,
    count: sp.count,
    size,
    lab: means,
    chroma,
    inner,
    line,
    upright,
    opaque: share,
    clipped: m.clipped,
    start,
    to,
    edge,
    step,
    edgeNoise,
  };
}
