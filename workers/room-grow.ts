import type { RegionGraph } from './room-graph';

/**
 * How far a surface may stretch. A wall darkens with distance from the light and under shadows, so
 * neighbours may differ in lightness more than in chromaticity, and the region as a whole may
 * cover a wide lightness range; what stops it is an image edge or a change of colour.
 */
export interface GrowLimits {
  /** Border edge strength, as a multiple of the picture's noise, above which the region stops. */
  edgeOverNoise: number;
  /** …but never below this many ΔE per pixel (a clean synthetic picture has no noise at all). */
  edgeFloor: number;
  /** Step (ΔE) between neighbours' mean colours beyond their ramp of light, above which the region stops. */
  step: number;
  /** Chromaticity step allowed between neighbours. */
  chromaStep: number;
  /** Chromaticity distance allowed from the tapped superpixel. */
  chromaDrift: number;
  /** L* step allowed between neighbours. */
  lightnessStep: number;
  /** (L*+16) ratio allowed from the tapped superpixel, either way: light fall-off and shadows. */
  lightnessRatio: number;
  /** Rings of superpixels added around the region under looser limits. */
  rim: number;
  /** How much looser (× the edge and step limits) the rim's limits are. */
  rimSlack: number;
}

/** Inner edge strength, as a share of the border limit, that marks a superpixel as straddling. */
const LEAF_SHARE = 0.5;

export const DEFAULT_LIMITS: GrowLimits = {
  edgeOverNoise: 4,
  edgeFloor: 1.2,
  step: 2,
  chromaStep: 3,
  chromaDrift: 8,
  lightnessStep: 6,
  lightnessRatio: 1.8,
  rim: 2,
  rimSlack: 2,
};

/** Chromaticity step allowed across a corner (the light's colour is the same either side of it). */
const CROSS_CHROMA = 2;

/** L* above which chromaticity is steady enough for the limits as they are. */
const BRIGHT = 60;

const edgeLimit = (g: RegionGraph, limits: GrowLimits) =>
  Math.max(limits.edgeFloor, limits.edgeOverNoise * g.edgeNoise);

function accepts(
  g: RegionGraph,
  from: number,
  to: number,
  seed: number,
  i: number,
  limits: GrowLimits,
  turned = false,
): boolean {
  if ((g.opaque[to] as number) < 0.5) return false;
  if ((g.edge[i] as number) > edgeLimit(g, limits) || (g.step[i] as number) > limits.step) return false;
  const ca = g.chroma[to * 2] as number;
  const cb = g.chroma[to * 2 + 1] as number;
  const l = g.lab[to * 3] as number;
  // chromaticity is a*, b* over L*+16, so its noise grows as the surface darkens: allow for that
  const slack = (darker: number) => Math.max(1, (BRIGHT + 16) / (darker + 16));
  const step = limits.chromaStep * slack(Math.min(l, g.lab[from * 3] as number));
  if (Math.hypot(ca - (g.chroma[from * 2] as number), cb - (g.chroma[from * 2 + 1] as number)) > step) return false;
  // on a wall the region turned onto, the light's colour was already allowed its change at the corner
  const drift = (turned ? CROSS_CHROMA : limits.chromaDrift) * slack(Math.min(l, g.lab[seed * 3] as number));
  if (Math.hypot(ca - (g.chroma[seed * 2] as number), cb - (g.chroma[seed * 2 + 1] as number)) > drift) return false;
  if (Math.abs(l - (g.lab[from * 3] as number)) > limits.lightnessStep) return false;
  const ratio = (l + 16) / ((g.lab[seed * 3] as number) + 16);
  return ratio <= limits.lightnessRatio && ratio >= 1 / limits.lightnessRatio;
}

/** (L*+16) ratio allowed across a corner: one wall faces the light, the other turns away. */
const CROSS_RATIO = 2.5;

/** A thin piece of an upright straight line: where two walls may meet. */
const isCorner = (g: RegionGraph, k: number) =>
  (g.line[k] as number) > 0.5 && (g.upright[k] as number) >= 0.5 * (g.line[k] as number);

/**
 * Whether superpixel `b`, across a corner from `a`, shows the same paint: the same chromaticity
 * (light of one colour falls on both sides of a corner; only its strength changes) at any
 * plausible ratio of lightness, and no edge inside it.
 */
function samePaint(g: RegionGraph, a: number, b: number, leaf: number): boolean {
  if ((g.opaque[b] as number) < 0.5 || (g.line[b] as number) > 0.5 || (g.inner[b] as number) > leaf) return false;
  if ((g.clipped[b] as number) > 0.5) return false;
  const la = (g.lab[a * 3] as number) + 16;
  const lb = (g.lab[b * 3] as number) + 16;
  if (Math.max(la, lb) / Math.min(la, lb) > CROSS_RATIO) return false;
  const slack = Math.max(1, (BRIGHT + 16) / Math.min(la, lb));
  const d = Math.hypot(
    (g.chroma[a * 2] as number) - (g.chroma[b * 2] as number),
    (g.chroma[a * 2 + 1] as number) - (g.chroma[b * 2 + 1] as number),
  );
  return d <= CROSS_CHROMA * slack;
}

/**
 * From region superpixel `k` beside corner piece `c`: the superpixels across the corner that show
 * the same paint join (each the new reference for its wall's colour), and the corner with them.
 * Returns the queue's new end.
 */
function turnCorner(
  g: RegionGraph,
  k: number,
  c: number,
  leaf: number,
  seen: Uint8Array,
  ref: Int32Array,
  from: Int32Array,
  queue: Int32Array,
  tail: number,
): number {
  let end = tail;
  for (let i = g.start[c] as number; i < (g.start[c + 1] as number); i++) {
    const q = g.to[i] as number;
    if (seen[q] || !samePaint(g, k, q, leaf)) continue;
    seen[q] = 1;
    ref[q] = q;
    from[q] = c;
    queue[end++] = q;
  }
  return end;
}

/** Whether the region may carry on past superpixel `k` (reached from `seed`). */
function passes(g: RegionGraph, k: number, seed: number, leaf: number): boolean {
  if (k === seed) return true;
  // a superpixel with a strong edge inside straddles a border: it joins, but the region stops there;
  // so does blown-out light, where wall and ceiling look the same because neither shows, and a
  // straight line (a crease, a frame): the region may reach it but not cross it
  return (g.inner[k] as number) <= leaf && (g.clipped[k] as number) <= 0.5 && (g.line[k] as number) <= 0.5;
}

/**
 * Superpixels reached from `seed` (breadth first), marked 1 in `into`; returns how many pixels.
 * Then the region's rim: `rim` more rings of neighbours under looser edge and step limits (the
 * superpixels along a surface's own border, whose borders pick up the edge beside them), each
 * ring only from the one before, so a gap in a border lets it spread that far and no further.
 */
export function growFrom(g: RegionGraph, seed: number, into: Uint8Array, limits: GrowLimits): number {
  if ((g.opaque[seed] as number) < 0.5) return 0;
  const seen = new Uint8Array(g.count);
  const queue = new Int32Array(g.count);
  // the superpixel each one's colour is judged against: the tapped one, or where the region turned a corner
  const ref = new Int32Array(g.count);
  // the region superpixel each one was reached from
  const from = new Int32Array(g.count);
  let head = 0;
  let tail = 0;
  let pixels = 0;
  const leaf = edgeLimit(g, limits) * LEAF_SHARE;
  queue[tail++] = seed;
  seen[seed] = 1;
  ref[seed] = seed;
  while (head < tail) {
    const k = queue[head++] as number;
    into[k] = 1;
    pixels += g.size[k] as number;
    if (!passes(g, k, seed, leaf)) {
      // a corner piece the region reached: it may turn the corner onto more wall of the same paint
      if (k !== seed && isCorner(g, k)) tail = turnCorner(g, from[k] as number, k, leaf, seen, ref, from, queue, tail);
      continue;
    }
    for (let i = g.start[k] as number; i < (g.start[k + 1] as number); i++) {
      const j = g.to[i] as number;
      if (seen[j] || !accepts(g, k, j, ref[k] as number, i, limits, ref[k] !== seed)) continue;
      seen[j] = 1;
      ref[j] = ref[k] as number;
      from[j] = k;
      queue[tail++] = j;
    }
  }
  const loose = {
    ...limits,
    edgeOverNoise: limits.edgeOverNoise * limits.rimSlack,
    step: limits.step * limits.rimSlack,
  };
  let ring = queue.slice(0, tail);
  for (let r = 0; r < limits.rim; r++) {
    const next: number[] = [];
    for (const k of ring) {
      if (!passes(g, k, seed, leaf)) continue;
      for (let i = g.start[k] as number; i < (g.start[k + 1] as number); i++) {
        const j = g.to[i] as number;
        if (seen[j] || !accepts(g, k, j, ref[k] as number, i, loose, ref[k] !== seed)) continue;
        seen[j] = 1;
        ref[j] = ref[k] as number;
        into[j] = 1;
        pixels += g.size[j] as number;
        next.push(j);
      }
    }
    ring = Int32Array.from(next);
  }
  return pixels;
}
