import { proxy, ref, subscribe } from 'valtio';
import catalogueUrl from '../../data/generated/catalogue.json?url';
import type { Catalogue } from '../../shared/catalogue/catalogue';
import type { CatalogueColor, CompactCatalogue } from '../../shared/catalogue/types';
import type { FirstScreenPaints } from '../../shared/session/first-paint';

/** The part of the catalogue a rendered page carries (shared/session/first-screen.ts), with its look-up. */
interface FirstScreen {
  byId: ReadonlyMap<string, CatalogueColor>;
  counts: FirstScreenPaints['counts'];
  /** Paints drawn for a Generate before the catalogue arrives; those a palette used are spent. */
  next: FirstScreenPaints['next'] | null;
}

interface CatalogueState {
  /** Of the whole catalogue: 'ready' once it has loaded. */
  status: 'loading' | 'ready' | 'error';
  /** In `ref()`: 447 colours that never change need no proxy tracking. */
  catalogue: Catalogue | null;
  /**
   * On a page the server rendered, until the catalogue arrives: the paints on screen and the
   * category counts, enough to hydrate and answer the first screen's controls (in `ref()`).
   */
  firstScreen: FirstScreen | null;
}

export const catalogueState = proxy<CatalogueState>({ status: 'loading', catalogue: null, firstScreen: null });

/**
 * For `useSyncExternalStore` with one of the readers below: a component then renders again only when
 * what it reads changes. The whole catalogue arriving changes nothing on a rendered page's first
 * screen (it drew from the paints the page carried), and with `useSnapshot` it rendered every strip,
 * the filters and the bars again in one task, the longest a shared palette's page had after its paint.
 */
export const subscribeCatalogue = (onChange: () => void) => subscribe(catalogueState, onChange);
export const catalogueFailed = () => catalogueState.status === 'error';
/** Whether the paints on screen are known: the catalogue's, or those the page carried. */
export const paintsKnown = () => catalogueState.catalogue !== null || catalogueState.firstScreen !== null;

/** A paint on screen: from the catalogue, or before it has loaded from what the page carried. */
export function paintById(id: string): CatalogueColor | undefined {
  return catalogueState.catalogue?.byId.get(id) ?? catalogueState.firstScreen?.byId.get(id);
}

/** URL of the built catalogue file; workers fetch the same cached file. */
export const CATALOGUE_URL = catalogueUrl;

let loading: Promise<Catalogue> | null = null;

async function fetchCatalogueFile(): Promise<CompactCatalogue> {
  const response = await fetch(catalogueUrl);
  if (!response.ok) throw new Error(`catalogue: HTTP ${response.status}`);
  return response.json() as Promise<CompactCatalogue>;
}

/**
 * Loads the catalogue once (the HTML already preloads the file). The code that reads it (and the
 * hex helpers) comes beside it as its own chunk: the first paint draws from the page's own paints.
 */
export function loadCatalogue(): Promise<Catalogue> {
  loading ??= Promise.all([fetchCatalogueFile(), import('../../shared/catalogue/catalogue')])
    .then(([compact, { hydrateCatalogue }]) => {
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
