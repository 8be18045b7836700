import { modeHsl, modeLab65, modeOklab, modeOklch, modeRgb, useMode as registerMode } from 'culori/fn';
import type { Lab, Oklab, Rgb } from './types';

// culori/fn registers only the modes we use, so bundles stay small.
registerMode(modeRgb);
const toLab65 = registerMode(modeLab65);
const toOklab = registerMode(modeOklab);
const toOklch = registerMode(modeOklch);
const toHsl = registerMode(modeHsl);
const toRgb = registerMode(modeRgb);

const unit = ({ r, g, b }: Rgb) => ({ mode: 'rgb' as const, r: r / 255, g: g / 255, b: b / 255 });

export function rgbToLab(rgb: Rgb): Lab {
  const { l, a, b } = toLab65(unit(rgb));
  return { l, a, b };
}

export function rgbToOklab(rgb: Rgb): Oklab {
  const { l, a, b } = toOklab(unit(rgb));
  return { l, a, b };
}

/** OKLCh lightness (0–1), chroma (≈0–0.37) and hue in degrees (0 for greys). */
export function rgbToOklch(rgb: Rgb): { l: number; c: number; h: number } {
  const { l, c, h } = toOklch(unit(rgb));
  return { l, c, h: h ?? 0 };
}

/** HSL with s and l in 0–1 and h in degrees (0 for greys). */
export function rgbToHsl(rgb: Rgb): { h: number; s: number; l: number } {
  const { h, s, l } = toHsl(unit(rgb));
  return { h: h ?? 0, s, l };
}

export function oklabToRgb({ l, a, b }: Oklab): Rgb {
  const c = toRgb({ mode: 'oklab', l, a, b });
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v * 255)));
  return { r: clamp(c.r), g: clamp(c.g), b: clamp(c.b) };
}
