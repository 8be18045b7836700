/**
 * How people choose paint by light reflectance: five bands on the LRV cuts the catalogue's
 * descriptions use (70, 50, 25, 10), so a filter and a description never disagree.
 */
export const LIGHTNESS_BANDS = [
  { id: 'very-light', label: 'Very light', min: 70, max: 101 },
  { id: 'light', label: 'Light', min: 50, max: 70 },
  { id: 'mid', label: 'Mid-tone', min: 25, max: 50 },
  { id: 'dark', label: 'Dark', min: 10, max: 25 },
  { id: 'very-dark', label: 'Very dark', min: 0, max: 10 },
] as const;

export type LightnessBand = (typeof LIGHTNESS_BANDS)[number]['id'];

export function lightnessBand(id: unknown): (typeof LIGHTNESS_BANDS)[number] | undefined {
  return LIGHTNESS_BANDS.find((b) => b.id === id);
}

/** The band with its LRV numbers, as the filter shows it: 'Light (LRV 50–69)'. */
export function lightnessLabel(band: (typeof LIGHTNESS_BANDS)[number]): string {
  if (band.max > 100) return `${band.label} (LRV ${band.min}+)`;
  if (band.min === 0) return `${band.label} (LRV under ${band.max})`;
  return `${band.label} (LRV ${band.min}–${band.max - 1})`;
}

export const UNDERTONE_LABELS = {
  warm: 'Warm undertone',
  cool: 'Cool undertone',
  neutral: 'Neutral undertone',
} as const;
