import { expose, transfer } from 'comlink';
import { type Catalogue, hydrateCatalogue } from '../shared/catalogue/catalogue';
import type { CompactCatalogue } from '../shared/catalogue/types';
import { type ClosestGroup, closestInOtherBrands } from './closest-colors';
import {
  type CompactSearchIndex,
  compactBuffers,
  compactSearchIndex,
  copyCompactIndex,
  MAIN_THREAD_MAX,
  openSearchIndex,
  type SearchIndex,
  type DocsResult,
  type SearchQuery,
} from './search-index';

let ready: Promise<{ catalogue: Catalogue; compact: CompactSearchIndex; index: SearchIndex }> | null = null;
let latest = 0;
const COALESCE_ABOVE = 5000;

// A macrotask lets newer queries that are already queued run their first line (and bump `latest`).
const yieldToQueue = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

const api = {
  /** Fetches the catalogue (the page already has it cached) and builds the index, once. */
  /** Returns the catalogue's size and end ids, so the page can check it reads positions in the same file. */
  async init(catalogueUrl: string): Promise<{ size: number; firstId?: string; lastId?: string }> {
    ready ??= fetch(catalogueUrl)
      .then((response) => {
        if (!response.ok) throw new Error(`catalogue: HTTP ${response.status}`);
        return response.json() as Promise<CompactCatalogue>;
      })
      .then((compact) => {
        const catalogue = hydrateCatalogue(compact);
        const index = compactSearchIndex(catalogue.colors);
        return { catalogue, compact: index, index: openSearchIndex(index) };
      });
    ready.catch(() => {
      ready = null;
    });
    const { catalogue } = await ready;
    return { size: catalogue.colors.length, firstId: catalogue.colors[0]?.id, lastId: catalogue.colors.at(-1)?.id };
  },

  /**
   * For a catalogue small enough to query in the keystroke's own frame, a copy of the index, moved
   * (not cloned) to the page; null when the worker should keep answering.
   */
  async transferIndex(): Promise<CompactSearchIndex | null> {
    if (!ready) throw new Error('search worker: init first');
    const { compact } = await ready;
    if (compact.size > MAIN_THREAD_MAX) return null;
    const copy = copyCompactIndex(compact);
    return transfer(copy, compactBuffers(copy));
  },

  /**
   * Answers one query as catalogue positions, moved (not cloned) to the page: 50 000 matches are one
   * buffer, not 50 000 strings to copy on the main thread. Null when a newer query arrived meanwhile.
   */
  async search(seq: number, query: SearchQuery): Promise<DocsResult | null> {
    latest = Math.max(latest, seq);
    if (!ready) throw new Error('search worker: init first');
    const { index } = await ready;
    // Below a few thousand colours a query costs less than the hop that would reveal a newer one.
    if (index.size > COALESCE_ABOVE) await yieldToQueue();
    if (seq !== latest) return null;
    const result = index.searchDocs(query);
    return transfer(result, [result.docs.buffer]);
  },

  async closest(colorId: string, perBrand = 3): Promise<ClosestGroup[]> {
    if (!ready) throw new Error('search worker: init first');
    const { catalogue } = await ready;
    return closestInOtherBrands(catalogue.colors, colorId, perBrand);
  },
};

export type SearchApi = typeof api;

expose(api);
