import type { Pixels } from './extract';

/**
 * The analysis-size mask brought up to the photo's size. Transparent pixels are never surface.
 */
export function refineMask(image: Pixels, mask: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(image.width * image.height);
  for (let y = 0; y < image.height; y++) {
    const sy = Math.min(height - 1, Math.floor((y * height) / image.height));
    for (let x = 0; x < image.width; x++) {
      const sx = Math.min(width - 1, Math.floor((x * width) / image.width));
      const p = y * image.width + x;
      out[p] = (image.data[p * 4 + 3] as number) >= 128 ? (mask[sy * width + sx] as number) : 0;
    }
  }
  return out;
}
