import { type Catalogue, findByHex } from '../../shared/catalogue/catalogue';
import { pickRandomId } from '../../shared/palette/generate';
import { PALETTE_MAX, PALETTE_MIN } from '../../shared/palette/limits';
import { cryptoRandom } from '../lib/random';
import { getCatalogue } from './catalogue-store';
import { initPalette, replacePalette } from './palette-store';

/**
 * A shared `#palette=` link's colours put on screen: only the session's start and the hash routes
 * (both loaded after the first paint) read such a link, so this is not first-paint code.
 */

/**
 * Catalogue colour ids for the hex codes of a shared #palette= link: case-insensitive, unknown
 * values skipped, at most 10 kept.
 */
export function idsFromHexes(catalogue: Catalogue, hexes: readonly string[]): string[] {
  const ids: string[] = [];
  for (const hex of hexes) {
    const color = findByHex(catalogue, hex);
    if (color) ids.push(color.id);
    if (ids.length === PALETTE_MAX) break;
  }
  return ids;
}

/**
 * Loads a shared link's colours; returns how many matched. A link with 1 or 2 known colours is
 * topped up with random ones so the palette keeps its 3-colour minimum.
 */
export function loadPaletteFromHexes(hexes: readonly string[], options: { initial?: boolean } = {}): number {
  const catalogue = getCatalogue();
  if (!catalogue) return 0;
  const ids = idsFromHexes(catalogue, hexes);
  if (ids.length === 0) return 0;
  const all = catalogue.colors.map((c) => c.id);
  const filled = [...ids];
  while (filled.length < PALETTE_MIN) filled.push(pickRandomId(all, new Set(filled), cryptoRandom));
  if (options.initial) initPalette(filled);
  else replacePalette(filled);
  return ids.length;
}
