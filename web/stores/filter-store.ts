import { proxy, ref } from 'valtio';
import type { Brand, Category } from '../../shared/catalogue/types';

/** The catalogue search and filters (spec §2). Any of them active replaces the strips with results. */
export const filterState = proxy({
  searchTerm: '',
  brand: null as Brand | null,
  category: null as Category | null,
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
});

export function isFilterActive(): boolean {
  return filterState.searchTerm.trim() !== '' || filterState.brand !== null || filterState.category !== null;
}

/** Identifies what the filters ask for: equal keys give equal results. */
export function filterKey(): string {
  return JSON.stringify([filterState.searchTerm.trim(), filterState.brand, filterState.category]);
}

export function setSearchTerm(term: string): void {
  filterState.searchTerm = term;
}

export function setBrand(brand: Brand | null): void {
  filterState.brand = brand;
}

export function setCategory(category: Category | null): void {
  filterState.category = category;
}

/** 'Clear all', and what adding a colour does (spec §4). */
export function clearFilters(): void {
  filterState.searchTerm = '';
  filterState.brand = null;
  filterState.category = null;
}

export function setSearchResults(key: string, ids: readonly string[]): void {
  searchState.ids = ref(ids as string[]);
  searchState.key = key;
  searchState.status = 'ready';
}

export function setSearchStatus(status: 'searching' | 'error'): void {
  searchState.status = status;
}
