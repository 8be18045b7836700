import { proxy, ref } from 'valtio';
import type { LightnessBand } from '../../shared/catalogue/lightness-bands';
import type { Brand, Category, Undertone } from '../../shared/catalogue/types';

/**
 * The catalogue search and filters (supplier, category, lightness by LRV, undertone). Any of them
 * active replaces the strips with results.
 */
export const filterState = proxy({
  searchTerm: '',
  brand: null as Brand | null,
  category: null as Category | null,
  lightness: null as LightnessBand | null,
  undertone: null as Undertone | null,
  /**
   * Generate brought the palette back while a supplier or category stays chosen: the palette shows,
   * the chips stay, and each Generate draws from those paints. Any filter change shows results again.
   */
  paletteShown: false,
});

/**
 * The answer to the current filters, kept apart from `filterState` so that results arriving do not
 * look like a filter change to its subscribers (session restore saves on every filter change).
 */
export const searchState = proxy({
  /** `filterKey()` of the query these ids answer; the list shows them until newer ones arrive. */
  key: '',
  /** Best first; in `ref()` because up to the whole catalogue arrives at once and never changes. */
  ids: ref([] as string[]) as readonly string[],
  status: 'idle' as 'idle' | 'searching' | 'ready' | 'error',
  /** When nothing matches: what the person probably meant ('Hague Blue'), offered as a search. */
  suggestion: null as string | null,
});

export function isFilterActive(): boolean {
  return (
    filterState.searchTerm.trim() !== '' ||
    filterState.brand !== null ||
    filterState.category !== null ||
    filterState.lightness !== null ||
    filterState.undertone !== null
  );
}

/** Whether the results list replaces the palette: a filter is active and Generate has not brought the palette back. */
export function resultsShown(): boolean {
  return isFilterActive() && !filterState.paletteShown;
}

/** Generate: the search words are done with, the supplier and category go on shaping palettes. */
export function showPalette(): void {
  filterState.searchTerm = '';
  filterState.paletteShown = true;
}

export function showResults(): void {
  filterState.paletteShown = false;
}

/** Identifies what the filters ask for: equal keys give equal results. */
export function filterKey(): string {
  const key: unknown[] = [filterState.searchTerm.trim(), filterState.brand, filterState.category];
  // The later filters join the key only when chosen: the key of the first three stays as it was.
  if (filterState.lightness !== null || filterState.undertone !== null) {
    key.push(filterState.lightness, filterState.undertone);
  }
  return JSON.stringify(key);
}

// Changing what is asked for shows the answer (typing, or choosing a supplier or category).
export function setSearchTerm(term: string): void {
  if (term !== filterState.searchTerm) filterState.paletteShown = false;
  filterState.searchTerm = term;
}

export function setBrand(brand: Brand | null): void {
  if (brand !== filterState.brand) filterState.paletteShown = false;
  filterState.brand = brand;
}

export function setCategory(category: Category | null): void {
  if (category !== filterState.category) filterState.paletteShown = false;
  filterState.category = category;
}

export function setLightness(lightness: LightnessBand | null): void {
  if (lightness !== filterState.lightness) filterState.paletteShown = false;
  filterState.lightness = lightness;
}

export function setUndertone(undertone: Undertone | null): void {
  if (undertone !== filterState.undertone) filterState.paletteShown = false;
  filterState.undertone = undertone;
}

/** 'Clear all', and what adding a colour does, so the new colour is in view. */
export function clearFilters(): void {
  filterState.searchTerm = '';
  filterState.brand = null;
  filterState.category = null;
  filterState.lightness = null;
  filterState.undertone = null;
  filterState.paletteShown = false;
}

export function setSearchResults(key: string, ids: readonly string[], suggestion?: string): void {
  searchState.ids = ref(ids as string[]);
  searchState.suggestion = suggestion ?? null;
  searchState.key = key;
  searchState.status = 'ready';
}

export function setSearchStatus(status: 'searching' | 'error'): void {
  searchState.status = status;
}

/** No filter any more: forget the last answer, so the list never shows it for the next search. */
export function resetSearch(): void {
  if (searchState.key === '' && searchState.status === 'idle') return;
  searchState.ids = ref([]);
  searchState.key = '';
  searchState.suggestion = null;
  searchState.status = 'idle';
}
