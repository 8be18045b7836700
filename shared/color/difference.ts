import { differenceCiede2000 } from 'culori/fn';
import type { Lab } from './types';

const ciede2000 = differenceCiede2000();

/** CIEDE2000 (kL = kC = kH = 1) between two CIELAB colours. */
export function deltaE2000(x: Lab, y: Lab): number {
  return ciede2000({ mode: 'lab65', l: x.l, a: x.a, b: x.b }, { mode: 'lab65', l: y.l, a: y.a, b: y.b });
}

/** Euclidean RGB distance: how the literal extraction algorithm matches colours to paints. */
export function rgbDistance(x: { r: number; g: number; b: number }, y: { r: number; g: number; b: number }): number {
  return Math.hypot(x.r - y.r, x.g - y.g, x.b - y.b);
}
