import { fitWithin } from './image-header';
import { type Pixels, resample } from './extract';
import { blur3, edgeMap } from './room-edges';
import { type CompeteLimits, competeFrom, DEFAULT_COMPETE, STRADDLE } from './room-compete';
import { buildGraph, plainSuperpixel, type RegionGraph } from './room-graph';
import { DEFAULT_LIMITS, edgeLimitOf, type GrowLimits } from './room-grow';
import { borderPixels } from './room-border';
import { peelRims } from './room-rim';
import { labImage, pixelFlags, SRGB_TO_LINEAR } from './room-pixels';
import { refineMask } from './room-refine';
import { joinCollinear } from './room-collinear';
import { lampAxis, type LightAxis } from './room-lamp';
import { anchorCeilingLines } from './room-ceiling';
import { frameCorners, frameSides } from './room-casing';
import {
  BAND,
  drawSegments,
  extendSegments,
  fillBands,
  lineSegments,
  parallelEdges,
  scaledSegment,
  type Segment,
  type SideChange,
  sideChange,
} from './room-lines';
import { type Passages, seeThrough } from './room-passage';
import { addReached } from './room-reach';
import { slic } from './room-slic';
import { faintSegments } from './room-faint';

export { repaint } from './room-repaint';

/** A tap on the picture, in the image's own pixels; `erase` takes the surface it lands on away. */
export interface Tap {
  x: number;
  y: number;
  erase?: boolean;
}

/**
 * Everything a tap needs, computed once per photo (the slow part: ~all of the work).
 * @public the room worker keeps one per photo.
 */
export interface RoomAnalysis {
  /** The analysis picture's size (at most `ANALYSIS_SIDE` on the long side), and the photo's. */
  width: number;
  height: number;
  sourceWidth: number;
  sourceHeight: number;
  /** Superpixel of each analysis pixel. */
  labels: Int32Array;
  graph: RegionGraph;
  /** The lightly blurred L*a*b* picture the superpixels were made from (3 floats a pixel). */
  lab: Float32Array;
  /** The straight lines drawn (non-zero on a line's pixels): borders a pixel-level step never crosses. */
  lines: Uint8Array;
  /** 1 for a superpixel of a band of trim beside a line (an architrave, a skirting). */
  trim: Uint8Array;
  /** How a second light of another colour (a lamp) moves a paint's chromaticity, if one shows (`room-lamp.ts`). */
  light: LightAxis | null;
  /** Plain superpixels that see each other through a band of clutter (a plant's leaves: `room-passage.ts`). */
  passages: Passages;
}

/**
 * The analysis picture's long side: bigger photos are averaged down first. It is the size the
 * limits in pixels (line reach, band widths, rim strips, insets) were set at. Larger, a picture is
 * not read better but differently: the same rooms rendered at 640×480 or shipped at 1024×768 gave
 * a mean IoU of 0.744 (worst 0.41) analysed at up to 0.6 MP and 0.787 (worst 0.55) at this size,
 * over two noise draws each, and the work is a quarter.
 */
const ANALYSIS_SIDE = 384;
/** Aim for about this many superpixels: fine enough for skirting and frames, few enough to grow fast. */
const SUPERPIXELS = 3000;

/**
 * The picture's straight lines, drawn: found on 100·ln(L*+16), where a crease between two planes
 * is the same step in a dim corner as in a bright one, over the picture's typical gradient.
 */
function straightLines(
  lab: Float32Array,
  width: number,
  height: number,
): { lines: Uint8Array; trim: Uint8Array; light: LightAxis | null } {
  // lines are looked for on a picture of at most LINE_PIXELS (the time is the pixels'), and at half
  // that size, where noise is halved but a step is the same step: faint long creases
  const factor = Math.max(1, Math.round(Math.sqrt((width * height) / LINE_PIXELS)));
  const segments: Segment[] = [];
  let finest: Float32Array | undefined;
  let dithered: number | undefined;
  let fineTypical: number | undefined;
  let half: { small: Float32Array; w: number; h: number; f: number; quantum?: (v: number) => number } | undefined;
  for (const f of [factor, 2 * factor]) {
    const w = Math.floor(width / f);
    const h = Math.floor(height / f);
    if (w < 16 || h < 16) continue;
    const small = logLightness(lab, width, f, w, h);
    finest ??= small;
    // noise of half a level or more dithers the 8-bit rounding (Widrow): its errors are then
    // random, not bands, and the noise's own threshold covers them; judged on the finest picture
    dithered ??= Math.min(1, Math.max(0, (f * typicalGradient(small, w, greyStep)) / DITHERED - 1));
    const q = (f === 1 ? 0.75 : 1) * (1 - dithered);
    // a dithered picture (most photos) needs no bound: no look-up per pixel then
    const quantum = q > 0 ? (v: number) => q * greyStep(v) : undefined;
    const typical = typicalGradient(small, w);
    fineTypical ??= typical;
    if (f !== factor) half = { small, w, h, f, quantum };
    for (const s of lineSegments(small, w, h, typical, quantum)) segments.push(scaledSegment(s, f));
  }
  // the far edge of a band of trim beside a long line (an architrave, a skirting) is too faint to
  // find pixel by pixel, but clear averaged along the line it runs beside
  // (also beside a line the finder broke into pieces where a sash's bars meet it: `room-collinear.ts`)
  const mean = (width + height) / 2;
  const bandLine = BAND_LINE * mean;
  const withJoined = [...segments, ...joinCollinear(segments, bandLine)];
  const found = parallelEdges(withJoined, lab, width, height, bandLine);
  const trim = new Uint8Array(width * height);
  fillBands(found, trim, width, height);
  // where two bands meet as one frame's head and upright, its corner is trim too (`room-casing.ts`)
  fillBands(frameCorners(found, CORNER_GAP * mean), trim, width, height);
  // a frame's side whose inner line is broken (by the sash), beside its outer line (`room-casing.ts`;
  // that line too may come in pieces), up to twice a band's width with the opening's reveal
  const sides = frameSides(found, withJoined, lab, width, height, bandLine, CORNER_GAP * mean, 2 * BAND * mean);
  fillBands(sides, trim, width, height);
  // an upright line is where two walls may meet (walls are upright planes), even where only the
  // light changes across it: it is kept and marked 2, for the region to turn the corner if the paint matches
  const kept = segments.filter((s) => isUpright(s) || !lightOnly(lab, width, height, s));
  const lines = drawSegments(kept, width, height, (s) => (isUpright(s) ? 2 : 1));
  // a level line (a ceiling line, a door's head) that fades where both sides are nearly one white is
  // carried on its way to the next line, where the picture still steps across it
  const value = finest ?? logLightness(lab, width, 1, width, height);
  const carryLevel = (found: readonly Segment[]) =>
    extendSegments(
      found.filter((s) => !isUpright(s)),
      value,
      lines,
      width,
      height,
      CARRY,
      factor,
    );
  carryLevel(kept);
  // a corner's top where the line finder found no ceiling line is looked at again (`room-ceiling.ts`)
  anchorCeilingLines(kept.filter(isUpright), lab, value, lines, width, height, factor);
  // faint lines the half-size search missed for its picture's structure, not its noise
  // (`room-faint.ts`): added to what is drawn, never taking a line away
  if (half && fineTypical !== undefined) {
    const noise = Math.min(typicalGradient(half.small, half.w), FAINT_NOISE * fineTypical);
    const across = { value, width: Math.floor(width / factor), height: Math.floor(height / factor), scale: factor };
    const faint = faintSegments(half.small, half.w, half.h, half.f, noise, segments, across, half.quantum).filter(
      (s) => isUpright(s) || !lightOnly(lab, width, height, s),
    );
    if (faint.length > 0) {
      const more = drawSegments([...kept, ...faint], width, height, (s) => (isUpright(s) ? 2 : 1));
      for (let p = 0; p < lines.length; p++) if (!lines[p] && more[p]) lines[p] = more[p] as number;
      carryLevel(faint);
    }
  }
  // the soft level edges of a lamp's pool tell which way its light moves a paint's chromaticity
  const light = lampAxis(
    lab,
    width,
    height,
    segments.filter((s) => !isUpright(s)),
  );
  return { lines, trim, light };
}

/** Most a wall corner leans off the picture's vertical (tan of the angle): a phone held roughly upright. */
const UPRIGHT = Math.tan((8 * Math.PI) / 180);
const isUpright = (s: Segment) => Math.abs(s.x2 - s.x1) <= UPRIGHT * Math.abs(s.y2 - s.y1);

/** Farthest (a share of the picture's mean side) a band's line may end from the corner it makes with another band. */
const CORNER_GAP = 0.1;

/** Shortest line (a share of the picture's mean side) beside which a band of trim is looked for. */
const BAND_LINE = 0.12;

/** The noise's typical gradient on the half-size picture, × the full size's: white noise averaged over 2×2 pixels halves. */
const FAINT_NOISE = 0.5;

/** How far (× its own length) a level line is carried on to meet the next line. */
const CARRY = 3;

/** 100·ln(L*+16) of each 8-bit grey level: the steps the line finder's picture moves in. */
const GREY_STEPS = (() => {
  const out = new Float64Array(256);
  for (let k = 0; k < 256; k++) {
    const y = SRGB_TO_LINEAR[k] as number;
    const l = y > 0.008856 ? 116 * Math.cbrt(y) - 16 : 903.3 * y;
    out[k] = 100 * Math.log(l + 16);
  }
  return out;
})();

/** The step one 8-bit grey level makes in 100·ln(L*+16) where that is `v`. */
function greyStep(v: number): number {
  let lo = 0;
  let hi = 255;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((GREY_STEPS[mid] as number) <= v) lo = mid;
    else hi = mid;
  }
  return (GREY_STEPS[hi] as number) - (GREY_STEPS[lo] as number);
}

/**
 * Typical gradient (see `typicalGradient`, in grey levels, × the block size) of the line finder's
 * picture above which its 8-bit rounding is dithered: a photo's noise of ½ level makes ~0.08.
 * From there to twice it, LSD's quantisation bound fades out.
 *
 * That bound, q, for the line finder's picture (100·ln(L*+16) of the [1 2 1]/4-blurred picture
 * averaged over f×f blocks, Sobel ÷ 8) is the largest error in one gradient component that
 * rounding each 8-bit level (±½) can make, doubled as LSD doubles its own: LSD's 2×2 operator
 * weighs pixels by ½ each (Σ|w| = 2) and takes q = 2, one level per unit of Σ|w|. Sobel ÷ 8 after
 * the blur has Σ|w| = ¾ at full size; averaged over blocks of 2 or more, its two sides no longer
 * overlap and Σ|w| = 1. A level is a different step of the picture at each lightness (larger in
 * the dark): q at value v is that many grey levels' steps there.
 */
const DITHERED = 0.1;

/** Largest picture the line finder works on; a bigger one is averaged down by a whole factor. */
const LINE_PIXELS = 160_000;

/** 100·ln(L*+16) of `lab` (`width` wide) averaged over f×f blocks into a w×h picture. */
function logLightness(lab: Float32Array, width: number, f: number, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let dy = 0; dy < f; dy++) {
        const row = (y * f + dy) * width + x * f;
        for (let dx = 0; dx < f; dx++) sum += lab[(row + dx) * 3] as number;
      }
      out[y * w + x] = 100 * Math.log(Math.max(0, sum / (f * f)) + 16);
    }
  }
  return out;
}

/** Largest chromaticity change (a*, b* over L*+16, ×100) across a line that only the light makes. */
const LIGHT_CHROMA = 1.5;
/** Smallest (L*+16) ratio across a line that a change of light makes (a crease of one paint can be less). */
const LIGHT_RATIO = 1.1;

/** Length (px) of the pieces of a line whose changes across it give that change's standard error. */
const LIGHT_PIECE = 8;
/** Fewest pieces an error is read from: from fewer it is itself too unsure, and the mean decides alone. */
const LIGHT_PIECES = 7;

/**
 * Whether only the light changes across segment `s`: a clear change of lightness with the
 * chromaticity kept (a shadow's or a sun patch's edge), judged from strips 2–5 px either side.
 * Such a line is no border of a surface. A photo's chroma noise comes in patches (a JPEG's colour
 * is kept per 16×16 block), so across a dim line the mean change moves by more than the limit's
 * margin from one draw of the noise to the next: the chromaticity counts as kept only when its
 * change with one standard error added (read from the change's spread along the line, piece by
 * piece) is within the limit. Dropping a real border lets a flood into the ceiling; keeping a
 * shadow's edge costs at most the piece of wall beyond it.
 * @public tests judge it on synthetic lines.
 */
export function lightOnly(lab: Float32Array, width: number, height: number, s: Segment): boolean {
  const change = sideChange(lab, width, height, s);
  if (!change) return false;
  const { l0, l1 } = change;
  if (Math.max(l0, l1) / Math.min(l0, l1) < LIGHT_RATIO) return false;
  // chromaticity is noisier where it is dark (as in the tap's flood)
  const limit = LIGHT_CHROMA * Math.max(1, 76 / Math.min(l0, l1));
  const chroma = Math.hypot(change.da, change.db);
  if (chroma > limit) return false;
  return chroma + changeError(lab, width, height, s) <= limit;
}

/** Standard error of `sideChange`'s chromaticity change across `s`, from its spread over pieces of the line. */
function changeError(lab: Float32Array, width: number, height: number, s: Segment): number {
  const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
  const pieces = Math.floor((0.8 * length) / LIGHT_PIECE);
  if (pieces < LIGHT_PIECES) return 0;
  // the noise from the steps between neighbouring pieces (half their mean square, as von Neumann's
  // successive differences): a slow change along the line (a lamp's pool) is light, not noise
  let prev: SideChange | null = null;
  let sq = 0;
  let n = 0;
  let m = 0;
  for (let i = 0; i < pieces; i++) {
    const from = 0.1 * length + i * LIGHT_PIECE;
    const c = sideChange(lab, width, height, s, { near: 2, far: 5, from, to: from + LIGHT_PIECE - 1 });
    if (c && prev) {
      sq += (c.da - prev.da) ** 2 + (c.db - prev.db) ** 2;
      n++;
    }
    if (c) m++;
    prev = c;
  }
  if (n < 1) return 0;
  return Math.sqrt(sq / (2 * n) / m);
}

/**
 * The median step between horizontal neighbours: what noise alone makes of the gradient; in
 * units of `unit(value)` when given.
 */
function typicalGradient(value: Float32Array, width: number, unit: (v: number) => number = () => 1): number {
  const stride = Math.max(1, Math.floor(value.length / 20_000));
  const sample = new Float32Array(Math.ceil(value.length / stride));
  let n = 0;
  for (let p = 1; p < value.length - 1; p += stride) {
    if (p % width !== 0 && p % width !== width - 1)
      sample[n++] = Math.abs((value[p + 1] as number) - (value[p - 1] as number)) / 2 / unit(value[p] as number);
  }
  const used = sample.subarray(0, n).sort();
  return used[n >> 1] ?? 0;
}

/**
 * Superpixels, edges and their graph for `image`: the work done once before the first tap.
 * @public the room worker calls it when a photo arrives.
 */
export function analyse(image: Pixels): RoomAnalysis {
  const fit = fitWithin(image.width, image.height, ANALYSIS_SIDE);
  const small = fit.width * fit.height < image.width * image.height ? resample(image, fit.width, fit.height) : image;
  const { width, height } = small;
  // noise would steer superpixel borders and fake edges: both work on a lightly blurred picture
  const lab = blur3(labImage(small), width, height);
  const size = Math.min(400, Math.max(36, (width * height) / SUPERPIXELS));
  const { lines, trim, light } = straightLines(lab, width, height);
  const sp = slic(lab, width, height, size, lines);
  const graph = buildGraph(lab, pixelFlags(small), width, sp, edgeMap(lab, width, height), lines);
  // a superpixel mostly inside a band of trim is trim
  const inBand = new Float64Array(graph.count);
  for (let p = 0; p < trim.length; p++) {
    const k = sp.labels[p] as number;
    if (trim[p]) inBand[k] = (inBand[k] as number) + 1;
  }
  const isTrim = new Uint8Array(graph.count);
  for (let k = 0; k < graph.count; k++) isTrim[k] = (inBand[k] as number) > (graph.size[k] as number) / 2 ? 1 : 0;
  const passages = seeThrough(graph, sp.labels, lab, lines, width, STRADDLE * edgeLimitOf(graph));
  return {
    width,
    height,
    passages,
    sourceWidth: image.width,
    sourceHeight: image.height,
    labels: sp.labels,
    graph,
    trim: isTrim,
    lab,
    lines,
    light,
  };
}

/** A tap's pixel in the analysis picture, or null when the tap is off the picture. */
function tapPixel(a: RoomAnalysis, tap: Tap): { x: number; y: number } | null {
  if (!Number.isFinite(tap.x) || !Number.isFinite(tap.y)) return null;
  if (tap.x < 0 || tap.y < 0 || tap.x >= a.sourceWidth || tap.y >= a.sourceHeight) return null;
  return {
    x: Math.min(a.width - 1, Math.floor((tap.x * a.width) / a.sourceWidth)),
    y: Math.min(a.height - 1, Math.floor((tap.y * a.height) / a.sourceHeight)),
  };
}

/** How far (analysis pixels, about 1 % of the picture's side) a tap whose flood stayed in its own piece of a line looks for a plain superpixel. */
const SNAP = 4;

/** The plain superpixel (no edge inside above `leaf`) nearest the analysis pixel `at` within `SNAP`, or -1. */
function plainNear(a: RoomAnalysis, at: { x: number; y: number }, leaf: number): number {
  let best = -1;
  let bestD = SNAP * SNAP + 1;
  for (let dy = -SNAP; dy <= SNAP; dy++) {
    for (let dx = -SNAP; dx <= SNAP; dx++) {
      const x = at.x + dx;
      const y = at.y + dy;
      const d = dx * dx + dy * dy;
      if (d >= bestD || x < 0 || y < 0 || x >= a.width || y >= a.height) continue;
      const k = a.labels[y * a.width + x] as number;
      if (!plainSuperpixel(a.graph, k, leaf)) continue;
      best = k;
      bestD = d;
    }
  }
  return best;
}

/** An erase tap's flood stops at the limits themselves (cost 1), where a plain region growing would. */
const ERASE: CompeteLimits = { ...DEFAULT_COMPETE, reach: 1 };

/**
 * Which superpixels the taps select, in order: a tap adds the surface it lands on, an erase tap removes it.
 * @public the room worker calls it per tap.
 */
export function selectSuperpixels(
  a: RoomAnalysis,
  taps: readonly Tap[],
  limits?: Partial<GrowLimits>,
  regionOf: (tap: Tap) => Uint8Array | null = (tap) => tapRegion(a, tap, limits),
): Uint8Array {
  const selected = new Uint8Array(a.graph.count);
  for (const tap of taps) {
    const region = regionOf(tap);
    if (!region) continue;
    for (let k = 0; k < region.length; k++) if (region[k]) selected[k] = tap.erase ? 0 : 1;
  }
  return selected;
}

/**
 * The superpixels one tap reaches (1) on its own, or null off the picture: a tap's region does not
 * depend on the taps before it, so a caller may keep it and apply it again.
 * @public the room worker keeps each tap's region, so a new tap floods only from itself.
 */
export function tapRegion(a: RoomAnalysis, tap: Tap, limits?: Partial<GrowLimits>): Uint8Array | null {
  const at = tapPixel(a, tap);
  if (!at) return null;
  let seed = a.labels[at.y * a.width + at.x] as number;
  const region = new Uint8Array(a.graph.count);
  // an erase takes away only what is plainly the tapped surface: a leak is erased, not the wall it leaked from
  const flood = (from: number) =>
    competeFrom(
      a.graph,
      from,
      region,
      { ...DEFAULT_LIMITS, ...limits },
      tap.erase ? ERASE : DEFAULT_COMPETE,
      a.light,
      a.passages,
    );
  // a tap on a piece of a line a few pixels wide (a crease, a casing's edge) may flood no further
  // than that piece: the finger landed beside the surface it meant, so the nearest plain superpixel is it
  const pixels = flood(seed);
  const leaf = STRADDLE * edgeLimitOf(a.graph);
  if (pixels > 0 && pixels <= (a.graph.size[seed] as number) && !plainSuperpixel(a.graph, seed, leaf)) {
    const near = plainNear(a, at, leaf);
    if (near >= 0 && near !== seed) {
      region.fill(0);
      seed = near;
      flood(seed);
    }
  }
  // a wall's flood may go over a band of trim to more of the wall beyond (round a window) but
  // does not keep the trim, unless the tap was on it
  if (!a.trim[seed]) for (let k = 0; k < region.length; k++) if (a.trim[k]) region[k] = 0;
  // wall behind the clutter on it, that no flood reached (`room-reach.ts`)
  if (!tap.erase && !a.trim[seed]) {
    addReached(a.graph, seed, region, a.labels, a.lines, a.width, a.height, a.trim, edgeLimitOf(a.graph));
  }
  return region;
}

/**
 * The selection as a 0/255 mask at the analysis size (what an outline is drawn from).
 * @public the room worker draws the outline from it.
 */
export function analysisMask(a: RoomAnalysis, selected: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.width * a.height);
  for (let p = 0; p < out.length; p++) out[p] = selected[a.labels[p] as number] ? 255 : 0;
  return out;
}

/**
 * The selection at the photo's own size, its edges snapped to the photo's (guided filter): what
 * the repaint takes. `image` is the photo `a` was made from.
 * @public the room worker calls it before repainting.
 */
export function photoMask(image: Pixels, a: RoomAnalysis, selected: Uint8Array): Uint8Array {
  // where a superpixel holds both wall and what is in front of it, each of its pixels takes a side
  const border = borderPixels(a.graph, a.labels, a.lab, selected, edgeLimitOf(a.graph), a.width, a.lines, a.trim);
  // and a strip along its edge that steps away from the wall's colour (trim, a mount) is cut off
  return refineMask(image, peelRims(border, a.lab, a.width, a.height), a.width, a.height);
}

/** One byte per pixel of `image`, 255 where the tapped surfaces are, soft at their edges. */
export function maskFromTaps(image: Pixels, taps: readonly Tap[]): Uint8Array {
  const n = image.width * image.height;
  if (n === 0 || taps.length === 0) return new Uint8Array(n);
  const a = analyse(image);
  return photoMask(image, a, selectSuperpixels(a, taps));
}
