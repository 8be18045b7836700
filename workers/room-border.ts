import type { RegionGraph } from './room-graph';

/**
 * A selection is made of whole superpixels, but where the wall shows between thin things in front
 * of it (a plant's leaves, a lamp's stem, a frame's edge) a superpixel holds both: taken whole it
 * paints a rim of the object, dropped whole it leaves the wall between. So each pixel of a
 * superpixel on the selection's border (either side) is judged on its own, by its nearest
 * prototype: the mean colours of the pure superpixels (no edge inside) within two steps of its
 * superpixel, the selected ones two steps off the border (the wall's core: a window's trim taken
 * whole with the wall is not) standing for the wall, the unselected ones for everything else. A
 * pixel changes side only when it is clearly nearer the other side's colour.
 * A ceiling or trim of the wall's own white has pure superpixels of that white beside the wall:
 * they are the "other" side's prototypes there, so a pixel of that white never joins the wall.
 */

/** How much less a lightness difference counts than a chromaticity one: walls shade, paint keeps its colour. */
const LIGHTNESS_WEIGHT = 1 / 6;
/** How much nearer (chromaticity units, ×100 over L*+16) the other side's prototype must be. */
const MARGIN = 1;
/** A pixel joins the wall only within this distance of a wall prototype, and leaves it only beyond. */
const NEAR = 3;
/** Where chromaticity is noisier: below L* 60 it is allowed to wander in proportion (as in the flood). */
const BRIGHT = 60;

/** Superpixels within `hops` steps of `k` on the graph (k included), using `mark` as a visited stamp. */
function around(g: RegionGraph, k: number, hops: number, mark: Int32Array): number[] {
  const near = [k];
  mark[k] = k;
  let from = 0;
  for (let hop = 0; hop < hops; hop++) {
    const to = near.length;
    for (let n = from; n < to; n++) {
      const j = near[n] as number;
      for (let i = g.start[j] as number; i < (g.start[j + 1] as number); i++) {
        const t = g.to[i] as number;
        if (mark[t] !== k) {
          mark[t] = k;
          near.push(t);
        }
      }
    }
    from = to;
  }
  return near;
}

/**
 * The selection (1 per selected superpixel) as a 0/255 mask at the analysis size, decided per
 * pixel in the superpixels along its border. `lab` is the (lightly blurred) L*a*b* picture the
 * superpixels were made from, `edgeLimit` the edge strength (ΔE per pixel) that marks a superpixel
 * as straddling an edge, so not pure. Given the picture's `width`, an unselected border
 * superpixel's pixels that colour alone cannot place join by reach (`reachOpen`), never on a pixel
 * of the drawn `lines` nor in a superpixel of `trim` (1 per superpixel).
 */
export function borderPixels(
  g: RegionGraph,
  labels: Int32Array,
  lab: Float32Array,
  selected: Uint8Array,
  edgeLimit: number,
  width = 0,
  lines?: Uint8Array,
  trim?: Uint8Array,
): Uint8Array {
  const n = labels.length;
  const out = new Uint8Array(n);
  for (let p = 0; p < n; p++) out[p] = selected[labels[p] as number] ? 255 : 0;
  const band = new Uint8Array(g.count);
  let any = false;
  for (let k = 0; k < g.count; k++) {
    for (let i = g.start[k] as number; i < (g.start[k + 1] as number); i++) {
      if (!selected[g.to[i] as number] !== !selected[k]) {
        band[k] = 1;
        any = true;
        break;
      }
    }
  }
  if (!any) return out;
  // each prototype as (100·ln(L*+16)·weight, chromaticity ×100): a distance in chromaticity units
  const proto = new Float32Array(g.count * 3);
  for (let k = 0; k < g.count; k++) {
    proto[k * 3] = 100 * LIGHTNESS_WEIGHT * Math.log(Math.max(1, (g.lab[k * 3] as number) + 16));
    proto[k * 3 + 1] = g.chroma[k * 2] as number;
    proto[k * 3 + 2] = g.chroma[k * 2 + 1] as number;
  }
  const pure = (k: number) => (g.inner[k] as number) <= edgeLimit;
  // per border superpixel, its wall prototypes then its other ones, as (lightness, chromaticity) triples
  const protos: Float32Array[] = [];
  const walls = new Int32Array(g.count);
  const mark = new Int32Array(g.count).fill(-1);
  const nextToBand = new Uint8Array(g.count);
  for (let k = 0; k < g.count; k++) {
    if (!band[k]) continue;
    for (let i = g.start[k] as number; i < (g.start[k + 1] as number); i++) nextToBand[g.to[i] as number] = 1;
  }
  for (let k = 0; k < g.count; k++) {
    if (!band[k]) continue;
    const near = around(g, k, 2, mark);
    // the wall's core, two steps off the border (a trim taken whole is not it), else what there is
    let wall = near.filter((j) => selected[j] && !band[j] && !nextToBand[j] && pure(j));
    if (wall.length === 0) wall = near.filter((j) => selected[j] && !band[j] && pure(j));
    if (wall.length === 0) wall = near.filter((j) => selected[j] && pure(j));
    // not the superpixel's own mean: where it holds wall and something else it is a blend of the
    // two, nearer its wall pixels than the wall's core in other light is, and stands for neither
    const all = wall.concat(near.filter((j) => !selected[j] && pure(j) && j !== k));
    const packed = new Float32Array(all.length * 3);
    for (let i = 0; i < all.length; i++)
      packed.set(proto.subarray((all[i] as number) * 3, (all[i] as number) * 3 + 3), i * 3);
    protos[k] = packed;
    walls[k] = wall.length;
  }
  // pixels of an unselected border superpixel of the wall's colour that the other side matches as
  // well (a sliver of wall beside an unselected piece of its own colour): decided by reach below
  const open = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    const k = labels[p] as number;
    if (!band[k] || walls[k] === 0) continue;
    const packed = protos[k] as Float32Array;
    const l = Math.max(1, (lab[p * 3] as number) + 16);
    // chromaticity is noisier in the dark: it counts for less there
    const slack = Math.max(1, (BRIGHT + 16) / l);
    const v0 = 100 * LIGHTNESS_WEIGHT * Math.log(l);
    const c1 = (100 * (lab[p * 3 + 1] as number)) / l;
    const c2 = (100 * (lab[p * 3 + 2] as number)) / l;
    const w = walls[k] as number;
    let toWall = Number.POSITIVE_INFINITY;
    let toOther = Number.POSITIVE_INFINITY;
    for (let i = 0; i < packed.length / 3; i++) {
      const d0 = v0 - (packed[i * 3] as number);
      const d1 = (c1 - (packed[i * 3 + 1] as number)) / slack;
      const d2 = (c2 - (packed[i * 3 + 2] as number)) / slack;
      const d = d0 * d0 + d1 * d1 + d2 * d2;
      if (i < w) toWall = Math.min(toWall, d);
      else toOther = Math.min(toOther, d);
    }
    toWall = Math.sqrt(toWall);
    toOther = Math.sqrt(toOther);
    if (selected[k]) {
      if (toOther + MARGIN < toWall && toWall > NEAR) out[p] = 0;
    } else if (toWall + MARGIN < toOther && toWall < NEAR) out[p] = 255;
    else if (toWall < NEAR && toWall <= toOther && !trim?.[k] && !lines?.[p]) open[p] = 1;
  }
  if (width > 0) reachOpen(out, open, labels, width);
  return out;
}

/**
 * Where colour alone cannot tell (the wall's colour, but an unselected pure superpixel near by of
 * that colour too), the wall's part of a mixed superpixel is the part joined to the wall: the open
 * pixels reached from the mask, 4-connected (so never across a drawn line), join it. A piece of that
 * colour cut off from the wall by something else (a white vase behind a stem) stays out.
 */
function reachOpen(out: Uint8Array, open: Uint8Array, labels: Int32Array, width: number): void {
  const n = out.length;
  const queue = new Int32Array(n);
  let tail = 0;
  for (let p = 0; p < n; p++) {
    if (!open[p]) continue;
    const x = p % width;
    if (
      (x > 0 && out[p - 1]) ||
      (x < width - 1 && out[p + 1]) ||
      (p >= width && out[p - width]) ||
      (p + width < n && out[p + width])
    ) {
      queue[tail++] = p;
    }
  }
  // seeds first, so one reaches its superpixel only through that superpixel
  for (let i = 0; i < tail; i++) {
    const p = queue[i] as number;
    open[p] = 0;
    out[p] = 255;
  }
  for (let head = 0; head < tail; head++) {
    const p = queue[head] as number;
    const x = p % width;
    const k = labels[p];
    for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
      if (q < 0 || q >= n || !open[q] || labels[q] !== k) continue;
      open[q] = 0;
      out[q] = 255;
      queue[tail++] = q;
    }
  }
}
