import { plainSuperpixel, type RegionGraph } from './room-graph';

/**
 * Wall seen through clutter: a plant's leaves and stems in front of a wall make a band of
 * superpixels that each hold both leaf and wall, so each straddles an edge, and a straddling
 * superpixel may be taken but never passes the flood on (that is what holds a faint crease). The
 * wall beyond the plant is then never reached. Pixel by pixel the wall still shows between the
 * leaves: from each plain superpixel beside such a band, its own colour is followed through the
 * band's pixels (never over a straight line's pixel) to the plain superpixels on the far side,
 * which then count as its neighbours too ("passages"; the flood prices such a step by the two
 * ends' colours alone).
 *
 * A crease differs: a superpixel across a faint crease between two near-white planes holds two
 * halves each close to one side's colour, and its gradient all points one way (a step). A band's
 * superpixel is gone through only where its gradient does not point one way (a stem is a ridge,
 * leaves are blobs: their gradients cancel), or a good share of its pixels are far from the colour
 * followed, or a few are very far (something else in front, not another plane of a close colour),
 * or nearly all are within half the followed colour's tolerance (wall, its edge only beside a leaf).
 * The flood uses a passage only in its looser reading, from the tapped wall itself, and what it
 * reaches so joins only as a pocket (`room-compete.ts`).
 */
export interface Passages {
  /** Compressed rows: the passages of k are `to[start[k]..start[k+1])`. */
  start: Int32Array;
  to: Int32Array;
}

/** Lightness weight (per 100·ln(L*+16)) against chromaticity, as in `room-border.ts`. */
const LIGHTNESS_WEIGHT = 1 / 6;
/** A pixel is the followed colour within this distance (chromaticity units; a lightness ratio of ~1.2 alone). */
const NEAR = 3.5;
/** …and clearly something else beyond this. */
const FAR = 1.5 * NEAR;
/** Least share of a straddling superpixel's pixels that are something else for the flood to go through it. */
const CLUTTER = 0.2;
/** A pixel this far is no plane of a close colour at all (a leaf before a wall)… */
const OTHER = 3 * FAR;
/** …and this share of them lets the flood through too, however the rest steps. */
const OTHER_SHARE = 0.05;
/** …and so does one nearly all of whose pixels are within half of NEAR: the followed colour, no second plane. */
const SAME_SHARE = 0.95;
/** Share of a superpixel's gradient that points one way (|Σ∇| / Σ|∇|) from which its edge is a step. */
const STEP = 0.5;
/** Least pixels of the far superpixel the followed colour must reach: not a touch at one noisy pixel. */
const CONTACT = 3;
/** Where chromaticity is noisier: below L* 60 it is allowed to wander in proportion (as in the flood). */
const BRIGHT = 60;

/**
 * The passages over bands of cluttered superpixels (inner edge over `straddle`, on no line) for
 * the plain ones beside them. `lab` is the analysis picture the superpixels were made from,
 * `lines` its drawn straight lines (non-zero on a line's pixels).
 */
export function seeThrough(
  g: RegionGraph,
  labels: Int32Array,
  lab: Float32Array,
  lines: Uint8Array,
  width: number,
  straddle: number,
): Passages {
  const n = labels.length;
  const height = n / width;
  const cluttered = new Uint8Array(g.count);
  let anyCluttered = false;
  for (let k = 0; k < g.count; k++) {
    if ((g.inner[k] as number) > straddle && (g.line[k] as number) <= 0.5 && (g.opaque[k] as number) >= 0.5) {
      cluttered[k] = 1;
      anyCluttered = true;
    }
  }
  const empty: Passages = { start: new Int32Array(g.count + 1), to: new Int32Array(0) };
  if (!anyCluttered) return empty;
  // each pixel as (lightness·weight, chromaticity ×100), and the slack chromaticity has there
  const feat = new Float32Array(n * 3);
  for (let p = 0; p < n; p++) {
    const l = Math.max(1, (lab[p * 3] as number) + 16);
    feat[p * 3] = 100 * LIGHTNESS_WEIGHT * Math.log(l);
    feat[p * 3 + 1] = (100 * (lab[p * 3 + 1] as number)) / l;
    feat[p * 3 + 2] = (100 * (lab[p * 3 + 2] as number)) / l;
  }
  // the pixels of each superpixel, in runs
  const first = new Int32Array(g.count + 1);
  for (let p = 0; p < n; p++) first[(labels[p] as number) + 1] = (first[(labels[p] as number) + 1] as number) + 1;
  for (let k = 0; k < g.count; k++) first[k + 1] = (first[k + 1] as number) + (first[k] as number);
  const pixels = new Int32Array(n);
  const fill = first.slice(0, g.count);
  for (let p = 0; p < n; p++) {
    const k = labels[p] as number;
    pixels[fill[k] as number] = p;
    fill[k] = (fill[k] as number) + 1;
  }
  // how much of each superpixel's lightness gradient points one way: a crease or a shadow's edge is a
  // step (its gradients agree), a stem or a leaf in front of a wall is a ridge or a blob (they cancel)
  const sum = new Float64Array(g.count * 3);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const gx = (feat[(p + 1) * 3] as number) - (feat[(p - 1) * 3] as number);
      const gy = (feat[(p + width) * 3] as number) - (feat[(p - width) * 3] as number);
      const k = labels[p] as number;
      sum[k * 3] = (sum[k * 3] as number) + gx;
      sum[k * 3 + 1] = (sum[k * 3 + 1] as number) + gy;
      sum[k * 3 + 2] = (sum[k * 3 + 2] as number) + Math.hypot(gx, gy);
    }
  }
  const stepLike = (k: number) =>
    Math.hypot(sum[k * 3] as number, sum[k * 3 + 1] as number) >= STEP * (sum[k * 3 + 2] as number);
  // squared distance of pixel p from the followed colour (v, c1, c2), its chromaticity over `slack`
  const distance2 = (p: number, v: number, c1: number, c2: number, slack: number) => {
    const d0 = (feat[p * 3] as number) - v;
    const d1 = ((feat[p * 3 + 1] as number) - c1) / slack;
    const d2 = ((feat[p * 3 + 2] as number) - c2) / slack;
    return d0 * d0 + d1 * d1 + d2 * d2;
  };
  const isPlain = new Uint8Array(g.count);
  for (let k = 0; k < g.count; k++) isPlain[k] = plainSuperpixel(g, k, straddle) ? 1 : 0;
  const pairs: number[][] = Array.from({ length: g.count }, () => []);
  const visited = new Int32Array(n).fill(-1);
  // per cluttered superpixel, the followed colour it was last judged for and the verdict
  const judgedFor = new Int32Array(g.count).fill(-1);
  const open = new Uint8Array(g.count);
  const contact = new Int32Array(g.count);
  const touched: number[] = [];
  const queue: number[] = [];
  for (let s = 0; s < g.count; s++) {
    if (!isPlain[s]) continue;
    let beside = false;
    for (let i = g.start[s] as number; i < (g.start[s + 1] as number); i++) {
      if (cluttered[g.to[i] as number]) beside = true;
    }
    if (!beside) continue;
    const v = 100 * LIGHTNESS_WEIGHT * Math.log(Math.max(1, (g.lab[s * 3] as number) + 16));
    const c1 = g.chroma[s * 2] as number;
    const c2 = g.chroma[s * 2 + 1] as number;
    const slack = Math.max(1, (BRIGHT + 16) / Math.max(1, (g.lab[s * 3] as number) + 16));
    const isOpen = (k: number) => {
      if (judgedFor[k] !== s) {
        judgedFor[k] = s;
        let far = 0;
        let other = 0;
        let same = 0;
        for (let i = first[k] as number; i < (first[k + 1] as number); i++) {
          const d2 = distance2(pixels[i] as number, v, c1, c2, slack);
          if (d2 > FAR * FAR) far++;
          if (d2 > OTHER * OTHER) other++;
          if (d2 <= (NEAR * NEAR) / 4) same++;
        }
        const size = (first[k + 1] as number) - (first[k] as number);
        open[k] =
          far >= CLUTTER * size || other >= OTHER_SHARE * size || same >= SAME_SHARE * size || !stepLike(k) ? 1 : 0;
      }
      return open[k] === 1;
    };
    queue.length = 0;
    // from its pixels beside a cluttered one
    for (let i = first[s] as number; i < (first[s + 1] as number); i++) {
      const p = pixels[i] as number;
      visited[p] = s;
      const x = p % width;
      if (
        (x > 0 && cluttered[labels[p - 1] as number]) ||
        (x < width - 1 && cluttered[labels[p + 1] as number]) ||
        (p >= width && cluttered[labels[p - width] as number]) ||
        (p + width < n && cluttered[labels[p + width] as number])
      )
        queue.push(p);
    }
    touched.length = 0;
    for (let h = 0; h < queue.length; h++) {
      const p = queue[h] as number;
      const x = p % width;
      const y = (p - x) / width;
      const from = labels[p] as number;
      for (let d = 0; d < 4; d++) {
        if (
          (d === 0 && x === 0) ||
          (d === 1 && x === width - 1) ||
          (d === 2 && y === 0) ||
          (d === 3 && y === height - 1)
        )
          continue;
        const q = d === 0 ? p - 1 : d === 1 ? p + 1 : d === 2 ? p - width : p + width;
        if (visited[q] === s || lines[q]) continue;
        const k = labels[q] as number;
        if (k === s) continue;
        if (cluttered[k]) {
          if (!isOpen(k) || distance2(q, v, c1, c2, slack) > NEAR * NEAR) continue;
          visited[q] = s;
          queue.push(q);
        } else if (from !== s && isPlain[k] && distance2(q, v, c1, c2, slack) <= NEAR * NEAR) {
          // a plain superpixel of the followed colour reached through the band
          visited[q] = s;
          if (contact[k] === 0) touched.push(k);
          contact[k] = (contact[k] as number) + 1;
        }
      }
    }
    for (const k of touched) {
      if ((contact[k] as number) >= CONTACT) {
        let adjacent = false;
        for (let i = g.start[s] as number; i < (g.start[s + 1] as number); i++) if (g.to[i] === k) adjacent = true;
        if (!adjacent) {
          (pairs[s] as number[]).push(k);
          (pairs[k] as number[]).push(s);
        }
      }
      contact[k] = 0;
    }
  }
  const start = new Int32Array(g.count + 1);
  for (let k = 0; k < g.count; k++) start[k + 1] = (start[k] as number) + new Set(pairs[k]).size;
  const to = new Int32Array(start[g.count] as number);
  for (let k = 0; k < g.count; k++) to.set([...new Set(pairs[k])], start[k] as number);
  return { start, to };
}
