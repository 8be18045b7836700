import { fitWithin } from './image-header';
import { type Pixels, resample } from './extract';
import { blur3, edgeMap } from './room-edges';
import { buildGraph, type RegionGraph } from './room-graph';
import { DEFAULT_LIMITS, type GrowLimits, growFrom } from './room-grow';
import { labImage, pixelFlags } from './room-pixels';
import { refineMask } from './room-refine';
import { slic } from './room-slic';

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
  /** The analysis picture's size (at most `maxPixels`), and the photo's. */
  width: number;
  height: number;
  sourceWidth: number;
  sourceHeight: number;
  /** Superpixel of each analysis pixel. */
  labels: Int32Array;
  graph: RegionGraph;
}

/** @public the room worker picks the analysis size. */
export interface AnalyseOptions {
  /** Largest analysis picture; bigger photos are averaged down first. */
  maxPixels?: number;
}

const DEFAULT_ANALYSIS_PIXELS = 600_000;
/** Aim for about this many superpixels: fine enough for skirting and frames, few enough to grow fast. */
const SUPERPIXELS = 3000;

/**
 * Superpixels, edges and their graph for `image`: the work done once before the first tap.
 * @public the room worker calls it when a photo arrives.
 */
export function analyse(image: Pixels, options: AnalyseOptions = {}): RoomAnalysis {
  const fit = fitWithin(image.width, image.height, Math.sqrt(options.maxPixels ?? DEFAULT_ANALYSIS_PIXELS));
  const small = fit.width * fit.height < image.width * image.height ? resample(image, fit.width, fit.height) : image;
  const { width, height } = small;
  // noise would steer superpixel borders and fake edges: both work on a lightly blurred picture
  const lab = blur3(labImage(small), width, height);
  const size = Math.min(400, Math.max(36, (width * height) / SUPERPIXELS));
  const sp = slic(lab, width, height, size);
  const graph = buildGraph(lab, pixelFlags(small), width, sp, edgeMap(lab, width, height));
  return { width, height, sourceWidth: image.width, sourceHeight: image.height, labels: sp.labels, graph };
}

/** The superpixel under a tap in the photo's pixels, or -1 when the tap is off the picture. */
function superpixelAt(a: RoomAnalysis, tap: Tap): number {
  if (!Number.isFinite(tap.x) || !Number.isFinite(tap.y)) return -1;
  if (tap.x < 0 || tap.y < 0 || tap.x >= a.sourceWidth || tap.y >= a.sourceHeight) return -1;
  const x = Math.min(a.width - 1, Math.floor((tap.x * a.width) / a.sourceWidth));
  const y = Math.min(a.height - 1, Math.floor((tap.y * a.height) / a.sourceHeight));
  return a.labels[y * a.width + x] as number;
}

/**
 * Which superpixels the taps select, in order: a tap adds the surface it lands on, an erase tap removes it.
 * @public the room worker calls it per tap.
 */
export function selectSuperpixels(a: RoomAnalysis, taps: readonly Tap[], limits?: Partial<GrowLimits>): Uint8Array {
  const grow = { ...DEFAULT_LIMITS, ...limits };
  const selected = new Uint8Array(a.graph.count);
  const region = new Uint8Array(a.graph.count);
  for (const tap of taps) {
    const seed = superpixelAt(a, tap);
    if (seed < 0) continue;
    region.fill(0);
    growFrom(a.graph, seed, region, grow);
    for (let k = 0; k < region.length; k++) if (region[k]) selected[k] = tap.erase ? 0 : 1;
  }
  return selected;
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
  return refineMask(image, analysisMask(a, selected), a.width, a.height);
}

/** One byte per pixel of `image`, 255 where the tapped surfaces are, soft at their edges. */
export function maskFromTaps(image: Pixels, taps: readonly Tap[]): Uint8Array {
  const n = image.width * image.height;
  if (n === 0 || taps.length === 0) return new Uint8Array(n);
  const a = analyse(image);
  return photoMask(image, a, selectSuperpixels(a, taps));
}
