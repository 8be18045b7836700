import { rgbToHsl, rgbToOklch } from '../color/spaces';
import type { Rgb } from '../color/types';
import type { Category } from './types';

const NEUTRAL_WORDS = /\b(white|grey|gray|beige|taupe|neutral)\b/i;
const has = (name: string, words: RegExp) => words.test(name);

/** OKLCh hue arcs [from, to) in degrees; `from > to` wraps through 0. */
type Arc = readonly [number, number];
const inArc = (h: number, [from, to]: Arc) => (from <= to ? h >= from && h < to : h >= from || h < to);

/**
 * Hue words a supplier puts in a name, with the arcs of OKLCh hue a swatch of that family can have.
 * The arcs are generous (a "pink" may be peachy, a "green" may be a yellowish sage): the name is
 * believed unless the swatch is clearly another colour.
 */
const NAMED_FAMILIES: ReadonlyArray<{ word: RegExp; category: Category; arcs: readonly Arc[] }> = [
  { word: /\b(pink|rose|blush)/, category: 'Pinks', arcs: [[330, 75]] },
  { word: /\b(red|crimson|scarlet|claret)\b/, category: 'Reds', arcs: [[340, 50]] },
  { word: /\b(orange|terracotta)/, category: 'Oranges', arcs: [[25, 85]] },
  { word: /\b(yellow)/, category: 'Yellows', arcs: [[65, 115]] },
  { word: /\b(green|sage|olive)/, category: 'Greens', arcs: [[80, 205]] },
  { word: /\b(teal|turquoise)/, category: 'Teals', arcs: [[160, 230]] },
  { word: /\b(navy|midnight)/, category: 'Navy', arcs: [[200, 290]] },
  { word: /\b(blue)/, category: 'Blues', arcs: [[180, 290]] },
  { word: /\b(purple|violet|lilac|lavender|aubergine|plum)/, category: 'Purples', arcs: [[280, 20]] },
  { word: /\b(brown)/, category: 'Browns', arcs: [[20, 110]] },
];

/** The family the name states, if the swatch agrees with it; the first word that fits wins. */
function namedFamily(name: string, h: number, c: number): Category | null {
  // Below this chroma a swatch has no hue a person could see, so it cannot confirm a hue word.
  if (c < 0.015) return null;
  let first: { at: number; category: Category } | null = null;
  for (const family of NAMED_FAMILIES) {
    const match = family.word.exec(name);
    if (!match || !family.arcs.some((arc) => inArc(h, arc))) continue;
    if (!first || match.index < first.at) first = { at: match.index, category: family.category };
  }
  return first?.category ?? null;
}

/**
 * The twelve categories' keyword and saturation rules, with dominance decided by OKLCh hue angle rather than the largest RGB
 * channel (which files most yellows, oranges and browns under Reds), and "saturation" measured as
 * chroma over lightness so pale off-whites and dark blue-blacks are judged as the eye sees them.
 * Order matters: near-blacks and near-whites first, then a hue word in the name the swatch agrees
 * with, then the lightness and chroma rules.
 */
export function categorize(colorName: string, rgb: Rgb): Category {
  const name = colorName.toLowerCase();
  const { l, c, h } = rgbToOklch(rgb);
  // A black or white with a faint tint is still bought as a black or a white.
  if ((l < 0.3 && c < 0.02) || (l > 0.96 && c < 0.03)) return 'Neutrals';
  const named = namedFamily(name, h, c);
  // Dark, low-lightness blues are navies, whatever the supplier's word for blue.
  if (named === 'Blues' && l < 0.4) return 'Navy';
  if (named) return named;
  const saturation = l > 0 ? c / l : 0;
  // Cool tints read as soft blues and greens at a chroma where warm ones still read as stone or cream.
  const coolTint = h >= 130 && h < 300 && c >= 0.022;
  if (has(name, NEUTRAL_WORDS) || (!coolTint && (rgbToHsl(rgb).s < 0.1 || saturation < 0.04))) return 'Neutrals';

  // Red family: pinks and reds.
  if (h >= 345 || h < 36) {
    if (has(name, /\bbrown/)) return 'Browns';
    // Pink is a light red; bluish reds read as pink from a little lower down.
    if (l >= 0.7 || ((h >= 345 || h < 8) && l >= 0.6)) return 'Pinks';
    if (l < 0.5 && c < 0.07) return 'Browns';
    return 'Reds';
  }
  // Warm families hold the stones, plasters and buffs: pale and barely coloured, they read as neutrals.
  if (h < 110 && c < 0.045) return 'Neutrals';
  // Orange family: oranges, and the browns that are dark or dull oranges.
  if (h < 75) {
    if (has(name, /\bbrown/) || (l < 0.5 && c < 0.12) || (l < 0.68 && c < 0.09)) return 'Browns';
    return 'Oranges';
  }
  // Yellow family, with olives (dull, darker yellow-greens) going to Greens as names with 'olive' do.
  if (h < 110) {
    if (has(name, /\bbrown/) || (l < 0.55 && c < 0.09)) return 'Browns';
    if (l < 0.7 && c < 0.07) return 'Greens';
    return 'Yellows';
  }
  // Green family.
  if (h < 175) return 'Greens';
  // Teal family: between green and blue.
  if (h < 220) return 'Teals';
  // Blue family: navies are the deep blues.
  if (h < 290) return l < 0.4 && c >= 0.02 ? 'Navy' : 'Blues';
  // Purple family, shading into pinks at the magenta end.
  if (h >= 325 && l >= 0.7) return 'Pinks';
  return 'Purples';
}
