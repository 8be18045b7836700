import type { Remote } from 'comlink';
import type { CatalogueColor } from '../../shared/catalogue/types';
import type { ClosestGroup } from '../../workers/closest-colors';
import type { SearchQuery, SearchResult } from '../../workers/search-index';
import type { SearchApi } from '../../workers/search.worker';
import { abortError, WorkerBridge } from '../lib/worker-bridge';
import { CATALOGUE_URL, loadCatalogue } from './catalogue-store';

export type { ClosestGroup, SearchQuery, SearchResult };

interface Backend {
  /** 'worker': the worker answers; 'main-thread': the page answers from an index in hand (see `now`). */
  kind: 'worker' | 'main-thread';
  /** Answers synchronously, in the keystroke's own task; absent when only the worker can answer. */
  now?: (query: SearchQuery) => SearchResult;
  search(seq: number, query: SearchQuery, signal?: AbortSignal): Promise<SearchResult | null>;
  closest(colorId: string, perBrand: number): Promise<ClosestGroup[]>;
}

export interface SearchClientOptions {
  catalogueUrl: string;
  /** The catalogue the page loads anyway: what the main-thread fallback indexes. */
  loadColors: () => Promise<readonly CatalogueColor[]>;
  /** Absent, throwing, or a worker that fails: the same pure modules run on the main thread. */
  createWorker?: () => Worker;
}

export function createSearchClient(options: SearchClientOptions) {
  let backend: Promise<Backend> | null = null;
  /** The backend once started: a query then leaves synchronously, inside the keystroke's own task. */
  let started: Backend | null = null;
  let seq = 0;

  async function mainThreadBackend(): Promise<Backend> {
    // No worker: the page builds the index itself.
    const [{ buildSearchIndex }, { closestInOtherBrands }, colors] = await Promise.all([
      import('../../workers/search-index'),
      import('../../workers/closest-colors'),
      options.loadColors(),
    ]);
    const index = buildSearchIndex(colors);
    return {
      kind: 'main-thread',
      now: index.search,
      search: async (_seq, query) => index.search(query),
      closest: async (id, n) => closestInOtherBrands(colors, id, n),
    };
  }

  // No idle shutdown: the worker keeps the index it built for the page's life.
  const bridge = new WorkerBridge<SearchApi, Backend>({
    name: 'search',
    createWorker: options.createWorker,
    loadFallback: mainThreadBackend,
  });

  async function workerBackend(remote: Remote<SearchApi>): Promise<Backend> {
    const [info, colors] = await Promise.all([remote.init(options.catalogueUrl), options.loadColors()]);
    // The worker answers with positions in its copy of the catalogue: it must be the page's.
    if (info.size !== colors.length || info.firstId !== colors[0]?.id || info.lastId !== colors.at(-1)?.id) {
      throw new Error('The search worker read a different catalogue');
    }
    const closest = (id: string, n: number) =>
      bridge.call({ worker: (api) => api.closest(id, n), mainThread: (local) => local.closest(id, n) });
    // A small catalogue: the worker built the index, the page answers from it (no hop per keystroke).
    const [compact, { openSearchIndex }] = await Promise.all([
      remote.transferIndex(),
      import('../../workers/search-index'),
    ]);
    if (compact) {
      const index = openSearchIndex(compact);
      return { kind: 'main-thread', now: index.search, search: async (_s, q) => index.search(q), closest };
    }
    const search = (s: number, q: SearchQuery, signal?: AbortSignal) =>
      bridge.call({
        worker: async (api): Promise<SearchResult | null> => {
          const answer = await api.search(s, q);
          if (!answer) return null;
          // Positions to ids here: no scores cross over (the list does not show them). A plain loop:
          // `Array.from` over a typed array with a map function is 6–12× slower (4.5–8.5 ms against 0.7 ms
          // for 40 000 answers in Node), and a one-letter query on a large catalogue answers that many.
          const { docs } = answer;
          const ids = new Array<string>(docs.length);
          for (let i = 0; i < docs.length; i++) ids[i] = (colors[docs[i] as number] as CatalogueColor).id;
          return answer.suggestion === undefined
            ? { ids, scores: [] }
            : { ids, scores: [], suggestion: answer.suggestion };
        },
        mainThread: (local) => local.search(s, q),
        signal,
      });
    return { kind: 'worker', search, closest };
  }

  function start(): Promise<Backend> {
    if (!backend) {
      const mine = bridge.call({ worker: workerBackend, mainThread: (local) => local });
      backend = mine;
      mine.then(
        (b) => {
          if (backend === mine) started = b;
        },
        // Neither could start (e.g. the catalogue did not load): the next query tries again.
        () => {
          if (backend === mine) backend = null;
        },
      );
    }
    return backend;
  }

  return {
    /**
     * Starts the worker and its index ahead of the first query (e.g. when the search box gets focus);
     * says which side will answer: the worker, or the page from an index in hand.
     */
    async warm(): Promise<'worker' | 'main-thread'> {
      return (await start()).kind;
    },

    /**
     * The answer now, in the caller's task, when the page holds the index (a small catalogue); null
     * when it must come from the worker (use `search`). It supersedes any query still in flight.
     */
    searchNow(query: SearchQuery): SearchResult | null {
      const now = started?.now;
      if (!now) return null;
      seq++;
      return now(query);
    },

    /**
     * Each call supersedes the one before: the older promise rejects with an AbortError (as it does
     * when `signal` aborts), and the worker skips it if it has not started on it yet.
     */
    async search(query: SearchQuery, signal?: AbortSignal): Promise<SearchResult> {
      const mine = ++seq;
      const stale = () => mine !== seq || signal?.aborted === true;
      // Posted before React renders the keystroke, the worker's answer can be back before the next frame.
      let b = started;
      if (!b) {
        b = await start();
        if (stale()) throw abortError();
      }
      const result = await b.search(mine, query, signal);
      if (result === null || stale()) throw abortError();
      return result;
    },

    async closest(colorId: string, perBrand = 3): Promise<ClosestGroup[]> {
      return (await start()).closest(colorId, perBrand);
    },
  };
}

export const searchClient = createSearchClient({
  catalogueUrl: CATALOGUE_URL,
  loadColors: () => loadCatalogue().then((catalogue) => catalogue.colors),
  createWorker: () => new Worker(new URL('../../workers/search.worker.ts', import.meta.url), { type: 'module' }),
});
