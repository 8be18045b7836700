import { ref } from 'valtio';
import type { Catalogue } from '../../shared/catalogue/catalogue';
import type { FirstPaint } from '../../shared/session/first-paint';
import { catalogueState } from '../stores/catalogue-store';
import { filterState } from '../stores/filter-store';
import { initPalette, paletteState, replacePalette } from '../stores/palette-store';

/**
 * Puts the stores in the state the page was rendered from: the server before rendering, the
 * browser before hydrating, so both render the same markup.
 */
export function applyFirstPaint(catalogue: Catalogue, paint: FirstPaint): void {
  catalogueState.catalogue = ref(catalogue);
  catalogueState.status = 'ready';
  if (paint.own) {
    // The visitor's palette first, so the shared one is one Undo away (as when the client loaded it).
    initPalette(paint.own.colorIds, paint.own.locked);
    replacePalette(paint.colorIds);
  } else {
    initPalette(paint.colorIds, paint.locked);
  }
  filterState.searchTerm = paint.searchTerm;
  filterState.brand = paint.brand;
  filterState.category = paint.category;
  // The strips paint first even with a remembered search: its results need the search worker,
  // and arrive once the page has hydrated.
  filterState.paletteShown = true;
  paletteState.style = paint.style;
}
