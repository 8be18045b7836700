import type { Pixels } from './extract';
import { fitWithin, type ImageFormat, type ImageHeader, MAX_PIXELS, sniffImage } from './image-header';
import type { CardInput } from '../shared/export/card-layout';
import { captionedImage } from './room-caption';
import { scaledJpeg } from './room-decode';
import { analyse, photoMask, type RoomAnalysis, selectSuperpixels } from './room';
import { applyRepaint, type PreparedRepaint, prepareRepaint } from './room-repaint';

/**
 * The room view's jobs around the pure core (`room.ts`: the analysis once per photo, then
 * `selectSuperpixels` + `photoMask` per tap, which is `maskFromTaps` split in two): decoding a photo to a working copy, the
 * surfaces' masks from taps and brush strokes, and the repainted picture. One engine lives in the room
 * worker; the page makes its own (the fallback) when the worker cannot run or crashes, and loads the
 * same source into it, so the page never holds the full bitmap. Needs createImageBitmap and
 * OffscreenCanvas, which a worker and the page both have.
 */

/** The analysis never looks at more than this: a 50 MP photo costs what a 2 MP one does. */
export const ANALYSIS_PIXELS = 2_000_000;
/**
 * The superpixel analysis looks at no more than this of the working copy (the core's default is
 * twice it; `analyse` takes √maxPixels as the long side, so 548 px, 0.23 MP for a 4:3 photo): it is
 * what the first tap waits for, and its time grows with the pixels. On the rendered rooms brought
 * to a phone screen's working size the masks were as good as at the default (median IoU 0.67
 * against 0.62, worst 0.54 against 0.39; the kitchens a little worse, 0.81–0.85 against 0.88–0.90).
 */
const TAP_ANALYSIS_PIXELS = 300_000;
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

export interface Layer {
  mask: Uint8Array;
  hex: string;
  /** The surface's paint now; absent means "a white, not sure which". */
  nowHex?: string;
}

/** A layer of `select`: one already made, or the surface being selected (its mask is made there). */
export type SelectLayer = Layer | { self: true; hex: string; nowHex?: string };

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

/** A checksum of a mask's bytes: the same surface sent again is recognised without keeping the page's copy. */
function checksum(mask: Uint8Array): number {
  let h = mask.length;
  for (let p = 0; p < mask.length; p++) h = (Math.imul(h, 31) + (mask[p] as number)) | 0;
  return h;
}

/**
 * The outline of a mask: a two-pixel dashed line, light and dark by turns so it shows on any paint,
 * inside the mask's edge. Pixel positions with bit 31 clear are light, set are dark.
 */
function edgePixels(mask: Uint8Array, width: number, height: number): Int32Array {
  // The picture's own border is not the surface's edge: only a neighbour inside the picture counts.
  const outside = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && (mask[y * width + x] ?? 0) < 128;
  const out: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
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

/** A surface's repaint, prepared once and kept while the page keeps sending the same mask. */
interface KeptLayer {
  sum: number;
  length: number;
  nowHex: string | undefined;
  prepared: PreparedRepaint;
  used: number;
}

/** Up to four surfaces, the second paint of a comparison and a few just changed. */
const KEPT_LAYERS = 8;

export class RoomEngine {
  private id: string | null = null;
  private image: RoomPixels | null = null;
  private labels: Uint8Array | null = null;
  /** The once-per-photo part of the taps (superpixels and their graph), made before the first tap. */
  private analysis: RoomAnalysis | null = null;
  /** Repaints prepared per surface (the slow half of `repaint`), so a new paint is one short pass. */
  private kept: KeptLayer[] = [];
  private outline: { sum: number; length: number; edges: Int32Array } | null = null;
  private uses = 0;
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
    this.kept = [];
    this.outline = null;
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
    if (!this.labels) this.analysis ??= analyse(image, { maxPixels: TAP_ANALYSIS_PIXELS });
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
  mask(id: string, ops: readonly Op[]): Uint8Array {
    const image = this.current(id);
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
        this.analysis ??= analyse(image, { maxPixels: TAP_ANALYSIS_PIXELS });
        mask = photoMask(image, this.analysis, selectSuperpixels(this.analysis, taps));
      } else {
        mask = new Uint8Array(width * height);
      }
    }
    for (const op of ops) if (op.kind === 'brush') stamp(mask, width, height, op);
    return mask;
  }

  /** A surface's prepared repaint: made when its mask or the walls' paint is new, else kept. */
  private prepared(image: RoomPixels, layer: Layer): PreparedRepaint {
    const sum = checksum(layer.mask);
    this.uses++;
    let kept = this.kept.find((k) => k.sum === sum && k.length === layer.mask.length && k.nowHex === layer.nowHex);
    if (!kept) {
      kept = {
        sum,
        length: layer.mask.length,
        nowHex: layer.nowHex,
        prepared: prepareRepaint(image, layer.mask, layer.nowHex),
        used: 0,
      };
      this.kept.push(kept);
      if (this.kept.length > KEPT_LAYERS) this.kept = this.kept.sort((a, b) => b.used - a.used).slice(0, KEPT_LAYERS);
    }
    kept.used = this.uses;
    return kept.prepared;
  }

  /** The picture with each surface in its paint, into `out` (the photo's size). */
  private repaintInto(image: RoomPixels, layers: readonly Layer[], out: Uint8ClampedArray): void {
    out.set(image.data);
    for (const layer of layers) {
      if (layer.mask.length !== image.width * image.height) continue;
      applyRepaint(this.prepared(image, layer), layer.hex, out);
    }
  }

  private repainted(id: string, layers: readonly Layer[]): RoomPixels {
    const image = this.current(id);
    const data = new Uint8ClampedArray(image.data.length);
    this.repaintInto(image, layers, data);
    return { width: image.width, height: image.height, data };
  }

  /**
   * The picture with each surface in its paint (none: the photo as it was), ready to draw; with
   * `outline`, the selected surface's edge is marked (just inside it) so the person sees what a tap took.
   */
  render(id: string, layers: readonly Layer[], outline?: Uint8Array): ImageBitmap {
    const image = this.current(id);
    const { width, height } = image;
    this.frame ??= new Uint8ClampedArray(image.data.length);
    this.repaintInto(image, layers, this.frame);
    if (outline && outline.length === width * height) {
      const sum = checksum(outline);
      if (this.outline?.sum !== sum || this.outline.length !== outline.length)
        this.outline = { sum, length: outline.length, edges: edgePixels(outline, width, height) };
      markEdge(this.frame, this.outline.edges);
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
    layers: readonly SelectLayer[],
  ): { mask: Uint8Array; covered: boolean; frame: ImageBitmap } {
    const mask = this.mask(id, ops);
    let covered = false;
    for (let p = 0; p < mask.length && !covered; p++) covered = mask[p] !== 0;
    const full = layers.map((layer) => ('self' in layer ? { mask, hex: layer.hex, nowHex: layer.nowHex } : layer));
    return { mask, covered, frame: this.render(id, full, covered ? mask : undefined) };
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
