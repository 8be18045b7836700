import { readFileSync } from 'node:fs';
import { type Catalogue, hydrateCatalogue } from '../../../shared/catalogue/catalogue';
import { deriveCatalogue } from '../../../shared/catalogue/derive';
import type { SourceColor } from '../../../shared/catalogue/types';

/**
 * A catalogue rename as it would happen: an earlier build spelt Stiffkey Blue "Stiffky Blue" (id
 * `farrow-ball-stiffky-blue`); the corrected build has the real name and an alias from the old id.
 */
export const OLD_NAME = 'Stiffky Blue';
export const OLD_ID = 'farrow-ball-stiffky-blue';
export const NEW_NAME = 'Stiffkey Blue';
export const NEW_ID = 'farrow-ball-stiffkey-blue';

export const sources = JSON.parse(
  readFileSync(new URL('../../../data/catalogue.json', import.meta.url), 'utf8'),
) as SourceColor[];

/** The build before the correction: the typo is the colour's name, so its id is the old one. */
export function catalogueBeforeRename(): Catalogue {
  return hydrateCatalogue(
    deriveCatalogue(sources.map((s) => (s.colorName === NEW_NAME ? { ...s, colorName: OLD_NAME } : s))),
  );
}

/** The build after it, with the alias the rename added. */
export function catalogueAfterRename(): Catalogue {
  return hydrateCatalogue(deriveCatalogue(sources, { [OLD_ID]: NEW_ID }));
}
