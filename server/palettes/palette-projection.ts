import type Database from 'better-sqlite3';
import {
  PALETTE_EVENT_SCHEMA_VERSION,
  PALETTE_STREAM_PREFIX,
  type PaletteEvent,
  paletteIdOfStream,
} from '../../shared/palette/palette-events';
import { evolve, type SavedPalette } from '../../shared/palette/palette-evolve';
import type { InlineProjection, StoredEvent } from '../events/event-store';

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

/** Reads a logged event as today's shape; older schema versions are upcast here when they exist. */
function toPaletteEvent(type: string, schemaVersion: number, data: unknown, time: string): PaletteEvent {
  if (schemaVersion !== PALETTE_EVENT_SCHEMA_VERSION) {
    throw new Error(`No upcaster for ${type} schema version ${schemaVersion}`);
  }
  return { type, schemaVersion, at: time, data } as PaletteEvent;
}

export const storedToPaletteEvent = (e: StoredEvent) => toPaletteEvent(e.type, e.schemaVersion, e.data, e.time);

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

function statements(db: Database.Database) {
  return {
    row: db.prepare<[string], PaletteRow>('SELECT * FROM palettes WHERE id = ?'),
    upsert: db.prepare(
      `INSERT INTO palettes (id, user_id, name, colors, created_at, updated_at, is_public, share_id, version)
       VALUES (@id, @user_id, @name, @colors, @created_at, @updated_at, @is_public, @share_id, @version)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, colors = excluded.colors,
         updated_at = excluded.updated_at, is_public = excluded.is_public, share_id = excluded.share_id,
         version = excluded.version`,
    ),
    remove: db.prepare('DELETE FROM palettes WHERE id = ?'),
    removeShares: db.prepare('DELETE FROM shares WHERE palette_id = ?'),
    addShare: db.prepare('INSERT INTO shares (share_id, palette_id) VALUES (?, ?)'),
    earlier: db.prepare<[string, number], { type: string; schema_version: number; data: string; time: string }>(
      'SELECT type, schema_version, data, time FROM events WHERE stream_id = ? AND version < ? ORDER BY version',
    ),
  };
}

const cache = new WeakMap<Database.Database, ReturnType<typeof statements>>();
const prepared = (db: Database.Database) => {
  let s = cache.get(db);
  if (!s) {
    s = statements(db);
    cache.set(db, s);
  }
  return s;
};

/** Writes a palette's state into `palettes` and `shares` (a share row exists only while public). */
function write(db: Database.Database, state: SavedPalette, fresh = false) {
  const s = prepared(db);
  if (!fresh) s.removeShares.run(state.id);
  // Local palettes (no owner) never reach the server's log; skip them rather than store a row nobody owns.
  if (state.deleted || state.ownerId === null) {
    s.remove.run(state.id);
    return;
  }
  s.upsert.run({
    id: state.id,
    user_id: state.ownerId,
    name: state.name,
    colors: JSON.stringify(state.colorIds),
    created_at: state.createdAt,
    updated_at: state.updatedAt,
    is_public: state.isPublic ? 1 : 0,
    share_id: state.shareId,
    version: state.version,
  });
  if (state.isPublic && state.shareId) s.addShare.run(state.shareId, state.id);
}

/** Inline projection: each append folds its new events onto the row (the row is the snapshot). */
export const paletteProjection: InlineProjection = {
  handles: (streamId) => streamId.startsWith(PALETTE_STREAM_PREFIX),
  apply(db, streamId, events) {
    const first = events[0];
    if (!first) return;
    let state: SavedPalette | null = null;
    if (first.version > 1) {
      const row = prepared(db).row.get(paletteIdOfStream(streamId));
      if (row) state = rowToState(row);
      // No row: the palette is deleted. Only an undelete brings it back, folded from its whole stream.
      else if (!events.some((e) => e.type === 'PaletteUndeleted')) return;
      else {
        for (const e of prepared(db).earlier.all(streamId, first.version)) {
          state = evolve(state, toPaletteEvent(e.type, e.schema_version, JSON.parse(e.data), e.time));
        }
      }
    }
    for (const event of events) state = evolve(state, storedToPaletteEvent(event));
    if (state) write(db, state);
  },
};

/**
 * Drops the palette read models and replays the whole log into them, in one transaction: a crash
 * halfway leaves the old tables. Returns how many events and palettes it saw.
 */
export function rebuildPaletteProjections(db: Database.Database): { events: number; palettes: number } {
  return db
    .transaction(() => {
      db.exec('DELETE FROM shares; DELETE FROM palettes;');
      const states = new Map<string, SavedPalette | null>();
      let events = 0;
      const rows = db
        .prepare<[string, string], [string, string, number, string, string]>(
          // NOT INDEXED: a straight scan in position order; the stream index would force a 1M-row sort.
          `SELECT stream_id, type, schema_version, data, time FROM events NOT INDEXED
           WHERE stream_id >= ? AND stream_id < ? ORDER BY position`,
        )
        .raw();
      for (const [streamId, type, schemaVersion, data, time] of rows.iterate(
        PALETTE_STREAM_PREFIX,
        // every stream id that starts with the prefix sorts below this bound (its last character plus one)
        `${PALETTE_STREAM_PREFIX.slice(0, -1)}${String.fromCharCode(PALETTE_STREAM_PREFIX.charCodeAt(PALETTE_STREAM_PREFIX.length - 1) + 1)}`,
      ) as unknown as Iterable<[string, string, number, string, string]>) {
        const event = toPaletteEvent(type, schemaVersion, JSON.parse(data), time);
        states.set(streamId, evolve(states.get(streamId) ?? null, event));
        events++;
      }
      let palettes = 0;
      for (const state of states.values()) {
        if (!state || state.deleted) continue;
        write(db, state, true);
        palettes++;
      }
      return { events, palettes };
    })
    .immediate();
}
