import type { RegionGraph } from './room-graph';
import { edgeLimitOf, type GrowLimits } from './room-grow';
import { type LightAxis, lightDistance } from './room-lamp';
import type { Passages } from './room-passage';
import { addShadowPieces } from './room-shadow';

/**
 * Marker-based segmentation on the superpixel graph: the tapped superpixel floods outwards
 * against superpixels that are clearly not its surface (background markers), all at once, by
 * priority flood over the graph's borders (a minimum-spanning-forest watershed, Meyer's flooding):
 * each superpixel goes to whichever side reaches it over the cheaper path, a path costing its
 * dearest border. So where the surface meets something marked as not it, the split falls on the
 * dearest border between them (the crease, however faint) rather than wherever a fixed limit
 * happens to be crossed first, and the limit on the surface's own flood can be looser than a
 * plain region growing could afford, so a wall is followed past the furniture and frames on it.
 *
 * A border's cost is its dissimilarity over the limits in `room-grow.ts` (1 = at one limit):
 * edge strength, the step beyond the ramp of light, the chromaticity step (a*, b* over L*+16,
 * which shading leaves nearly alone) and the lightness step. Leaving a superpixel that lies on a
 * straight line or straddles an edge costs at least `barrier`: a line may be reached, not crossed,
 * except an upright one (walls are upright planes, so that is where two walls may meet) onto wall
 * of the paint the surface came to it from; a wall so turned onto is then held to that corner's
 * tolerance of chromaticity, since over one wall the light's colour hardly changes.
 */
export interface CompeteLimits {
  /** Dearest border (in units of the limits) the surface's flood may take; the background's takes any. */
  reach: number;
  /** Least cost of leaving a line's or a straddling superpixel. */
  barrier: number;
  /** A superpixel whose chromaticity is this many times the allowed drift from the tap's is background… */
  foreignChroma: number;
  /** …and so is one whose (L*+16) differs from the tap's by more than this ratio, either way. */
  foreignRatio: number;
}

export const DEFAULT_COMPETE: CompeteLimits = {
  reach: 2,
  barrier: 2.1,
  foreignChroma: 1,
  foreignRatio: 2,
};

/** L* above which chromaticity is steady enough for the limits as they are (as in the growing). */
const BRIGHT = 60;
const slackAt = (l: number) => Math.max(1, (BRIGHT + 16) / (l + 16));

/** Chromaticity step allowed across a corner (the light's colour is the same either side of it). */
const CROSS_CHROMA = 2;
/** (L*+16) ratio allowed across a corner: one wall faces the light, the other turns away. */
const CROSS_RATIO = 2.5;

const chromaApart = (g: RegionGraph, a: number, b: number) =>
  Math.hypot(
    (g.chroma[a * 2] as number) - (g.chroma[b * 2] as number),
    (g.chroma[a * 2 + 1] as number) - (g.chroma[b * 2 + 1] as number),
  );

/**
 * Whether b's chromaticity is within a corner's tolerance of a's; under a second light of another
 * colour (`light`, a lamp), a change along its walk that goes with the lightness counts less: a
 * lamp's pool on the wall beyond a corner or a soft edge is still that wall's paint.
 */
export const samePaintColour = (g: RegionGraph, a: number, b: number, light: LightAxis | null) =>
  lightDistance(
    light,
    g.chroma[a * 2] as number,
    g.chroma[a * 2 + 1] as number,
    g.lab[a * 3] as number,
    g.chroma[b * 2] as number,
    g.chroma[b * 2 + 1] as number,
    g.lab[b * 3] as number,
  ) <=
  CROSS_CHROMA * slackAt(Math.min(g.lab[a * 3] as number, g.lab[b * 3] as number));

/** A thin piece of an upright straight line: where two walls may meet. */
const isCorner = (g: RegionGraph, k: number) =>
  (g.line[k] as number) > 0.5 && (g.upright[k] as number) >= 0.5 * (g.line[k] as number);

/**
 * Whether superpixel `b`, across a corner from `a`, shows the same paint: the same chromaticity
 * (light of one colour falls on both sides of a corner; only its strength changes) at any
 * plausible ratio of lightness, and no edge inside it.
 */
function samePaint(g: RegionGraph, a: number, b: number, leaf: number, light: LightAxis | null): boolean {
  if ((g.opaque[b] as number) < 0.5 || (g.line[b] as number) > 0.5 || (g.inner[b] as number) > leaf) return false;
  if ((g.clipped[b] as number) > 0.5) return false;
  const la = (g.lab[a * 3] as number) + 16;
  const lb = (g.lab[b * 3] as number) + 16;
  if (Math.max(la, lb) / Math.min(la, lb) > CROSS_RATIO) return false;
  return samePaintColour(g, a, b, light);
}

/** What the border from k to neighbour j (adjacency index i) costs, in units of the growing's limits. */
function borderCost(
  g: RegionGraph,
  k: number,
  j: number,
  i: number,
  limits: GrowLimits,
  leaf: number,
  barrier: number,
): number {
  const edgeLimit = edgeLimitOf(g, limits);
  const lk = g.lab[k * 3] as number;
  const lj = g.lab[j * 3] as number;
  const chroma = Math.hypot(
    (g.chroma[j * 2] as number) - (g.chroma[k * 2] as number),
    (g.chroma[j * 2 + 1] as number) - (g.chroma[k * 2 + 1] as number),
  );
  let cost = Math.max(
    (g.edge[i] as number) / edgeLimit,
    (g.step[i] as number) / limits.step,
    chroma / (limits.chromaStep * slackAt(Math.min(lk, lj))),
    Math.abs(lj - lk) / limits.lightnessStep,
  );
  // blown-out light is no barrier: a wall in the window's glare is still the wall (a line still stops it)
  if ((g.inner[k] as number) > leaf || (g.line[k] as number) > 0.5) cost = Math.max(cost, barrier);
  return cost;
}

/** What going from k to j costs by their colours alone (no border of theirs to read an edge on). */
function colourCost(g: RegionGraph, k: number, j: number, limits: GrowLimits): number {
  const lk = g.lab[k * 3] as number;
  const lj = g.lab[j * 3] as number;
  return Math.max(
    chromaApart(g, k, j) / (limits.chromaStep * slackAt(Math.min(lk, lj))),
    Math.abs(lj - lk) / limits.lightnessStep,
  );
}

/**
 * What going from k to j costs past a plant's leaves (a passage) under one light: the wall behind
 * a plant is often in the plant's own shade, whose edge the leaves hide, and under one light a
 * shade keeps the chromaticity (a shadow's edge is open, as for the lines) and changes only how
 * much light falls: the chromaticity step is priced as a border's, the (L*+16) ratio in its log
 * over that of `ratio` (the least that makes a superpixel foreign to the tap: a ratio of its square
 * root costs half the limits). Under a second light of another colour a shade changes the
 * chromaticity too, and the pieces in it are `room-shadow.ts`'s; there `colourCost` prices it.
 */
function shadeCost(g: RegionGraph, k: number, j: number, limits: GrowLimits, ratio: number): number {
  const lk = g.lab[k * 3] as number;
  const lj = g.lab[j * 3] as number;
  return Math.max(
    chromaApart(g, k, j) / (limits.chromaStep * slackAt(Math.min(lk, lj))),
    Math.abs(Math.log((lj + 16) / (lk + 16))) / Math.log(ratio),
  );
}

/** Whether superpixel j is clearly not the surface tapped at `seed`: another colour, another light, or see-through. */
function foreign(g: RegionGraph, seed: number, j: number, grow: GrowLimits, limits: CompeteLimits): boolean {
  if ((g.opaque[j] as number) < 0.5) return true;
  if ((g.clipped[j] as number) > 0.5) return false; // colour unknown: neither side's marker
  const lj = g.lab[j * 3] as number;
  const ls = g.lab[seed * 3] as number;
  const drift = chromaApart(g, j, seed);
  if (drift > limits.foreignChroma * grow.chromaDrift * slackAt(Math.min(lj, ls))) return true;
  const ratio = (lj + 16) / (ls + 16);
  if (ratio > limits.foreignRatio || ratio < 1 / limits.foreignRatio) return true;
  // In the dark the (L*+16) ratio says nothing: under a tap darker than L* 16 nothing is below half
  // of it, so a black lamp shade in front of a dim wall is never marked, and where its edge is soft
  // the wall's flood runs into it. Light itself still tells them apart: near black, L* is
  // proportional to light, and a thing sending back a fifth of the light the tapped wall does
  // under the same lamp is another material, not the wall's shading (which, in light this dim,
  // falls off by far less across a wall the tap's flood should keep). Only where the ratio is
  // blind: under a brighter tap it already marks what is far darker, and the wall deep in shade
  // behind furniture is darker than a fifth of a well-lit tap.
  if ((ls + 16) * (1 / limits.foreignRatio) > 16) return false;
  return lj < LINEAR_L && luminance(lj) * DARK_FOREIGN < luminance(ls);
}

/** L* below which lightness is proportional to light (CIE: L* = 903.3 Y under Y = 0.008856). */
const LINEAR_L = 8;
/** Least ratio of light by which a near-black superpixel darker than the tap's is foreign to it. */
const DARK_FOREIGN = 5;

/** Relative luminance (Y) of lightness L*, floored at L* = 1 (below that the photo's noise decides). */
function luminance(l: number): number {
  if (l <= LINEAR_L) return Math.max(1, l) / 903.3;
  const f = (l + 16) / 116;
  return f * f * f;
}

/** A binary min-heap of (cost, node, label) packed in typed arrays. */
class Heap {
  cost: Float64Array;
  node: Int32Array;
  label: Uint8Array;
  ref: Int32Array;
  size = 0;
  constructor(capacity: number) {
    this.cost = new Float64Array(capacity);
    this.node = new Int32Array(capacity);
    this.label = new Uint8Array(capacity);
    this.ref = new Int32Array(capacity);
  }
  push(cost: number, node: number, label: number, ref = -1) {
    if (this.size === this.cost.length) this.grow();
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.cost[parent] as number) <= cost) break;
      this.cost[i] = this.cost[parent] as number;
      this.node[i] = this.node[parent] as number;
      this.label[i] = this.label[parent] as number;
      this.ref[i] = this.ref[parent] as number;
      i = parent;
    }
    this.cost[i] = cost;
    this.node[i] = node;
    this.label[i] = label;
    this.ref[i] = ref;
  }
  /** Removes the cheapest entry into (cost, node, label) of `out`. */
  pop(out: { cost: number; node: number; label: number; ref: number }) {
    out.cost = this.cost[0] as number;
    out.node = this.node[0] as number;
    out.label = this.label[0] as number;
    out.ref = this.ref[0] as number;
    const n = --this.size;
    const cost = this.cost[n] as number;
    const node = this.node[n] as number;
    const label = this.label[n] as number;
    const ref = this.ref[n] as number;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && (this.cost[child + 1] as number) < (this.cost[child] as number)) child++;
      if ((this.cost[child] as number) >= cost) break;
      this.cost[i] = this.cost[child] as number;
      this.node[i] = this.node[child] as number;
      this.label[i] = this.label[child] as number;
      this.ref[i] = this.ref[child] as number;
      i = child;
    }
    this.cost[i] = cost;
    this.node[i] = node;
    this.label[i] = label;
    this.ref[i] = ref;
  }
  private grow() {
    const cost = new Float64Array(this.cost.length * 2);
    const node = new Int32Array(this.cost.length * 2);
    const label = new Uint8Array(this.cost.length * 2);
    const ref = new Int32Array(this.cost.length * 2);
    ref.set(this.ref);
    cost.set(this.cost);
    node.set(this.node);
    label.set(this.label);
    this.cost = cost;
    this.node = node;
    this.label = label;
    this.ref = ref;
  }
}

const SURFACE = 1;
const OTHER = 2;

/**
 * The superpixels won by the surface tapped at `seed` against the background markers, marked 1
 * in `into`; returns how many pixels.
 */
export function competeFrom(
  g: RegionGraph,
  seed: number,
  into: Uint8Array,
  grow: GrowLimits,
  limits: CompeteLimits = DEFAULT_COMPETE,
  light: LightAxis | null = null,
  passages: Passages | null = null,
): number {
  if ((g.opaque[seed] as number) < 0.5) return 0;
  const strict = new Uint8Array(g.count);
  flood(g, seed, strict, grow, limits, STRADDLE, light, null);
  // an erase (whose reach is the limits themselves) takes only what is plainly the surface: no pockets
  if (limits.reach > 1) {
    const loose = new Uint8Array(g.count);
    flood(g, seed, loose, grow, limits, LOOSE_STRADDLE, light, passages);
    addPockets(g, strict, loose, light, passages);
    // only under a second light of another colour is a shadow's edge a line the flood stops at
    if (light) {
      const edgeLimit = edgeLimitOf(g, grow);
      const paint = (a: number, b: number) => samePaintColour(g, a, b, light);
      addShadowPieces(g, seed, strict, LOOSE_STRADDLE * edgeLimit, paint, (k) => isCorner(g, k));
    }
  }
  let pixels = 0;
  for (let k = 0; k < g.count; k++) {
    if (!strict[k]) continue;
    into[k] = 1;
    pixels += g.size[k] as number;
  }
  return pixels;
}

/** Most a passage past clutter may cost (by its two ends' colours, × the limits of a border). */
const PASSAGE_STEP = 0.5;
/** Inner edge (× the border edge limit) above which a superpixel is taken to straddle a border. */
export const STRADDLE = 0.5;
/** …and the looser reading, where the straddle may be the soft edge of a shadow or of a pool of light. */
const LOOSE_STRADDLE = 1;
/**
 * Largest pocket (× the surface's own pixels) that is taken back: no larger than the surface it
 * joins. A lamp's pools cut a narrow wall (between a window and a corner, beside a column)
 * into pieces as large as the one tapped; a piece larger than the surface is more likely
 * another surface seen through a gap than a pocket of this one.
 */
const POCKET_SHARE = 1;
/** Least share of a pocket's border with the surface that joins the same paint. */
const POCKET_JOINED = 0.5;

/**
 * Adds to `strict` each pocket the looser flood (`loose`) won beyond it: a piece of the same wall
 * cut off by a shadow's or a lamp's soft edge that a superpixel straddles (wall around the furniture
 * standing against it, behind a lamp). A piece that reaches the picture's edge is another surface
 * (a ceiling or floor through a gap in its crease), and so is one too large to be a pocket of this one.
 */
function addPockets(
  g: RegionGraph,
  strict: Uint8Array,
  loose: Uint8Array,
  light: LightAxis | null,
  passages: Passages | null,
): void {
  let own = 0;
  for (let k = 0; k < g.count; k++) if (strict[k]) own += g.size[k] as number;
  const seen = new Uint8Array(g.count);
  const stack: number[] = [];
  const members: number[] = [];
  for (let s = 0; s < g.count; s++) {
    if (!loose[s] || strict[s] || seen[s]) continue;
    members.length = 0;
    stack.push(s);
    seen[s] = 1;
    let framed = false;
    let pixels = 0;
    // the pocket's borders with the surface, and how many of them join the same paint
    let borders = 0;
    let joined = 0;
    while (stack.length > 0) {
      const k = stack.pop() as number;
      members.push(k);
      pixels += g.size[k] as number;
      if (g.frame[k]) framed = true;
      for (let i = g.start[k] as number; i < (g.start[k + 1] as number); i++) {
        const j = g.to[i] as number;
        if (strict[j]) {
          borders++;
          if (samePaintColour(g, j, k, light)) joined++;
        }
        if (loose[j] && !strict[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
      // a pocket seen past a plant's leaves meets the surface over its passages
      if (!passages) continue;
      for (let i = passages.start[k] as number; i < (passages.start[k + 1] as number); i++) {
        const j = passages.to[i] as number;
        if (strict[j]) {
          borders++;
          if (samePaintColour(g, j, k, light)) joined++;
        }
      }
    }
    // a pocket of the same wall meets it in the wall's chromaticity, whatever the light's strength
    // on either side, along most of their border
    if (framed || pixels > POCKET_SHARE * own || joined < POCKET_JOINED * borders || borders === 0) continue;
    for (const k of members) strict[k] = 1;
  }
}

/** One marker flood (see `CompeteLimits`), a superpixel straddling a border at `straddle` × the edge limit. */
function flood(
  g: RegionGraph,
  seed: number,
  into: Uint8Array,
  grow: GrowLimits,
  limits: CompeteLimits,
  straddle: number,
  light: LightAxis | null,
  passages: Passages | null,
): void {
  const edgeLimit = edgeLimitOf(g, grow);
  const leaf = straddle * edgeLimit;
  const label = new Uint8Array(g.count);
  const heap = new Heap(Math.max(16, g.to.length));
  // what each surface superpixel's colour is held to: the tapped one, or where the flood turned a corner
  const ref = new Int32Array(g.count);
  // of a wall the flood turned onto (the superpixel beyond the corner): the wall it turned from
  const parent = new Int32Array(g.count).fill(-1);
  let turns = 0;
  heap.push(0, seed, SURFACE, seed);
  for (let j = 0; j < g.count; j++) if (j !== seed && foreign(g, seed, j, grow, limits)) heap.push(0, j, OTHER);
  const top = { cost: 0, node: 0, label: 0, ref: 0 };
  while (heap.size > 0) {
    heap.pop(top);
    // past the surface's reach only the background is still flooding: nothing more to decide
    if (top.cost > limits.reach) break;
    const k = top.node;
    if (label[k]) continue;
    label[k] = top.label;
    ref[k] = top.ref < 0 ? k : top.ref;
    if (top.ref <= TURNED && top.label === SURFACE) {
      parent[k] = TURNED - top.ref;
      turns++;
    }
    if (top.label === SURFACE) into[k] = 1;
    // a corner piece the surface reached: beyond it, wall of the paint it came to it over is open
    let came = -1;
    if (top.label === SURFACE && k !== seed && isCorner(g, k)) {
      for (let i = g.start[k] as number; i < (g.start[k + 1] as number); i++) {
        const j = g.to[i] as number;
        if (label[j] === SURFACE && (g.line[j] as number) <= 0.5) {
          came = j;
          break;
        }
      }
    }
    for (let i = g.start[k] as number; i < (g.start[k + 1] as number); i++) {
      const j = g.to[i] as number;
      if (label[j]) continue;
      const turn = came >= 0 && samePaint(g, came, j, leaf, light);
      // the tapped superpixel itself always passes the flood on, even where it lies on a line
      const cost = Math.max(top.cost, borderCost(g, k, j, i, grow, leaf, k === seed || turn ? 0 : limits.barrier));
      if (top.label === OTHER) {
        heap.push(cost, j, OTHER);
        continue;
      }
      if (cost > limits.reach) continue;
      // on a wall the flood turned onto, the light's colour was already allowed its change at the corner
      const held = ref[k] as number;
      if (!turn && held !== seed && !samePaintColour(g, held, j, light)) continue;
      heap.push(cost, j, SURFACE, turn ? TURNED - held : held);
    }
    // the looser flood's only: the wall beyond a plant's leaves, seen between them (`room-passage.ts`),
    // from what is plainly the tapped wall (within the limits themselves, no corner turned: a
    // passage does not know where one wall ends) to wall of its colour within half the limits of a
    // border (one plane on both sides of the plant). What it reaches is a pocket (`addPockets`).
    if (top.label !== SURFACE || top.cost > 1 || !passages || (ref[k] as number) !== seed) continue;
    if ((g.inner[k] as number) > leaf || (g.line[k] as number) > 0.5) continue;
    for (let i = passages.start[k] as number; i < (passages.start[k + 1] as number); i++) {
      const j = passages.to[i] as number;
      const step = light ? colourCost(g, k, j, grow) : shadeCost(g, k, j, grow, limits.foreignRatio);
      if (label[j] || step > PASSAGE_STEP) continue;
      heap.push(Math.max(top.cost, step), j, SURFACE, seed);
    }
  }
  if (turns > 0) dropInsets(g, into, ref, parent);
}

/** A heap entry's ref at or below this is a corner turn, from the wall TURNED − ref. */
const TURNED = -2;

/** Least number of superpixels of a piece's top edge with the wall it came from over it… */
const INSET_SPAN = 2;
/**
 * …and least share of that top edge (where it runs along a level line): a door's head has the
 * wall over all of it, while a wall's ceiling line meets the wall it came from only where that
 * leaked past a faint crease into the ceiling.
 */
const INSET_SHARE = 1 / 3;

/**
 * Drops from `into` each piece the flood turned onto over an upright line (and all it reached
 * from there) that has the wall it came from over its top edge, across a level line. Two walls
 * share only the upright line where they meet; a piece beyond an upright line with the same wall
 * above it is set into or stands in front of that wall: a door under its head, a cupboard or a
 * chest of drawers. A door painted nearly the wall's colour is otherwise taken for more wall round
 * a corner.
 */
function dropInsets(g: RegionGraph, into: Uint8Array, ref: Int32Array, parent: Int32Array): void {
  const comesFrom = (r: number, a: number) => {
    for (let p = parent[r] as number; p >= 0; p = parent[p] as number) if (p === a) return true;
    return false;
  };
  // per wall turned onto: its edge along level lines, and how much of it the wall it came from lies beyond
  const spans = new Map<number, { edge: number; shared: number }>();
  const above: number[] = [];
  const below: number[] = [];
  for (let l = 0; l < g.count; l++) {
    if ((g.line[l] as number) <= 0.5 || isCorner(g, l)) continue;
    const cx = g.centre[l * 2] as number;
    const cy = g.centre[l * 2 + 1] as number;
    // the line's way through l, from its neighbours on the same line
    let dx = 0;
    let dy = 0;
    for (let i = g.start[l] as number; i < (g.start[l + 1] as number); i++) {
      const m = g.to[i] as number;
      if ((g.line[m] as number) <= 0.5 || isCorner(g, m)) continue;
      const sign = (g.centre[m * 2] as number) >= cx ? 1 : -1;
      dx += sign * ((g.centre[m * 2] as number) - cx);
      dy += sign * ((g.centre[m * 2 + 1] as number) - cy);
    }
    if (dx === 0 && dy === 0) dx = 1;
    above.length = 0;
    below.length = 0;
    for (let i = g.start[l] as number; i < (g.start[l + 1] as number); i++) {
      const n = g.to[i] as number;
      if (!into[n] || (g.line[n] as number) > 0.5) continue;
      const side = dx * ((g.centre[n * 2 + 1] as number) - cy) - dy * ((g.centre[n * 2] as number) - cx);
      (side < 0 ? above : below).push(ref[n] as number);
    }
    const counted = new Set<number>();
    for (const r of below) {
      // only where the line is r's top edge: a line across r (a panel's) has r on both sides
      if ((parent[r] as number) < 0 || counted.has(r) || above.includes(r)) continue;
      counted.add(r);
      const span = spans.get(r) ?? { edge: 0, shared: 0 };
      span.edge++;
      if (above.some((a) => comesFrom(r, a))) span.shared++;
      spans.set(r, span);
    }
  }
  const dropped = new Set<number>();
  for (const [r, { edge, shared }] of spans) {
    if (shared >= INSET_SPAN && shared >= INSET_SHARE * edge) dropped.add(r);
  }
  if (dropped.size === 0) return;
  for (let k = 0; k < g.count; k++) {
    if (!into[k]) continue;
    for (let r = ref[k] as number; r >= 0; r = parent[r] as number) {
      if (dropped.has(r)) {
        into[k] = 0;
        break;
      }
    }
  }
}
