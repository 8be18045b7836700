import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Catalogue, hydrateCatalogue } from '../../../shared/catalogue/catalogue';
import { deriveCatalogue } from '../../../shared/catalogue/derive';
import type { CatalogueColor, SourceColor } from '../../../shared/catalogue/types';
import { ROOT } from '../../support/server-process';

let catalogue: Catalogue | null = null;

/** The real catalogue, derived from its source file as the build does (so no build step is needed). */
export function realCatalogue(): Catalogue {
  catalogue ??= hydrateCatalogue(
    deriveCatalogue(JSON.parse(readFileSync(join(ROOT, 'data/catalogue.json'), 'utf8')) as SourceColor[]),
  );
  return catalogue;
}

export function colorsById(...ids: string[]): CatalogueColor[] {
  return ids.map((id) => {
    const color = realCatalogue().byId.get(id);
    if (!color) throw new Error(`no catalogue colour ${id}`);
    return color;
  });
}

/** Ten colours with the longest names in the catalogue: the hardest case for any layout. */
export function longestNamed(count = 10): CatalogueColor[] {
  return [...realCatalogue().colors].sort((a, b) => b.colorName.length - a.colorName.length).slice(0, count);
}

/**
 * Names a user could type when saving (markup, quotes, comment ends, control characters, emoji),
 * each with the text a reader should see: the same, less what no text file can hold.
 */
export const HOSTILE_NAMES: ReadonlyArray<{ name: string; shown: string }> = [
  { name: '</text><script>alert(1)</script>', shown: '</text><script>alert(1)</script>' },
  { name: '</style><script>alert(1)</script>', shown: '</style><script>alert(1)</script>' },
  { name: `Tom's "best" & <brightest> */ } :root { --x: 1`, shown: `Tom's "best" & <brightest> */ } :root { --x: 1` },
  { name: 'tab\there\u0001bell\u0007 and a lone \uD800 surrogate', shown: 'tab herebell and a lone surrogate' },
  { name: 'Kitchen 🍋 café', shown: 'Kitchen 🍋 café' },
];
