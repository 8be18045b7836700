import type { Lab } from './types';

/**
 * The two-colour harmony model of Ou & Luo (2006, Color Research & Application 31(3), 191–204),
 * from the formulas in shared/reference/ou-luo-2006-harmony.md. CH > 0 reads as harmonious.
 */

const RAD = Math.PI / 180;

/** CIELAB chroma C*ab. */
export function chromaOf({ a, b }: Lab): number {
  return Math.hypot(a, b);
}

/** CIELAB hue angle h_ab in degrees, 0 to 360 (0 for a perfect grey). */
export function hueOf({ a, b }: Lab): number {
  const h = Math.atan2(b, a) / RAD;
  return h < 0 ? h + 360 : h;
}

/** What a colour brings on its own, computed once per colour so a pair costs a few tanh calls. */
export interface HarmonyTerms {
  l: number;
  a: number;
  b: number;
  c: number;
  /** H_SY: the hue effect of this colour alone. */
  hsy: number;
}

/** H_SY = E_C · (H_S + E_Y), the per-colour hue effect. */
export function hueEffect(lab: Lab): number {
  const c = chromaOf(lab);
  const h = hueOf(lab);
  const ec = 0.5 + 0.5 * Math.tanh(-2 + 0.5 * c);
  const hs = -0.08 - 0.14 * Math.sin((h + 50) * RAD) - 0.07 * Math.sin((2 * h + 90) * RAD);
  // The exponent is in degrees over 10, as the model publishes it: E_Y peaks near yellow (h ≈ 90°).
  const x = (90 - h) / 10;
  const ey = ((0.22 * lab.l - 12.8) / 10) * Math.exp(x - Math.exp(x));
  return ec * (hs + ey);
}

export function harmonyTerms(lab: Lab): HarmonyTerms {
  return { l: lab.l, a: lab.a, b: lab.b, c: chromaOf(lab), hsy: hueEffect(lab) };
}

/** CH of two colours from their precomputed terms. */
export function harmonyOfTerms(x: HarmonyTerms, y: HarmonyTerms): number {
  const dcab = x.c - y.c;
  const da = x.a - y.a;
  const db = x.b - y.b;
  // (ΔH*ab)² can dip below 0 by rounding for near-identical hues.
  const dh2 = Math.max(0, da * da + db * db - dcab * dcab);
  const deltaC = Math.sqrt(dh2 + (dcab / 1.46) ** 2);
  const hc = 0.04 + 0.53 * Math.tanh(0.8 - 0.045 * deltaC);
  const hlSum = 0.28 + 0.54 * Math.tanh(-3.88 + 0.029 * (x.l + y.l));
  const hdL = 0.14 + 0.15 * Math.tanh(-2 + 0.2 * Math.abs(x.l - y.l));
  return hc + hlSum + hdL + x.hsy + y.hsy;
}

/** CH = H_C + H_L + H_H for two CIELAB colours. */
export function harmony(x: Lab, y: Lab): number {
  return harmonyOfTerms(harmonyTerms(x), harmonyTerms(y));
}

/** The mean CH over every pair of a palette: the model's summary for more than two colours. */
export function paletteHarmony(labs: readonly Lab[]): number {
  const terms = labs.map(harmonyTerms);
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < terms.length; i++) {
    for (let j = i + 1; j < terms.length; j++) {
      sum += harmonyOfTerms(terms[i] as HarmonyTerms, terms[j] as HarmonyTerms);
      pairs++;
    }
  }
  return pairs === 0 ? 0 : sum / pairs;
}
