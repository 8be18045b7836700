import type { CatalogueColor } from '../../shared/catalogue/types';
import { paletteHash } from '../../shared/export/palette-hash';
import { copyText } from '../lib/clipboard';
import { paintById } from './catalogue-store';
import { resultsShown } from './filter-store';
import { paletteState } from './palette-store';
import { savedNameFor } from './saved-store';

/**
 * Share and export of the current palette. This module is in the first paint (the bar, the footer's
 * Share, the E key), so it only gathers the palette; features/export/start-export.ts fetches the
 * writers, the PNG worker and downloads on first use (a store imports no feature).
 */
export type ExportFormat = 'png' | 'svg' | 'json' | 'css' | 'ase' | 'gpl' | 'swatches' | 'paint-list';

/** The current palette's catalogue colours, in order; null while there is none to share. */
export function currentColors(): CatalogueColor[] | null {
  const colors = paletteState.slots.flatMap((s) => paintById(s.colorId) ?? []);
  return colors.length > 0 ? colors : null;
}

/** The bar and the E key act only on a palette on screen, not on search results. */
export function canExport(): boolean {
  return currentColors() !== null && !resultsShown();
}

/** `{origin}/#palette=hex-hex-…` (hex without '#', dash separated), or null without a palette. */
function paletteLink(): string | null {
  const colors = currentColors();
  if (!colors) return null;
  return `${location.origin}/${paletteHash(colors.map((c) => c.hexCode))}`;
}

/** Phones and tablets with a share sheet get it; desktops copy (their share sheets are clumsy). */
function hasShareSheet(): boolean {
  return typeof navigator.share === 'function' && matchMedia('(pointer: coarse)').matches;
}

/**
 * Share button: copies `{origin}/#palette=hex-hex-…`, or opens the Web Share sheet on phones.
 * Answers whether the copy worked, for the caller's toast; undefined when nothing was copied (no
 * palette, or the share sheet, which speaks for itself).
 */
export async function sharePaletteLink(): Promise<boolean | undefined> {
  // Nothing awaits before the share or copy call: browsers allow both only during the user's tap.
  const url = paletteLink();
  if (!url) return;
  if (hasShareSheet()) {
    const colors = currentColors() ?? [];
    try {
      await navigator.share({ title: savedNameFor(colors.map((c) => c.id)) ?? 'Swatchbook palette', url });
      return;
    } catch (error) {
      // Closing the sheet is a choice, not a failure; anything else falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  return copyText(url);
}
