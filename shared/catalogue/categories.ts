import { rgbToHsl, rgbToOklch } from '../color/spaces';
import type { Rgb } from '../color/types';
import type { Category } from './types';

const NEUTRAL_WORDS = /\b(white|grey|gray|beige|taupe|neutral)\b/i;
const has = (name: string, words: RegExp) => words.test(name);

/**
 * The spec's category rules, with dominance decided by OKLCh hue angle rather than the largest RGB
 * channel (which files most yellows, oranges and browns under Reds), and "saturation" measured as
 * chroma over lightness so pale off-whites and dark blue-blacks are judged as the eye sees them.
 */
export function categorize(colorName: string, rgb: Rgb): Category {
  const name = colorName.toLowerCase();
  const { l, c, h } = rgbToOklch(rgb);
  const saturation = l > 0 ? c / l : 0;
  if (rgbToHsl(rgb).s < 0.1 || saturation < 0.04 || has(name, NEUTRAL_WORDS)) return 'Neutrals';

  // Red family: pinks and reds.
  if (h >= 345 || h < 36) {
    if (has(name, /\b(pink|rose)/)) return 'Pinks';
    if (has(name, /\b(orange|terracotta)/)) return 'Oranges';
    if (has(name, /\b(purple|violet|aubergine)/)) return 'Purples';
    if (has(name, /\bbrown/)) return 'Browns';
    if (l >= 0.78) return 'Pinks';
    if (l < 0.5 && c < 0.07) return 'Browns';
    return 'Reds';
  }
  // Warm families hold the stones, plasters and buffs: pale and barely coloured, they read as neutrals.
  const named = /\b(pink|rose|orange|terracotta|yellow|green|brown|red)/.test(name);
  if (h < 110 && c < 0.045 && !named) return 'Neutrals';
  // Orange family: oranges, and the browns that are dark or dull oranges.
  if (h < 75) {
    if (has(name, /\b(pink|rose)/)) return 'Pinks';
    if (has(name, /\byellow/)) return 'Yellows';
    if (has(name, /\bbrown/) || (l < 0.5 && c < 0.12) || (l < 0.68 && c < 0.09)) return 'Browns';
    return 'Oranges';
  }
  // Yellow family, with olives (dull, darker yellow-greens) going to Greens as the spec's 'olive' rule does.
  if (h < 110) {
    if (has(name, /\b(sage|olive|green)/)) return 'Greens';
    if (has(name, /\bbrown/) || (l < 0.55 && c < 0.09)) return 'Browns';
    if (l < 0.7 && c < 0.07) return 'Greens';
    return 'Yellows';
  }
  // Green family.
  if (h < 175) {
    if (has(name, /\b(teal|turquoise)/)) return 'Teals';
    return 'Greens';
  }
  // Teal family: between green and blue.
  if (h < 220) {
    if (has(name, /\b(sage|olive|green)/)) return 'Greens';
    if (has(name, /\b(navy|midnight)/)) return 'Navy';
    if (has(name, /\bblue/) && !has(name, /\b(teal|turquoise)/)) return 'Blues';
    return 'Teals';
  }
  // Blue family: navies are the deep blues.
  if (h < 290) {
    if (has(name, /\b(teal|turquoise)/)) return 'Teals';
    if (has(name, /\b(navy|midnight)/) || (l < 0.4 && c >= 0.04)) return 'Navy';
    if (has(name, /\b(purple|violet|lilac|lavender)/)) return 'Purples';
    return 'Blues';
  }
  // Purple family, shading into pinks at the magenta end.
  if (has(name, /\b(pink|rose)/)) return 'Pinks';
  if (has(name, /\b(blue)/)) return 'Blues';
  if (h >= 325 && l >= 0.7) return 'Pinks';
  return 'Purples';
}
