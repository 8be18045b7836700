import type { Pixels } from './extract';
import { fitWithin, type ImageFormat, type ImageHeader, MAX_PIXELS, sniffImage } from './image-header';
import type { CardInput } from '../shared/export/card-layout';
import { captionedImage } from './room-caption';
import { scaledJpeg } from './room-decode';
import { analyse, photoMask, type RoomAnalysis, selectSuperpixels, type Tap, tapRegion } from './room';
import { applyRepaint, type PreparedRepaint, prepareRepaint } from './room-repaint';

/**
 * The room view's jobs around the pure core (`room.ts`: the analysis once per photo, then
 * `selectSuperpixels` + `photoMask` per tap, which is `maskFromTaps` split in two): decoding a photo to a working copy, the
 * surfaces' masks from taps and brush strokes, and the repainted picture. One engine lives in the room
 * worker; the page makes its own (the fallback) when the worker cannot run or crashes, and loads the
 * same source into it, so the page never holds the full bitmap. Needs createImageBitmap and
 * OffscreenCanvas, which a worker and the page both have.
 */

/**
 * The working copy (what masks are refined on, repainted and drawn) is never more than this: a 50 MP
 * photo costs what a 2 MP one does. The analysis itself looks at less (`analyse`: 384 px on the long side).
 */
export const ANALYSIS_PIXELS = 2_000_000;
/** Below this on its shorter side a picture shows no room worth tapping. */
export const MIN_SIDE = 32;

type RoomPixels = Pixels;

/** What the page keeps of a picture: enough to load it again into a fresh engine. */
export interface RoomSource {
  /** Changes with every picture loaded; the engine answers `has(id)` for the one it holds. */
  id: string;
  photo: Blob;
  /** A sample room's label PNG (0 nothing, else the surface's value). */
  labels?: Blob;
}

export type Op =
  | { kind: 'tap'; x: number; y: number; erase?: boolean }
  | { kind: 'brush'; points: Array<{ x: number; y: number }>; radius: number; erase?: boolean };

/**
 * A surface's mask as the engine keeps it: the page numbers each mask it makes (`version`), and
 * sends the mask itself only when the engine says it does not hold that one (a fresh worker after
 * a crash, the page's own engine taking over, a saved room just opened), so a tap or a paint
 * moves no mask between the threads.
 */
export interface MaskRef {
  key: string;
  version: number;
  mask?: Uint8Array;
}

export interface Layer extends MaskRef {
  hex: string;
  /** The surface's paint now; absent means "a white, not sure which". */
  nowHex?: string;
}

/** A layer of `select`: one already made, or the surface being selected (its mask is made there). */
export type SelectLayer = Layer | { self: true; hex: string; nowHex?: string };

/** What the engine throws for a mask it does not hold: the page sends it again with the mask. */
export const NOT_HELD = 'That surface is not held';

export type LoadProblem = Exclude<ImageHeader, { ok: true }>['reason'] | 'undecodable' | 'too-small';

export type LoadResult =
  /** `picture`: the working copy, ready to draw (the photo as it was). */
  | { ok: true; width: number; height: number; picture: ImageBitmap }
  | { ok: false; reason: LoadProblem; format?: ImageFormat; width?: number; height?: number };

/** The caption band's card: a title and the surfaces' paints, as the palette's PNG export has them. */
export type { CardInput };

/** Formats every browser decodes: a failure there is a damaged file, not a missing codec. */
const UNIVERSAL: ReadonlySet<ImageFormat> = new Set(['png', 'jpeg', 'webp', 'gif', 'bmp']);

/** The working size: at most `maxSide` on the long side and 2 MP, never larger than the photo. */
export function workingSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const byPixels = Math.sqrt(ANALYSIS_PIXELS / (width * height));
  const box = Math.min(maxSide, Math.max(width, height) * Math.min(1, byPixels), Math.max(width, height));
  return fitWithin(width, height, Math.max(1, Math.floor(box)));
}

function context2d(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D context on OffscreenCanvas');
  return context;
}

/** Nearest-neighbour labels at the working size, from the label PNG's red channel. */
async function readLabels(blob: Blob, width: number, height: number): Promise<Uint8Array> {
  const bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = context2d(canvas);
    context.drawImage(bitmap, 0, 0);
    const source = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const labels = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      const sy = Math.min(bitmap.height - 1, Math.floor(((y + 0.5) * bitmap.height) / height));
      for (let x = 0; x < width; x++) {
        const sx = Math.min(bitmap.width - 1, Math.floor(((x + 0.5) * bitmap.width) / width));
        labels[y * width + x] = source[(sy * bitmap.width + sx) * 4] ?? 0;
      }
    }
    return labels;
  } finally {
    bitmap.close();
  }
}

function stamp(mask: Uint8Array, width: number, height: number, op: Extract<Op, { kind: 'brush' }>): void {
  const value = op.erase ? 0 : 255;
  const r = Math.max(1, op.radius);
  const r2 = r * r;
  const dab = (cx: number, cy: number) => {
    for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(height - 1, Math.ceil(cy + r)); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x <= Math.min(width - 1, Math.ceil(cx + r)); x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r2) mask[y * width + x] = value;
      }
    }
  };
  // Dabs close enough together that a quick stroke leaves no gaps.
  let last: { x: number; y: number } | null = null;
  for (const point of op.points) {
    if (last) {
      const steps = Math.ceil(Math.hypot(point.x - last.x, point.y - last.y) / (r / 2));
      for (let i = 1; i < steps; i++)
        dab(last.x + ((point.x - last.x) * i) / steps, last.y + ((point.y - last.y) * i) / steps);
    }
    dab(point.x, point.y);
    last = point;
  }
}

/** Where a mask is not 0 (inclusive), or null when it is 0 everywhere. */
interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function boundsOf(mask: Uint8Array, width: number, height: number): Bounds | null {
  let x0 = width;
  let y0 = -1;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = -1;
    for (let x = 0; x < width; x++) {
      if (mask[row + x] !== 0) {
        first = x;
        break;
      }
    }
    if (first < 0) continue;
    if (y0 < 0) y0 = y;
    y1 = y;
    if (first < x0) x0 = first;
    for (let x = width - 1; x > x1; x--) {
      if (mask[row + x] !== 0) {
        x1 = x;
        break;
      }
    }
  }
  return y0 < 0 ? null : { x0, y0, x1, y1 };
}

/**
 * The outline of a mask: a two-pixel dashed line, light and dark by turns so it shows on any paint,
 * inside the mask's edge. Pixel positions with bit 31 clear are light, set are dark. Only the
 * mask's bounds are looked at: nothing outside them is surface.
 */
function edgePixels(mask: Uint8Array, width: number, height: number, bounds: Bounds): Int32Array {
  // The picture's own border is not the surface's edge: only a neighbour inside the picture counts.
  const outside = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && (mask[y * width + x] ?? 0) < 128;
  const out: number[] = [];
  for (let y = bounds.y0; y <= bounds.y1; y++) {
    for (let x = bounds.x0; x <= bounds.x1; x++) {
      if ((mask[y * width + x] ?? 0) < 128) continue;
      let edge = false;
      for (let d = 1; d <= 2 && !edge; d++) {
        edge = outside(x - d, y) || outside(x + d, y) || outside(x, y - d) || outside(x, y + d);
      }
      if (!edge) continue;
      const light = ((x + y) >> 3) % 2 === 0;
      out.push((y * width + x) | (light ? 0 : 1 << 31));
    }
  }
  return Int32Array.from(out);
}

function markEdge(data: Uint8ClampedArray, edges: Int32Array): void {
  for (let k = 0; k < edges.length; k++) {
    const e = edges[k] as number;
    const at = (e & 0x7fffffff) * 4;
    const v = e < 0 ? 20 : 255;
    data[at] = v;
    data[at + 1] = v;
    data[at + 2] = v;
  }
}

/** What is worked out once per mask: its bounds, its outline and its prepared repaint. */
interface MaskFacts {
  bounds: Bounds | null;
  edges?: Int32Array;
  repaint?: { nowHex: string | undefined; prepared: PreparedRepaint };
}

/** Masks held: up to four surfaces and the ones an undo may go back to. */
const HELD_MASKS = 8;
/** Photo-size masks kept by their selection of superpixels: an undo, a redo or a tap taken back and made again. */
const KEPT_SELECTIONS = 4;

export class RoomEngine {
  private id: string | null = null;
  private image: RoomPixels | null = null;
  private labels: Uint8Array | null = null;
  /** The once-per-photo part of the taps (superpixels and their graph), made before the first tap. */
  private analysis: RoomAnalysis | null = null;
  /** The page's masks by surface and version, most recently used last. */
  private held: Array<{ key: string; version: number; mask: Uint8Array }> = [];
  /** Per mask: bounds, outline and the repaint prepared (the slow half of `repaint`), so a new paint is one short pass. */
  private facts = new WeakMap<Uint8Array, MaskFacts>();
  /** Each tap's superpixels (a tap's region does not depend on the others), so a new tap floods only from itself. */
  private regions = new Map<string, Uint8Array | null>();
  /** Photo-size masks by the selection they came from, most recently used last. */
  private selections: Array<{ selected: Uint8Array; mask: Uint8Array }> = [];
  /** The frame is composed here and drawn on `canvas`, both kept from one render to the next. */
  private frame: Uint8ClampedArray<ArrayBuffer> | null = null;
  private canvas: OffscreenCanvas | null = null;

  has(id: string): boolean {
    return this.id === id && this.image !== null;
  }

  /** Checks the header (a decompression bomb is refused before any decoding), then decodes straight to the working size. */
  async load(source: RoomSource, maxSide: number): Promise<LoadResult> {
    this.id = null;
    this.image = null;
    this.labels = null;
    this.analysis = null;
    this.held = [];
    // A prepared repaint belongs to the picture it was made on (another light has other pixels).
    this.facts = new WeakMap();
    this.regions = new Map();
    this.selections = [];
    this.frame = null;
    this.canvas = null;
    const { photo } = source;
    if (photo.size === 0) return { ok: false, reason: 'empty' };
    const bytes = new Uint8Array(await photo.arrayBuffer());
    const header = sniffImage(bytes);
    if (!header.ok) return header;
    const { format, width, height } = header;
    if (Math.min(width, height) < MIN_SIDE) return { ok: false, reason: 'too-small', format, width, height };
    if (width * height > MAX_PIXELS) return { ok: false, reason: 'too-large', format, width, height };
    const size = workingSize(width, height, maxSide);
    let bitmap: ImageBitmap;
    try {
      bitmap =
        (format === 'jpeg' ? await scaledJpeg(bytes, width, height, size) : null) ??
        (await createImageBitmap(photo, {
          imageOrientation: 'from-image',
          resizeWidth: size.width,
          resizeHeight: size.height,
          resizeQuality: 'high',
        }));
    } catch {
      return { ok: false, reason: UNIVERSAL.has(format) ? 'corrupt' : 'undecodable', format, width, height };
    }
    let picture: ImageBitmap;
    try {
      const canvas = new OffscreenCanvas(size.width, size.height);
      const context = context2d(canvas);
      // A transparent PNG shows on white, as it would on a page.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, size.width, size.height);
      context.drawImage(bitmap, 0, 0, size.width, size.height);
      const data = context.getImageData(0, 0, size.width, size.height).data;
      this.image = { width: size.width, height: size.height, data };
      // The page shows this at once: no second trip to have the photo drawn.
      picture = canvas.transferToImageBitmap();
    } finally {
      bitmap.close();
    }
    if (source.labels) this.labels = await readLabels(source.labels, size.width, size.height);
    this.id = source.id;
    return { ok: true, width: size.width, height: size.height, picture };
  }

  /** Does the slow once-per-photo analysis now, so the first tap answers at once (a sample room needs none). */
  prepare(id: string): void {
    const image = this.current(id);
    if (!this.labels) this.analysis ??= analyse(image);
  }

  private current(id: string): RoomPixels {
    if (!this.image || this.id !== id) throw new Error('That picture is not loaded');
    return this.image;
  }

  /**
   * One surface's mask from its taps and strokes, in order of kind: the taps together (the core
   * wants all of them in one call), then the brush strokes on top. On a sample room a tap takes the
   * labelled surface under it.
   */
  mask(id: string, ops: readonly Op[], hold?: MaskRef): Uint8Array {
    const mask = this.made(this.current(id), ops);
    if (hold) this.hold({ key: hold.key, version: hold.version, mask });
    return mask;
  }

  private made(image: RoomPixels, ops: readonly Op[]): Uint8Array {
    const { width, height } = image;
    const taps = ops.filter((op) => op.kind === 'tap');
    let mask: Uint8Array;
    if (this.labels) {
      mask = new Uint8Array(width * height);
      for (const tap of taps) {
        const label = this.labels[Math.round(tap.y) * width + Math.round(tap.x)] ?? 0;
        if (label === 0) continue;
        const value = tap.erase ? 0 : 255;
        for (let i = 0; i < mask.length; i++) if (this.labels[i] === label) mask[i] = value;
      }
    } else {
      if (taps.length > 0) {
        mask = this.photoSelection(image, taps);
        // A kept mask is shared: strokes go on a copy.
        if (ops.some((op) => op.kind === 'brush')) mask = mask.slice();
      } else {
        mask = new Uint8Array(width * height);
      }
    }
    for (const op of ops) if (op.kind === 'brush') stamp(mask, width, height, op);
    return mask;
  }

  /** `photoMask(selectSuperpixels(taps))`, with each tap's region and each selection's mask kept. */
  private photoSelection(image: RoomPixels, taps: readonly Tap[]): Uint8Array {
    this.analysis ??= analyse(image);
    const analysis = this.analysis;
    const selected = selectSuperpixels(analysis, taps, undefined, (tap) => {
      const at = `${tap.x},${tap.y},${tap.erase ? 1 : 0}`;
      let region = this.regions.get(at);
      if (region === undefined) {
        region = tapRegion(analysis, tap);
        this.regions.set(at, region);
      }
      return region;
    });
    const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, k) => v === b[k]);
    const index = this.selections.findIndex((s) => same(s.selected, selected));
    const kept = index >= 0 ? this.selections.splice(index, 1)[0] : undefined;
    const entry = kept ?? { selected, mask: photoMask(image, analysis, selected) };
    this.selections.push(entry);
    if (this.selections.length > KEPT_SELECTIONS) this.selections.shift();
    return entry.mask;
  }

  /** Keeps a mask the page numbered, as the latest of its surface's. */
  private hold(entry: { key: string; version: number; mask: Uint8Array }): void {
    this.held = this.held.filter((h) => h.key !== entry.key || h.version !== entry.version);
    this.held.push(entry);
    if (this.held.length > HELD_MASKS) this.held.shift();
  }

  /** The mask a reference names: the one sent with it (kept from now on), or one held. */
  private maskOf(ref: MaskRef): Uint8Array {
    if (ref.mask) {
      this.hold({ key: ref.key, version: ref.version, mask: ref.mask });
      return ref.mask;
    }
    const index = this.held.findIndex((h) => h.key === ref.key && h.version === ref.version);
    if (index < 0) throw new Error(NOT_HELD);
    const [entry] = this.held.splice(index, 1) as [{ key: string; version: number; mask: Uint8Array }];
    this.held.push(entry);
    return entry.mask;
  }

  private factsOf(image: RoomPixels, mask: Uint8Array): MaskFacts {
    let facts = this.facts.get(mask);
    if (!facts) {
      facts = { bounds: boundsOf(mask, image.width, image.height) };
      this.facts.set(mask, facts);
    }
    return facts;
  }

  /** A surface's prepared repaint: made when its mask or the walls' paint is new, else kept. */
  private prepared(image: RoomPixels, mask: Uint8Array, nowHex: string | undefined): PreparedRepaint {
    const facts = this.factsOf(image, mask);
    if (facts.repaint?.nowHex !== nowHex || !facts.repaint)
      facts.repaint = { nowHex, prepared: prepareRepaint(image, mask, nowHex) };
    return facts.repaint.prepared;
  }

  /** Each layer's mask: every one is looked up before any work, so one not held costs nothing. */
  private masksOf(layers: readonly Layer[]): Uint8Array[] {
    return layers.map((layer) => this.maskOf(layer));
  }

  /** The picture with each surface in its paint, into `out` (the photo's size). */
  private repaintInto(
    image: RoomPixels,
    layers: readonly Layer[],
    masks: readonly Uint8Array[],
    out: Uint8ClampedArray,
  ): void {
    out.set(image.data);
    layers.forEach((layer, k) => {
      const mask = masks[k] as Uint8Array;
      if (mask.length !== image.width * image.height || !this.factsOf(image, mask).bounds) return;
      applyRepaint(this.prepared(image, mask, layer.nowHex), layer.hex, out);
    });
  }

  private repainted(id: string, layers: readonly Layer[]): RoomPixels {
    const image = this.current(id);
    const masks = this.masksOf(layers);
    const data = new Uint8ClampedArray(image.data.length);
    this.repaintInto(image, layers, masks, data);
    return { width: image.width, height: image.height, data };
  }

  /**
   * The picture with each surface in its paint (none: the photo as it was), ready to draw; with
   * `outline`, the selected surface's edge is marked (just inside it) so the person sees what a tap took.
   */
  render(id: string, layers: readonly Layer[], outline?: MaskRef): ImageBitmap {
    const image = this.current(id);
    const masks = this.masksOf(layers);
    const edge = outline ? this.maskOf(outline) : undefined;
    return this.draw(image, layers, masks, edge);
  }

  private draw(image: RoomPixels, layers: readonly Layer[], masks: readonly Uint8Array[], edge?: Uint8Array) {
    const { width, height } = image;
    this.frame ??= new Uint8ClampedArray(image.data.length);
    this.repaintInto(image, layers, masks, this.frame);
    if (edge && edge.length === width * height) {
      const facts = this.factsOf(image, edge);
      if (facts.bounds) {
        facts.edges ??= edgePixels(edge, width, height, facts.bounds);
        markEdge(this.frame, facts.edges);
      }
    }
    this.canvas ??= new OffscreenCanvas(width, height);
    context2d(this.canvas).putImageData(new ImageData(this.frame, width, height), 0, 0);
    return this.canvas.transferToImageBitmap();
  }

  /**
   * A tap or stroke in one trip: the surface's mask from `ops`, and the frame with it painted
   * (`paint`, in its place among `layers`) and outlined. `covered` says whether it holds anything.
   */
  select(
    id: string,
    ops: readonly Op[],
    hold: MaskRef,
    layers: readonly SelectLayer[],
  ): { mask: Uint8Array; covered: boolean; frame: ImageBitmap } {
    const image = this.current(id);
    // The other surfaces' masks first: one not held is asked for before any work is done.
    const others = layers.map((layer) => ('self' in layer ? null : this.maskOf(layer)));
    const mask = this.mask(id, ops, hold);
    const covered = this.factsOf(image, mask).bounds !== null;
    const full = layers.map((layer) =>
      'self' in layer ? { key: hold.key, version: hold.version, hex: layer.hex, nowHex: layer.nowHex } : layer,
    );
    const masks = others.map((m) => m ?? mask);
    return { mask, covered, frame: this.draw(image, full, masks, covered ? mask : undefined) };
  }

  /** The working copy as a JPEG, to keep on the device: small, and without the original's metadata. */
  async keep(id: string): Promise<Blob> {
    const image = this.current(id);
    const canvas = new OffscreenCanvas(image.width, image.height);
    context2d(canvas).putImageData(new ImageData(new Uint8ClampedArray(image.data), image.width, image.height), 0, 0);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
  }

  /** The picture with the palette card under it, encoded afresh (`room-caption.ts`): no EXIF, no location. */
  download(id: string, layers: readonly Layer[], card: CardInput, type: string): Promise<Blob> {
    return captionedImage(this.repainted(id, layers), card, type);
  }
}
