import type { Sql } from '../db/sql';
import type { PaletteRow } from './palette-row';

/** A public share as stored by the projection: the read's JSON, ready to send, and its version. */
export interface ShareRow {
  version: number;
  body: string;
}

export type PaletteQueries = ReturnType<typeof paletteQueries>;

export function paletteQueries(sql: Sql) {
  return {
    listOwned: (userId: string) =>
      sql.all<PaletteRow>('SELECT * FROM palettes WHERE user_id = ? ORDER BY created_at DESC, rowid DESC', [userId]),
    /** Only the owner sees a palette: for anyone else this is undefined, like a palette that never existed. */
    getOwned: (id: string, userId: string) =>
      sql.get<PaletteRow>('SELECT * FROM palettes WHERE id = ? AND user_id = ?', [id, userId]),
    /** One indexed lookup: the share row exists only while its palette is public (the projection sees to it). */
    getPublic: (shareId: string) =>
      sql.get<ShareRow>('SELECT version, body FROM shares WHERE share_id = ? AND body IS NOT NULL', [shareId]),
  };
}
