import { ImageBase, type ImageData as VibrantImageData, type ImageSource } from '@vibrant/image';
import { Vibrant } from 'node-vibrant/node';
import quantize from 'quantize';
import type { Rgb } from '../../shared/color/types';
import { matchByCiede2000, type Paint, type Pixels } from '../../workers/extract';

/**
 * The extractors we compare with, fed the same decoded pixels as ours and followed by the same
 * CIEDE2000 matching to paints, so only the colour-finding differs.
 */

/** color-thief's getPalette (v2): every 10th pixel, opaque and not near-white, into MMCQ (`quantize`). */
export function colorThiefColors(image: Pixels, count = 5, quality = 10): Array<{ rgb: Rgb; share: number }> {
  const pixels: Array<[number, number, number]> = [];
  const total = image.width * image.height;
  for (let i = 0; i < total; i += quality) {
    const o = i * 4;
    const [r, g, b, a] = [image.data[o] ?? 0, image.data[o + 1] ?? 0, image.data[o + 2] ?? 0, image.data[o + 3] ?? 0];
    if (a >= 125 && !(r > 250 && g > 250 && b > 250)) pixels.push([r, g, b]);
  }
  const map = quantize(pixels, count);
  if (!map) return [];
  return map
    .palette()
    .slice(0, count)
    .map(([r, g, b]) => ({ rgb: { r, g, b }, share: 0 }));
}

const registry = new Map<string, Pixels>();

/** node-vibrant's Image over pixels we already decoded (its own Node class would decode with jimp). */
class PixelImage extends ImageBase {
  private pixels: Pixels | null = null;
  async load(source: ImageSource): Promise<ImageBase> {
    this.pixels = registry.get(String(source)) ?? null;
    if (!this.pixels) throw new Error('unknown pixels');
    return this;
  }
  clear(): void {}
  update(imageData: VibrantImageData): void {
    this.pixels = { width: imageData.width, height: imageData.height, data: imageData.data as Uint8ClampedArray };
  }
  getWidth(): number {
    return this.pixels?.width ?? 0;
  }
  getHeight(): number {
    return this.pixels?.height ?? 0;
  }
  /** Nearest-neighbour: cheaper than jimp's resize, so the comparison flatters node-vibrant if anything. */
  resize(targetWidth: number, targetHeight: number, _ratio: number): void {
    const source = this.pixels as Pixels;
    const width = Math.max(1, Math.round(targetWidth));
    const height = Math.max(1, Math.round(targetHeight));
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++) {
      const sy = Math.floor((y * source.height) / height);
      for (let x = 0; x < width; x++) {
        const from = (sy * source.width + Math.floor((x * source.width) / width)) * 4;
        data.set(source.data.subarray(from, from + 4), (y * width + x) * 4);
      }
    }
    this.pixels = { width, height, data };
  }
  getPixelCount(): number {
    return this.getWidth() * this.getHeight();
  }
  getImageData(): VibrantImageData {
    const p = this.pixels as Pixels;
    return { width: p.width, height: p.height, data: p.data as Uint8ClampedArray };
  }
  remove(): void {
    this.pixels = null;
  }
}

let nextKey = 0;

/** node-vibrant's six swatches (default options: quality 5, 64-colour MMCQ), most populous first. */
export async function vibrantColors(image: Pixels, count = 5): Promise<Array<{ rgb: Rgb; share: number }>> {
  const key = `pixels-${nextKey++}`;
  registry.set(key, image);
  try {
    const palette = await new Vibrant(key, { ImageClass: PixelImage }).getPalette();
    const swatches = Object.values(palette).filter((s) => s !== null);
    const total = swatches.reduce((n, s) => n + s.population, 0) || 1;
    return swatches
      .sort((a, b) => b.population - a.population)
      .slice(0, count)
      .map((s) => {
        const [r, g, b] = s.rgb;
        return { rgb: { r: Math.round(r), g: Math.round(g), b: Math.round(b) }, share: s.population / total };
      });
  } finally {
    registry.delete(key);
  }
}

export const matchColors = (colors: Array<{ rgb: Rgb; share: number }>, paints: readonly Paint[]) =>
  matchByCiede2000(colors, paints).map((s) => s.colorId);
