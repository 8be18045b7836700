import type { CardInput } from '../shared/export/card-layout';
import type { Pixels } from './extract';
import { PNG_WIDTH, paintCard } from './png-layout';

/**
 * The card the caption band is laid out on, before it is scaled to the picture's width: the PNG
 * export's width and two thirds of its height (the picture is what the image is about).
 */
const CARD_HEIGHT = 420;

/**
 * Where the caption goes under a picture of this size: the card is laid out `layoutWidth` wide and
 * 420 tall, then drawn at `scale`, so it spans the picture's width. The scale is the PNG export's
 * (1200 wide) fitted to the picture, never more than the picture's height allows, so a panorama
 * gets a wider card rather than a band taller than itself.
 */
export function captionBand(width: number, height: number): { scale: number; layoutWidth: number; band: number } {
  const scale = Math.min(width / PNG_WIDTH, height / (CARD_HEIGHT * 1.5));
  return { scale, layoutWidth: Math.round(width / scale), band: Math.round(CARD_HEIGHT * scale) };
}

/**
 * The picture with the palette card's layout under it (a row per surface's paint, with its name,
 * brand, number and hex, then the black title band), encoded afresh from a canvas: no EXIF, no
 * location, nothing of the original file.
 */
export function captionedImage(image: Pixels, card: CardInput, type: string): Promise<Blob> {
  const { scale, layoutWidth, band } = captionBand(image.width, image.height);
  const canvas = new OffscreenCanvas(image.width, image.height + band);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context on OffscreenCanvas');
  context.putImageData(new ImageData(new Uint8ClampedArray(image.data), image.width, image.height), 0, 0);
  // The title band's black under it all: no seam where the scaled card ends part-way into a pixel.
  context.fillStyle = '#000000';
  context.fillRect(0, image.height, image.width, band);
  context.setTransform(scale, 0, 0, scale, 0, image.height);
  paintCard(context, { width: layoutWidth, height: CARD_HEIGHT }, card);
  context.setTransform(1, 0, 0, 1, 0, 0);
  return canvas.convertToBlob(type === 'image/png' ? { type } : { type: 'image/jpeg', quality: 0.92 });
}
