import type { Pixels } from './extract';
import { encodeSrgb, linearOfHex, SRGB_TO_LINEAR } from './room-pixels';

/** "A white, not sure which": what the walls are taken to be when nobody knows. */
const ASSUMED_WHITE = '#f3f1ea';

/**
 * The photo with the masked surface in `paintHex`: in linear light, per channel, what the camera
 * saw × (new paint / current paint), so the room's light, shadows and texture stay. Pixels with
 * mask 0 come back bit for bit; soft mask values blend in linear light.
 */
export function repaint(image: Pixels, mask: Uint8Array, paintHex: string, wallsNowHex?: string): Pixels {
  const data = new Uint8ClampedArray(image.data);
  const paint = linearOfHex(paintHex);
  const now = linearOfHex(wallsNowHex ?? ASSUMED_WHITE) ?? linearOfHex(ASSUMED_WHITE);
  if (!paint || !now) return { width: image.width, height: image.height, data };
  const gain = [0, 1, 2].map((c) => (paint[c] as number) / Math.max(1e-4, now[c] as number));
  const n = Math.min(mask.length, image.width * image.height);
  for (let p = 0; p < n; p++) {
    const m = mask[p] as number;
    if (m === 0) continue;
    const w = m / 255;
    for (let c = 0; c < 3; c++) {
      const i = p * 4 + c;
      const seen = SRGB_TO_LINEAR[data[i] as number] as number;
      data[i] = encodeSrgb(seen + (seen * (gain[c] as number) - seen) * w);
    }
  }
  return { width: image.width, height: image.height, data };
}
