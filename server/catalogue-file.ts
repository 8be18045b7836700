import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Catalogue, hydrateCatalogue } from '../shared/catalogue/catalogue';
import type { CompactCatalogue } from '../shared/catalogue/types';

/** Where `npm run catalogue` writes the derived catalogue. */
export const CATALOGUE_PATH = fileURLToPath(new URL('../data/generated/catalogue.json', import.meta.url));

export function loadCatalogue(path: string = CATALOGUE_PATH): Catalogue {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new Error(`No catalogue at ${path}: run \`npm run catalogue\` first.`);
  }
  return hydrateCatalogue(JSON.parse(text) as CompactCatalogue);
}
