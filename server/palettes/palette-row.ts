import type { ApiPalette } from '../../shared/api/palettes';
import type { Catalogue } from '../../shared/catalogue/catalogue';
import type { CatalogueColor } from '../../shared/catalogue/types';
import type { SavedPalette } from '../../shared/palette/palette-evolve';

// A palette's row in the `palettes` projection, and the API's shape of it.

export interface PaletteRow {
  id: string;
  user_id: string;
  name: string;
  colors: string;
  created_at: string;
  updated_at: string;
  is_public: number;
  share_id: string | null;
  version: number;
}

export function rowToState(row: PaletteRow): SavedPalette {
  return {
    id: row.id,
    ownerId: row.user_id,
    name: row.name,
    colorIds: JSON.parse(row.colors) as string[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    isPublic: row.is_public === 1,
    shareId: row.share_id,
    version: row.version,
    deleted: false,
  };
}

/** Catalogue ids → full colours; an id the catalogue no longer has is left out rather than failing. */
export function expandColors(catalogue: Catalogue, ids: readonly string[]): CatalogueColor[] {
  const out: CatalogueColor[] = [];
  for (const id of ids) {
    const color = catalogue.byId.get(id);
    if (color) out.push(color);
  }
  return out;
}

export const toApiPalette = (row: PaletteRow, catalogue: Catalogue): ApiPalette =>
  stateToApiPalette(rowToState(row), catalogue);

/** A palette's state in the API's shape (what a write answers, without reading the row back). */
export function stateToApiPalette(state: SavedPalette, catalogue: Catalogue): ApiPalette {
  return {
    id: state.id,
    name: state.name,
    colors: expandColors(catalogue, state.colorIds),
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    isPublic: state.isPublic,
    shareId: state.shareId,
    version: state.version,
  };
}

const colorsJson = new WeakMap<Catalogue, Map<string, string>>();

/**
 * What `GET /api/shares/:id` answers, stored with the share so that a read is one indexed lookup.
 * The colours' JSON is kept per list of ids (palettes share paints): a replay writes 100 000 of these.
 */
export function shareBody(state: SavedPalette, catalogue: Catalogue): string {
  let known = colorsJson.get(catalogue);
  if (!known || known.size > 10_000) {
    known = new Map();
    colorsJson.set(catalogue, known);
  }
  const key = state.colorIds.join(',');
  let colors = known.get(key);
  if (colors === undefined) {
    colors = JSON.stringify(expandColors(catalogue, state.colorIds));
    known.set(key, colors);
  }
  // The same keys in the same order as stateToApiPalette, the colours spliced in as JSON.
  const head = JSON.stringify({ id: state.id, name: state.name });
  const tail = JSON.stringify({
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    isPublic: state.isPublic,
    shareId: state.shareId,
    version: state.version,
  });
  return `${head.slice(0, -1)},"colors":${colors},${tail.slice(1)}`;
}
