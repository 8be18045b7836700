import type { Sql } from '../db/sql';
import type { PaletteRow } from './palette-row';
import { type ShareRow, shareCache } from './share-cache';

export type PaletteQueries = ReturnType<typeof paletteQueries>;

export function paletteQueries(sql: Sql) {
  const shares = shareCache(sql);
  const readShare = (shareId: string) =>
    sql.get<ShareRow>('SELECT version, body FROM shares WHERE share_id = ? AND body IS NOT NULL', [shareId]);
  return {
    listOwned: (userId: string) =>
      sql.all<PaletteRow>('SELECT * FROM palettes WHERE user_id = ? ORDER BY created_at DESC, rowid DESC', [userId]),
    /** Only the owner sees a palette: for anyone else this is undefined, like a palette that never existed. */
    getOwned: (id: string, userId: string) =>
      sql.get<PaletteRow>('SELECT * FROM palettes WHERE id = ? AND user_id = ?', [id, userId]),
    /**
     * A public share from memory, without waiting, when it is held (SQLite: share-cache.ts); else
     * undefined and the caller awaits getPublic.
     */
    peekPublic: (shareId: string): ShareRow | undefined => shares?.peek(shareId),
    /** One indexed lookup: the share row exists only while its palette is public (the projection sees to it). */
    getPublic: async (shareId: string): Promise<ShareRow | undefined> => {
      if (!shares) return readShare(shareId);
      const held = shares.peek(shareId);
      if (held) return held;
      const readAt = shares.generation;
      const row = await readShare(shareId);
      if (row) shares.keep(shareId, row, readAt);
      return row;
    },
  };
}
