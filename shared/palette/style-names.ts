/**
 * The palette styles' names, apart from their code: the first screen's select needs only these,
 * the generators (palette-styles.ts) load when a style other than Random is chosen.
 */
export const PALETTE_STYLES = [
  'Random',
  'Harmonious',
  'Tonal',
  'Analogous',
  'Complementary',
  'Neutral + accent',
] as const;
export type PaletteStyle = (typeof PALETTE_STYLES)[number];

export function isPaletteStyle(value: unknown): value is PaletteStyle {
  return PALETTE_STYLES.includes(value as PaletteStyle);
}
