import { proxy, ref } from 'valtio';
import catalogueUrl from '../../data/generated/catalogue.json?url';
import { type Catalogue, hydrateCatalogue } from '../../shared/catalogue/catalogue';
import type { CompactCatalogue } from '../../shared/catalogue/types';

interface CatalogueState {
  status: 'loading' | 'ready' | 'error';
  /** In `ref()`: 447 colours that never change need no proxy tracking. */
  catalogue: Catalogue | null;
}

export const catalogueState = proxy<CatalogueState>({ status: 'loading', catalogue: null });

/** URL of the built catalogue file; workers fetch the same cached file. */
export const CATALOGUE_URL = catalogueUrl;

let loading: Promise<Catalogue> | null = null;

/** Loads the catalogue once (the HTML already preloads the file). */
export function loadCatalogue(): Promise<Catalogue> {
  loading ??= fetch(catalogueUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`catalogue: HTTP ${response.status}`);
      return response.json() as Promise<CompactCatalogue>;
    })
    .then((compact) => {
      const catalogue = hydrateCatalogue(compact);
      catalogueState.catalogue = ref(catalogue);
      catalogueState.status = 'ready';
      return catalogue;
    })
    .catch((error: unknown) => {
      loading = null;
      catalogueState.status = 'error';
      throw error;
    });
  return loading;
}

/** The catalogue once loaded; actions that run after start-up may rely on it. */
export function getCatalogue(): Catalogue | null {
  return catalogueState.catalogue;
}
