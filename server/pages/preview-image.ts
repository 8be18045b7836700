import { PNG } from 'pngjs';
import { parseHex } from '../../shared/color/hex';

const PREVIEW_WIDTH = 1200;
const PREVIEW_HEIGHT = 630;

/**
 * A share link's preview (og:image): the palette as vertical stripes of equal width, left to
 * right in palette order, 1200×630 as chat apps and social sites expect.
 */
export function palettePng(hexes: readonly string[]): Buffer {
  const png = new PNG({ width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, colorType: 2, inputHasAlpha: true });
  const rgb = hexes.map((hex) => {
    const { r, g, b } = parseHex(hex) ?? { r: 0, g: 0, b: 0 };
    return [r, g, b] as const;
  });
  const row = Buffer.alloc(PREVIEW_WIDTH * 4);
  for (let x = 0; x < PREVIEW_WIDTH; x++) {
    const [r, g, b] = rgb[Math.min(rgb.length - 1, Math.floor((x * rgb.length) / PREVIEW_WIDTH))] ?? [0, 0, 0];
    row.writeUInt32BE(((r << 24) | (g << 16) | (b << 8) | 255) >>> 0, x * 4);
  }
  for (let y = 0; y < PREVIEW_HEIGHT; y++) row.copy(png.data, y * row.length);
  return PNG.sync.write(png, { colorType: 2 });
}
