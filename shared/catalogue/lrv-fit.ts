import { relativeLuminance } from '../color/contrast';
import { parseHex } from '../color/hex';
import type { SourceColor } from './types';

/**
 * Fits and checks the LRV estimator (`lrv-estimate.ts`) on the colours whose LRV is published. Run
 * `npx tsx server/cli/fit-lrv.ts` to re-fit; the catalogue test prints the same figures.
 */

export interface LrvPair {
  name: string;
  /** Relative luminance × 100 of the screen hex. */
  y: number;
  lrv: number;
}

export interface LrvLine {
  intercept: number;
  slope: number;
}

export interface LrvErrors {
  mean: number;
  max: number;
  /** The worst pairs, largest error first. */
  worst: Array<{ name: string; lrv: number; estimate: number; error: number }>;
}

export function lrvPairs(sources: readonly SourceColor[]): LrvPair[] {
  return sources.flatMap((s) => {
    const rgb = parseHex(s.hexCode);
    return s.lrv == null || !rgb ? [] : [{ name: s.colorName, y: relativeLuminance(rgb) * 100, lrv: s.lrv }];
  });
}

/** Weighted least squares for a line; weights 1 give ordinary least squares. */
function weightedLine(pairs: readonly LrvPair[], weights: readonly number[]): LrvLine {
  let sw = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  pairs.forEach((p, i) => {
    const w = weights[i] ?? 1;
    sw += w;
    sx += w * p.y;
    sy += w * p.lrv;
    sxx += w * p.y * p.y;
    sxy += w * p.y * p.lrv;
  });
  const slope = (sw * sxy - sx * sy) / (sw * sxx - sx * sx);
  return { intercept: (sy - slope * sx) / sw, slope };
}

/**
 * Least absolute deviations by iteratively reweighted least squares: the mean absolute error is
 * the figure we report, and a few paints whose screen hex is far off their paint (Cool Arbour,
 * Trumpet) should not drag the line for the rest, as they do under least squares.
 */
export function fitLrvLine(pairs: readonly LrvPair[]): LrvLine {
  let line = weightedLine(
    pairs,
    pairs.map(() => 1),
  );
  for (let i = 0; i < 100; i++) {
    // Residuals below 0.5 LRV are floored so a pair on the line cannot take all the weight.
    const weights = pairs.map((p) => 1 / Math.max(0.5, Math.abs(line.intercept + line.slope * p.y - p.lrv)));
    line = weightedLine(pairs, weights);
  }
  return line;
}

export function lrvErrors(pairs: readonly LrvPair[], estimate: (p: LrvPair) => number): LrvErrors {
  const rows = pairs
    .map((p) => {
      const value = estimate(p);
      return { name: p.name, lrv: p.lrv, estimate: value, error: Math.abs(value - p.lrv) };
    })
    .sort((a, b) => b.error - a.error);
  const total = rows.reduce((sum, r) => sum + r.error, 0);
  return { mean: total / Math.max(1, rows.length), max: rows[0]?.error ?? 0, worst: rows.slice(0, 5) };
}

/**
 * k-fold cross-validation: each pair is estimated by a line fitted without its fold (every k-th
 * pair in catalogue order), so the error is what a colour without a published LRV can expect.
 */
export function crossValidate(
  pairs: readonly LrvPair[],
  k: number,
  toEstimate: (line: LrvLine, y: number) => number,
): LrvErrors {
  const lines = Array.from({ length: k }, (_, fold) => fitLrvLine(pairs.filter((_, i) => i % k !== fold)));
  return lrvErrors(pairs, (p) => toEstimate(lines[pairs.indexOf(p) % k] as LrvLine, p.y));
}
