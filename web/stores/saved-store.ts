import { proxy } from 'valtio';

/**
 * Saved palettes, local or on the server (issue 8 fills this in). Other features read the count
 * for the badge and ask for a save through `requestSave`.
 */
export interface SavedPaletteSummary {
  id: string;
  name: string;
  colorIds: string[];
}

export const savedState = proxy<{ palettes: SavedPaletteSummary[] }>({ palettes: [] });

/** The name of the saved palette whose colours are exactly these, in order (for exports). */
export function savedNameFor(colorIds: readonly string[]): string | null {
  const key = colorIds.join(',');
  return savedState.palettes.find((p) => p.colorIds.join(',') === key)?.name ?? null;
}

/** Save button and S key. Placeholder until issue 8 lands. */
export function requestSave(): void {}
