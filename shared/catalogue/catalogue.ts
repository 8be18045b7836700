import { normalizeHex } from '../color/hex';
import type { CatalogueColor, Category, CompactCatalogue } from './types';

/** The loaded catalogue with the look-ups every part of the product needs. */
export interface Catalogue {
  readonly colors: readonly CatalogueColor[];
  /** By id; a retired id (a catalogue rename, id-aliases.ts) answers with the colour it became. */
  readonly byId: ReadonlyMap<string, CatalogueColor>;
  /** The current id for a stored one (itself when current), or undefined for an id we never had. */
  readonly currentId: (id: string) => string | undefined;
  /** Canonical `#RRGGBB` → colours with that hex (a few suppliers share a swatch value). */
  readonly byHex: ReadonlyMap<string, readonly CatalogueColor[]>;
  /** How many paints each category holds, per supplier and ('') of all: the category select's labels. */
  readonly counts: CategoryCounts;
}

export type CategoryCounts = Record<string, Partial<Record<Category, number>>>;

function countCategories(colors: readonly CatalogueColor[]): CategoryCounts {
  const counts: CategoryCounts = {};
  for (const { brand, category } of colors) {
    for (const key of ['', brand]) {
      counts[key] ??= {};
      counts[key][category] = (counts[key][category] ?? 0) + 1;
    }
  }
  return counts;
}

export function hydrateCatalogue(compact: CompactCatalogue): Catalogue {
  if (compact?.version !== 1 || !Array.isArray(compact.colors)) throw new Error('Unsupported catalogue file');
  const colors: CatalogueColor[] = compact.colors.map(({ finishSet, ...rest }) => ({
    ...rest,
    finishes: compact.finishSets[finishSet] ?? [],
  }));
  const byId = new Map(colors.map((c) => [c.id, c]));
  for (const [old, current] of Object.entries(compact.aliases ?? {})) {
    const color = byId.get(current);
    if (color && !byId.has(old)) byId.set(old, color);
  }
  const byHex = new Map<string, CatalogueColor[]>();
  for (const color of colors) {
    const list = byHex.get(color.hexCode) ?? [];
    list.push(color);
    byHex.set(color.hexCode, list);
  }
  return { colors, byId, byHex, counts: countCategories(colors), currentId: (id) => byId.get(id)?.id };
}

/** The first catalogue colour with this hex (any case, with or without '#'), if any. */
export function findByHex(catalogue: Catalogue, hex: string): CatalogueColor | undefined {
  const canonical = normalizeHex(hex);
  return canonical ? catalogue.byHex.get(canonical)?.[0] : undefined;
}
