import { ref } from 'valtio';
import { loadCatalogue } from '../../server/catalogue-file';
import type { Catalogue } from '../../shared/catalogue/catalogue';
import { catalogueState } from '../../web/stores/catalogue-store';

/** The real built catalogue (`npm run catalogue`), loaded into the app's store as the app does. */
export function loadRealCatalogue(): Catalogue {
  const catalogue = loadCatalogue();
  catalogueState.catalogue = ref(catalogue);
  catalogueState.status = 'ready';
  return catalogue;
}
