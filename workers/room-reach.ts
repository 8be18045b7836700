import { DEFAULT_COMPETE, samePaintColour } from './room-compete';
import type { RegionGraph } from './room-graph';

/**
 * Wall the flood never reached: behind and between plants, lamps and furniture, often in their
 * shade, the wall shows in plain superpixels cut off from the surface by a band of cluttered
 * (straddling) ones that the flood may take but never passes on. Such a superpixel lies on the
 * surface's plane: looking from it left, right, up and down over whatever stands in front, the
 * surface comes before any long straight line (a wall corner, the ceiling line, the skirting: lines
 * joined end to end as drawn, spanning 12 % of the picture's mean side; a plant's stems and leaves
 * make short ones) or the picture's edge on both sides, left and right or above and below (a
 * white door or cupboard beside the wall has the surface on one side only). A ceiling, a floor or
 * another wall has such a line between it and the surface. And its colour is the surface's under a
 * change of light alone: shade keeps the chromaticity (a*, b* over L*+16) of the surface it first
 * meets those ways, and only darkens it (a lamp's white shade in front of an off-white wall is
 * lighter). A band of trim is no wall, and one with an edge inside it is clutter itself.
 *
 * `region` (1 = the tap's surface) is extended in place; `leaf` is the inner edge above which a
 * superpixel straddles an edge; `labels` and `lines` are the analysis picture's superpixels and
 * straight lines.
 */
export function addReached(
  g: RegionGraph,
  seed: number,
  region: Uint8Array,
  labels: Int32Array,
  lines: Uint8Array,
  width: number,
  height: number,
  trim: Uint8Array,
  leaf: number,
): void {
  let own = 0;
  for (let k = 0; k < g.count; k++) if (region[k]) own += g.size[k] as number;
  const ls = (g.lab[seed * 3] as number) + 16;
  let long = LONG_LINES.get(lines);
  if (!long) {
    long = longLines(lines, width, height, LONG * ((width + height) / 2));
    LONG_LINES.set(lines, long);
  }
  const added: number[] = [];
  let addedPixels = 0;
  for (let k = 0; k < g.count; k++) {
    if (region[k] || trim[k] || g.frame[k] || (g.opaque[k] as number) < 0.5 || (g.clipped[k] as number) > 0.5) continue;
    if ((g.line[k] as number) > 0 || (g.inner[k] as number) > leaf) continue;
    const lk = (g.lab[k * 3] as number) + 16;
    // no lighter than the tapped wall, and not so much darker that the flood marks it as background
    if (lk > ls * BRIGHTER || lk * DEFAULT_COMPETE.foreignRatio < ls) continue;
    const x0 = Math.round(g.centre[k * 2] as number);
    const y0 = Math.round(g.centre[k * 2 + 1] as number);
    if (labels[y0 * width + x0] !== k) continue;
    let ways = 0;
    let near = true;
    for (const [w, [dx, dy]] of WAYS.entries()) {
      let x = x0;
      let y = y0;
      let met = -1;
      for (;;) {
        x += dx;
        y += dy;
        if (x < 0 || y < 0 || x >= width || y >= height) break;
        const p = y * width + x;
        if (long[p]) break;
        const j = labels[p] as number;
        if (region[j]) {
          met = j;
          break;
        }
      }
      if (met < 0) continue;
      ways |= 1 << w;
      // the surface met that way: its chromaticity as across a corner (one light, one paint), no
      // lighter (shade only darkens)
      const lm = (g.lab[met * 3] as number) + 16;
      if (!samePaintColour(g, k, met, null) || lk > lm * BRIGHTER) {
        near = false;
        break;
      }
    }
    // between two sides of the surface, left and right or above and below: a white door or cupboard
    // beside the wall has it on one side only (the picture's edge or its own far side on the other)
    const between = (ways & 3) === 3 || (ways & 12) === 12;
    if (!near || !between) continue;
    added.push(k);
    addedPixels += g.size[k] as number;
  }
  // never more than the surface itself: past that it is more likely another surface
  if (addedPixels > own) return;
  for (const k of added) region[k] = 1;
}

/**
 * The pixels of the straight lines that, joined end to end as drawn, span at least `least` pixels
 * across or down: a wall's corner, its ceiling line, a skirting. A plant's stems and leaves make
 * short lines of their own that the wall shows between.
 */
function longLines(lines: Uint8Array, width: number, height: number, least: number): Uint8Array {
  const out = new Uint8Array(lines.length);
  const seen = new Uint8Array(lines.length);
  const stack: number[] = [];
  const members: number[] = [];
  for (let s = 0; s < lines.length; s++) {
    if (!lines[s] || seen[s]) continue;
    seen[s] = 1;
    stack.push(s);
    members.length = 0;
    let x0 = width;
    let x1 = -1;
    let y0 = height;
    let y1 = -1;
    while (stack.length > 0) {
      const p = stack.pop() as number;
      members.push(p);
      const x = p % width;
      const y = (p - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const q = ny * width + nx;
          if (lines[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    if (Math.max(x1 - x0, y1 - y0) + 1 < least) continue;
    for (const p of members) out[p] = 1;
  }
  return out;
}

/** The long lines of each analysis' lines (one per photo; a tap's call reuses them). */
const LONG_LINES = new WeakMap<Uint8Array, Uint8Array>();

const WAYS: readonly (readonly [number, number])[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
/** Least span of a line that stops the look (× the picture's mean side), as for trim beside a line. */
const LONG = 0.12;
/** Most the piece's (L*+16) may exceed the surface's: shade darkens, it does not lighten. */
const BRIGHTER = 1.05;
