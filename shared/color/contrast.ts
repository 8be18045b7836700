import { modeLrgb, modeRgb, useMode as registerMode, wcagContrast, wcagLuminance } from 'culori/fn';
import type { Rgb } from './types';

registerMode(modeRgb);
// WCAG luminance is computed in linear RGB.
registerMode(modeLrgb);
const unit = ({ r, g, b }: Rgb) => ({ mode: 'rgb' as const, r: r / 255, g: g / 255, b: b / 255 });

const BLACK: Rgb = { r: 0, g: 0, b: 0 };
const WHITE: Rgb = { r: 255, g: 255, b: 255 };

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(rgb: Rgb): number {
  return wcagLuminance(unit(rgb));
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(x: Rgb, y: Rgb): number {
  return wcagContrast(unit(x), unit(y));
}

/** Black or white, whichever reads better on the swatch. */
export function textColorOn(background: Rgb): '#000000' | '#FFFFFF' {
  return contrastRatio(background, BLACK) >= contrastRatio(background, WHITE) ? '#000000' : '#FFFFFF';
}
