import { differenceCiede2000 } from 'culori/fn';
import type { Lab } from './types';

const ciede2000 = differenceCiede2000();

/** CIEDE2000 (kL = kC = kH = 1) between two CIELAB colours. */
export function deltaE2000(x: Lab, y: Lab): number {
  return ciede2000({ mode: 'lab65', l: x.l, a: x.a, b: x.b }, { mode: 'lab65', l: y.l, a: y.a, b: y.b });
}

/**
 * CIEDE2000 from one colour to many, given as L*, a*, b*: the same as `deltaE2000`, without the
 * two objects per call (a scan of a whole catalogue made thousands, and their collections).
 */
export function deltaE2000From(x: Lab): (l: number, a: number, b: number) => number {
  const from = { mode: 'lab65' as const, l: x.l, a: x.a, b: x.b };
  const to = { mode: 'lab65' as const, l: 0, a: 0, b: 0 };
  return (l, a, b) => {
    to.l = l;
    to.a = a;
    to.b = b;
    return ciede2000(from, to);
  };
}

/** Euclidean RGB distance: how the literal extraction algorithm matches colours to paints. */
export function rgbDistance(x: { r: number; g: number; b: number }, y: { r: number; g: number; b: number }): number {
  return Math.hypot(x.r - y.r, x.g - y.g, x.b - y.b);
}
