import type { Pixels } from './extract';
import { fitWithin, type ImageFormat, type ImageHeader, sniffImage } from './image-header';

/** The working copy's longest side: enough for both algorithms (spec 100 px, perceptual 128 px). */
const WORKING_SIZE = 256;

type DecodeProblem = Exclude<ImageHeader, { ok: true }>['reason'] | 'undecodable';

export type DecodeResult =
  | { ok: true; format: ImageFormat; width: number; height: number; pixels: Pixels }
  | { ok: false; reason: DecodeProblem; format?: ImageFormat; width?: number; height?: number };

/** Formats every browser we support decodes: a failure there means a damaged file, not a missing codec. */
const UNIVERSAL: ReadonlySet<ImageFormat> = new Set(['png', 'jpeg', 'webp', 'gif', 'bmp']);

/**
 * Checks the header, then decodes straight to a small working copy. Runs in the extract worker, or on
 * the main thread as the fallback (both have createImageBitmap and OffscreenCanvas).
 */
export async function decodeImage(file: Blob, onProgress?: (fraction: number) => void): Promise<DecodeResult> {
  if (file.size === 0) return { ok: false, reason: 'empty' };
  const header = sniffImage(new Uint8Array(await file.arrayBuffer()));
  onProgress?.(0.3);
  if (!header.ok) return header;
  const { format, width, height } = header;
  const size = fitWithin(width, height, Math.min(WORKING_SIZE, Math.max(width, height)));
  let bitmap: ImageBitmap;
  try {
    // Asking for the small size lets the browser scale while decoding instead of holding every pixel.
    bitmap = await createImageBitmap(file, {
      resizeWidth: size.width,
      resizeHeight: size.height,
      resizeQuality: 'medium',
    });
  } catch {
    return { ok: false, reason: UNIVERSAL.has(format) ? 'corrupt' : 'undecodable', format, width, height };
  }
  onProgress?.(0.8);
  try {
    // Some engines ignore the resize options: draw at the working size whatever the bitmap's size.
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const data = context.getImageData(0, 0, size.width, size.height).data;
    return { ok: true, format, width, height, pixels: { width: size.width, height: size.height, data } };
  } finally {
    bitmap.close();
  }
}
