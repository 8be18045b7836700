import type Database from 'better-sqlite3';
import type { Sql } from '../db/sql';
import { sqliteOf } from '../db/sqlite-sql';

/** A public share as stored by the projection: the read's JSON, ready to send, and its version. */
export interface ShareRow {
  version: number;
  body: string;
}

/** The public shares last read, answered from memory; see shareCache. */
export interface ShareCache {
  /** The share if it is held and still current; never reads the database. */
  peek(shareId: string): ShareRow | undefined;
  /** Keeps a row just read, unless a write to shares came between the read and now. */
  keep(shareId: string, row: ShareRow, readAt: number): void;
  /** Taken before a read; `keep` compares it so that a row read before a write is not kept after it. */
  readonly generation: number;
}

/** Bounds: a share's body is a few KiB, so this is a few MiB at most. */
const MAX_ENTRIES = 2000;
const MAX_CHARS = 4 * 1024 * 1024;
/** How stale a write by another process (the account CLI, a projection rebuild) may be seen: 100 ms. */
const FOREIGN_CHECK_MS = 100;

const caches = new WeakMap<Database.Database, ShareCache>();

/**
 * On SQLite, the busiest public read is answered from memory: the database read was the largest part
 * of its time. It stays exact because every write to `shares` on this process's connection (the
 * projection, an account's erasure, a rebuild: any code path) fires a temporary trigger that drops the
 * entry, and a write by another process shows in SQLite's `data_version`, checked at most every
 * 100 ms, which empties the cache. On PostgreSQL several processes write, so there is none (null).
 */
export function shareCache(sql: Sql): ShareCache | null {
  const db = sqliteOf(sql);
  if (!db) return null;
  const existing = caches.get(db);
  if (existing) return existing;

  const entries = new Map<string, ShareRow>();
  let chars = 0;
  let generation = 0;
  const drop = (shareId: string) => {
    generation++;
    const row = entries.get(shareId);
    if (!row) return;
    entries.delete(shareId);
    chars -= row.body.length;
  };
  const clear = () => {
    generation++;
    entries.clear();
    chars = 0;
  };
  // Temporary triggers live only on this connection, so other processes' writes never call into ours.
  db.function('swatchbook_share_written', (shareId: unknown) => {
    if (typeof shareId === 'string') drop(shareId);
    else clear();
    return null;
  });
  db.exec(`
    CREATE TEMP TRIGGER IF NOT EXISTS share_cache_insert AFTER INSERT ON main.shares
      BEGIN SELECT swatchbook_share_written(NEW.share_id); END;
    CREATE TEMP TRIGGER IF NOT EXISTS share_cache_update AFTER UPDATE ON main.shares
      BEGIN SELECT swatchbook_share_written(OLD.share_id); SELECT swatchbook_share_written(NEW.share_id); END;
    CREATE TEMP TRIGGER IF NOT EXISTS share_cache_delete AFTER DELETE ON main.shares
      BEGIN SELECT swatchbook_share_written(OLD.share_id); END;`);

  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  let seenVersion = dataVersion.get() as number;
  let checkedAt = performance.now();
  /** Empties the cache when another connection has committed since the last look. */
  const checkForeign = () => {
    const now = performance.now();
    if (now - checkedAt < FOREIGN_CHECK_MS) return;
    checkedAt = now;
    const version = dataVersion.get() as number;
    if (version !== seenVersion) {
      seenVersion = version;
      clear();
    }
  };

  const cache: ShareCache = {
    peek(shareId) {
      checkForeign();
      return entries.get(shareId);
    },
    keep(shareId, row, readAt) {
      if (readAt !== generation || entries.has(shareId)) return;
      entries.set(shareId, row);
      chars += row.body.length;
      // Oldest first out: a Map iterates in insertion order.
      for (const [id, old] of entries) {
        if (entries.size <= MAX_ENTRIES && chars <= MAX_CHARS) break;
        entries.delete(id);
        chars -= old.body.length;
      }
    },
    get generation() {
      return generation;
    },
  };
  caches.set(db, cache);
  return cache;
}
