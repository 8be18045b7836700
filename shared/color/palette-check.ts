import { filterDeficiencyDeuter, filterDeficiencyProt, filterDeficiencyTrit } from 'culori/fn';
import { deltaE2000 } from './difference';
import { parseHex, rgbToHex } from './hex';
import { rgbToLab } from './spaces';

/**
 * "Check this palette": what a palette will do in a real room, from facts a person can
 * act on. BS 8300 and Approved Document M ask for 30 points of LRV between surfaces that must be
 * told apart (walls, floors, doors, trim) for people with low vision.
 */
export const LRV_CONTRAST_MIN = 30;
/** Below this CIEDE2000, two colours are hard to tell apart. */
export const HARD_TO_TELL_BELOW = 10;

export interface CheckColor {
  id: string;
  name: string;
  brand: string;
  hex: string;
  lrv: number;
  lrvEstimated: boolean;
  undertone: 'warm' | 'cool' | 'neutral';
  finishes: readonly string[];
}

export interface Pair {
  a: CheckColor;
  b: CheckColor;
  value: number;
}

const pairs = (colors: readonly CheckColor[]) =>
  colors.flatMap((a, i) => colors.slice(i + 1).map((b) => [a, b] as const));

/** The paints from light to dark, and every pair less than 30 LRV points apart, closest first. */
export function lrvLadder(colors: readonly CheckColor[]): { ladder: CheckColor[]; closePairs: Pair[] } {
  const ladder = [...colors].sort((x, y) => y.lrv - x.lrv);
  const closePairs = pairs(ladder)
    .map(([a, b]) => ({ a, b, value: Math.abs(a.lrv - b.lrv) }))
    .filter((p) => p.value < LRV_CONTRAST_MIN)
    .sort((x, y) => x.value - y.value);
  return { ladder, closePairs };
}

export const DEFICIENCIES = ['protanopia', 'deuteranopia', 'tritanopia'] as const;
export type Deficiency = (typeof DEFICIENCIES)[number];

// Full severity: the dichromat's view (Machado, Oliveira & Fernandes 2009, as culori implements it).
const FILTERS = {
  protanopia: filterDeficiencyProt(1),
  deuteranopia: filterDeficiencyDeuter(1),
  tritanopia: filterDeficiencyTrit(1),
};

/** The hex a person with this colour vision deficiency sees for `hex`. */
function simulate(kind: Deficiency, hex: string): string {
  const rgb = parseHex(hex) ?? { r: 0, g: 0, b: 0 };
  const seen = FILTERS[kind]({ mode: 'rgb', r: rgb.r / 255, g: rgb.g / 255, b: rgb.b / 255 });
  return rgbToHex({ r: seen.r * 255, g: seen.g * 255, b: seen.b * 255 });
}

/** Each paint as seen with `kind`, and the pairs that then fall under ΔE00 10. */
export function deficiencyView(kind: Deficiency, colors: readonly CheckColor[]): { seen: string[]; hardPairs: Pair[] } {
  const seen = colors.map((c) => simulate(kind, c.hex));
  const labs = new Map(colors.map((c, i) => [c.id, rgbToLab(parseHex(seen[i] as string) ?? { r: 0, g: 0, b: 0 })]));
  const hardPairs = pairs(colors)
    .map(([a, b]) => ({ a, b, value: deltaE2000(labs.get(a.id)!, labs.get(b.id)!) }))
    .filter((p) => p.value < HARD_TO_TELL_BELOW)
    .sort((x, y) => x.value - y.value);
  return { seen, hardPairs };
}

/** How many paints lean warm, cool or neither. */
export function undertoneCounts(colors: readonly CheckColor[]): Record<CheckColor['undertone'], number> {
  const counts = { warm: 0, cool: 0, neutral: 0 };
  for (const c of colors) counts[c.undertone]++;
  return counts;
}
