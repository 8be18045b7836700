import { subscribe } from 'valtio';
import { lightnessBand } from '../../../shared/catalogue/lightness-bands';
import {
  filterKey,
  filterState,
  isFilterActive,
  resetSearch,
  searchState,
  setSearchResults,
  setSearchStatus,
} from '../../stores/filter-store';
import { showToast } from '../../stores/toast-store';
import { isAbortError } from '../../lib/worker-bridge';
import { searchClient } from '../../stores/search-client';

let controller: AbortController | null = null;

/** Asks the worker for the current filters' results; a newer change aborts the query before it. */
function run(): void {
  if (!isFilterActive()) {
    controller?.abort();
    resetSearch();
    return;
  }
  const key = filterKey();
  if (key === searchState.key && searchState.status === 'ready') return;
  controller?.abort();
  const band = lightnessBand(filterState.lightness);
  const query = {
    text: filterState.searchTerm,
    brand: filterState.brand,
    category: filterState.category,
    lrv: band ? { min: band.min, max: band.max } : null,
    undertone: filterState.undertone,
  };
  // A small catalogue is answered here and now: the results render with the keystroke, one frame.
  const now = searchClient.searchNow(query);
  if (now) {
    controller = null;
    setSearchResults(key, now.ids, now.suggestion);
    return;
  }
  const mine = new AbortController();
  controller = mine;
  setSearchStatus('searching');
  searchClient
    .search(query, mine.signal)
    .then((result) => {
      if (!mine.signal.aborted) setSearchResults(key, result.ids, result.suggestion);
    })
    .catch((error: unknown) => {
      if (isAbortError(error) || mine.signal.aborted) return;
      setSearchStatus('error');
      showToast('Search is not available right now', 'error');
    });
}

// Loading this module starts it: whoever imports it (focus in the box, a keystroke, a filter, the
// list) wants answers, so the worker and its index start now, before the first key lands, and
// `searchState` answers `filterState` from then on. Synchronous: the query leaves on the keystroke
// itself, not a microtask later.
searchClient.warm().catch(() => {});
subscribe(filterState, run, true);
run();
