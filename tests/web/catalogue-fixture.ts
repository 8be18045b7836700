import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ref } from 'valtio';
import { type Catalogue, hydrateCatalogue } from '../../shared/catalogue/catalogue';
import type { CompactCatalogue } from '../../shared/catalogue/types';
import { catalogueState } from '../../web/stores/catalogue-store';
import { ROOT } from '../support/server-process';

/** The real built catalogue (`npm run catalogue`), loaded into the app's store as the app does. */
export function loadRealCatalogue(): Catalogue {
  const compact = JSON.parse(readFileSync(join(ROOT, 'data/generated/catalogue.json'), 'utf8')) as CompactCatalogue;
  const catalogue = hydrateCatalogue(compact);
  catalogueState.catalogue = ref(catalogue);
  catalogueState.status = 'ready';
  return catalogue;
}
