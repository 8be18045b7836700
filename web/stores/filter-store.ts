import { proxy } from 'valtio';
import type { Brand, Category } from '../../shared/catalogue/types';

/** The catalogue search and filters (spec §2). Any of them active replaces the strips with results. */
export const filterState = proxy({
  searchTerm: '',
  brand: null as Brand | null,
  category: null as Category | null,
});

export function isFilterActive(): boolean {
  return filterState.searchTerm.trim() !== '' || filterState.brand !== null || filterState.category !== null;
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
