import type Database from 'better-sqlite3';
import type { ApiPalette } from '../../shared/api/palettes';
import type { Catalogue } from '../../shared/catalogue/catalogue';
import type { CatalogueColor } from '../../shared/catalogue/types';
import type { PaletteRow } from './palette-projection';

/** Catalogue ids → full colours; an id the catalogue no longer has is left out rather than failing. */
export function expandColors(catalogue: Catalogue, ids: readonly string[]): CatalogueColor[] {
  const out: CatalogueColor[] = [];
  for (const id of ids) {
    const color = catalogue.byId.get(id);
    if (color) out.push(color);
  }
  return out;
}

export function toApiPalette(row: PaletteRow, catalogue: Catalogue): ApiPalette {
  return {
    id: row.id,
    name: row.name,
    colors: expandColors(catalogue, JSON.parse(row.colors) as string[]),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    isPublic: row.is_public === 1,
    shareId: row.share_id,
    version: row.version,
  };
}

export type PaletteQueries = ReturnType<typeof paletteQueries>;

export function paletteQueries(db: Database.Database) {
  const list = db.prepare<[string], PaletteRow>(
    'SELECT * FROM palettes WHERE user_id = ? ORDER BY created_at DESC, rowid DESC',
  );
  const owned = db.prepare<[string, string], PaletteRow>('SELECT * FROM palettes WHERE id = ? AND user_id = ?');
  const shared = db.prepare<[string], PaletteRow>(
    `SELECT p.* FROM shares s JOIN palettes p ON p.id = s.palette_id
     WHERE s.share_id = ? AND p.is_public = 1 AND p.share_id = s.share_id`,
  );
  return {
    listOwned: (userId: string) => list.all(userId),
    /** Only the owner sees a palette: for anyone else this is undefined, like a palette that never existed. */
    getOwned: (id: string, userId: string) => owned.get(id, userId),
    getPublic: (shareId: string) => shared.get(shareId),
  };
}
