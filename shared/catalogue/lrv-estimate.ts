import { relativeLuminance } from '../color/contrast';
import type { Rgb } from '../color/types';

/**
 * LRV = intercept + slope × (relative luminance × 100 of the screen hex), fitted by least absolute
 * deviations on the 196 Little Greene colours with a published LRV (`fitLrvLine` in lrv-fit.ts;
 * re-fit with `npx tsx server/cli/fit-lrv.ts`). Screen hexes run lighter than the paint at the top
 * and darker at the bottom, which is why the slope is below 1 and the intercept above 0.
 */
export const LRV_LINE = { intercept: 5.0235, slope: 0.8292 } as const;

/** The range paints reach: no black paint reflects nothing, no white reflects it all (our highest published is 92). */
export const LRV_MIN = 2;
export const LRV_MAX = 94;

/** The estimator on a luminance × 100, unrounded and clamped: what the fit and its checks use. */
export function lrvFromLuminance(y: number, line: { intercept: number; slope: number } = LRV_LINE): number {
  return Math.min(LRV_MAX, Math.max(LRV_MIN, line.intercept + line.slope * y));
}

/** The catalogue's estimate for a screen colour, a whole number as suppliers publish LRVs. */
export function estimateLrv(rgb: Rgb): number {
  return Math.round(lrvFromLuminance(relativeLuminance(rgb) * 100));
}
