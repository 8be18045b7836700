import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deriveCatalogue } from '../../shared/catalogue/derive';
import type { SourceColor } from '../../shared/catalogue/types';
import { CATALOGUE_PATH } from '../catalogue-file';

// `npm run catalogue`: data/catalogue.json (facts) → data/generated/catalogue.json (what the app loads).
const sourcePath = fileURLToPath(new URL('../../data/catalogue.json', import.meta.url));
const started = performance.now();
const sources = JSON.parse(readFileSync(sourcePath, 'utf8')) as SourceColor[];
const text = `${JSON.stringify(deriveCatalogue(sources))}\n`;
let previous = '';
try {
  previous = readFileSync(CATALOGUE_PATH, 'utf8');
} catch {}
// Rewrite only on change so the SPA build's freshness check is not fooled by a new mtime.
if (previous !== text) {
  mkdirSync(dirname(CATALOGUE_PATH), { recursive: true });
  writeFileSync(CATALOGUE_PATH, text);
}
const ms = (performance.now() - started).toFixed(0);
console.log(`catalogue: ${sources.length} colours → data/generated/catalogue.json (${text.length} bytes, ${ms} ms)`);
