import { createHash } from 'node:crypto';
import type { Catalogue } from '../../shared/catalogue/catalogue';
import {
  PALETTE_EVENT_SCHEMA_VERSION,
  PALETTE_STREAM_PREFIX,
  type PaletteEvent,
  paletteIdOfStream,
} from '../../shared/palette/palette-events';
import { evolve, type SavedPalette } from '../../shared/palette/palette-evolve';
import type { Sql, SqlValue } from '../db/sql';
import type { InlineProjection, StoredEvent } from '../events/event-store';
import { type PaletteRow, rowToState, shareBody } from './palette-row';

/** Reads a logged event as today's shape; older schema versions are upcast here when they exist. */
function toPaletteEvent(type: string, schemaVersion: number, data: unknown, time: string): PaletteEvent {
  if (schemaVersion !== PALETTE_EVENT_SCHEMA_VERSION) {
    throw new Error(`No upcaster for ${type} schema version ${schemaVersion}`);
  }
  return { type, schemaVersion, at: time, data } as PaletteEvent;
}

export const storedToPaletteEvent = (e: StoredEvent) => toPaletteEvent(e.type, e.schemaVersion, e.data, e.time);

const UPSERT = `INSERT INTO palettes (id, user_id, name, colors, created_at, updated_at, is_public, share_id, version)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (id) DO UPDATE SET name = excluded.name, colors = excluded.colors,
    updated_at = excluded.updated_at, is_public = excluded.is_public, share_id = excluded.share_id,
    version = excluded.version`;

// Local palettes (no owner) never reach the server's log; they get no row rather than one nobody owns.
const hasRow = (state: SavedPalette | null): boolean => state !== null && !state.deleted && state.ownerId !== null;

const COUNT_UP = `INSERT INTO palette_counts (user_id, palettes) VALUES (?, 1)
  ON CONFLICT (user_id) DO UPDATE SET palettes = palette_counts.palettes + 1`;
const COUNT_DOWN = 'UPDATE palette_counts SET palettes = palettes - 1 WHERE user_id = ?';

/**
 * Writes a palette's state into `palettes` and `shares` (a share row exists only while public), and
 * moves its owner's count when the row comes or goes (`hadRow`: it was there before these events).
 */
async function write(sql: Sql, catalogue: Catalogue, state: SavedPalette, hadRow: boolean) {
  // A palette without a row has no share row either (a new one, above all): nothing to drop.
  if (hadRow) await sql.run('DELETE FROM shares WHERE palette_id = ?', [state.id]);
  if (!hasRow(state)) {
    if (hadRow && (await sql.run('DELETE FROM palettes WHERE id = ?', [state.id])) > 0 && state.ownerId) {
      await sql.run(COUNT_DOWN, [state.ownerId]);
    }
    return;
  }
  await sql.run(UPSERT, rowOf(state));
  if (!hadRow) await sql.run(COUNT_UP, [state.ownerId]);
  await insertShares(sql, catalogue, [state]);
}

const REPLAY_CHUNK = 500;
const rowOf = (state: SavedPalette): SqlValue[] => [
  state.id,
  state.ownerId,
  state.name,
  JSON.stringify(state.colorIds),
  state.createdAt,
  state.updatedAt,
  state.isPublic ? 1 : 0,
  state.shareId,
  state.version,
];

/** Inserts fresh rows for these palettes, a chunk per statement (their shares go in apart). */
async function insertMany(tx: Sql, states: readonly SavedPalette[]) {
  if (states.length === 0) return;
  await tx.run(
    `INSERT INTO palettes (id, user_id, name, colors, created_at, updated_at, is_public, share_id, version)
     VALUES ${states.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    states.flatMap(rowOf),
  );
}

const OVERWRITE_SHARE = ` ON CONFLICT (share_id) DO UPDATE
  SET palette_id = excluded.palette_id, version = excluded.version, body = excluded.body`;

/** The share rows of the public ones among these palettes (a share row exists only while public). */
async function insertShares(sql: Sql, catalogue: Catalogue, states: readonly SavedPalette[], overwrite = false) {
  const shared = states.filter((state) => state.isPublic && state.shareId);
  if (shared.length === 0) return;
  await sql.run(
    `INSERT INTO shares (share_id, palette_id, version, body) VALUES ${shared.map(() => '(?, ?, ?, ?)').join(', ')}${
      overwrite ? OVERWRITE_SHARE : ''
    }`,
    shared.flatMap((state) => [state.shareId, state.id, state.version, shareBody(state, catalogue)]),
  );
}

/** Inline projection: each append folds its new events onto the row (the row is the snapshot). */
export function paletteProjection(catalogue: Catalogue): InlineProjection {
  return {
    handles: (streamId) => streamId.startsWith(PALETTE_STREAM_PREFIX),
    async apply(sql, streamId, events) {
      const first = events[0];
      if (!first) return;
      let state: SavedPalette | null = null;
      let hadRow = false;
      if (first.version > 1) {
        const row = await sql.get<PaletteRow>('SELECT * FROM palettes WHERE id = ?', [paletteIdOfStream(streamId)]);
        hadRow = row !== undefined;
        if (row) state = rowToState(row);
        // No row: the palette is deleted. Only an undelete brings it back, folded from its whole stream.
        else if (!events.some((e) => e.type === 'PaletteUndeleted')) return;
        else {
          const earlier = await sql.all<{ type: string; schema_version: number; data: string; time: string }>(
            'SELECT type, schema_version, data, time FROM events WHERE stream_id = ? AND version < ? ORDER BY version',
            [streamId, first.version],
          );
          for (const e of earlier) {
            state = evolve(state, toPaletteEvent(e.type, e.schema_version, JSON.parse(e.data), e.time));
          }
        }
      }
      for (const event of events) state = evolve(state, storedToPaletteEvent(event));
      if (state) await write(sql, catalogue, state, hadRow);
    },
  };
}

/**
 * Replays the whole log into the palette read models, in one transaction: a crash halfway leaves the
 * old tables. `palettes` and `palette_counts` are emptied and filled again; `shares` is written over
 * (each body the replay gives replaces the stored one, a share the log no longer has is deleted).
 * Returns how many events and palettes it saw.
 */
export async function rebuildPaletteProjections(
  sql: Sql,
  catalogue: Catalogue,
): Promise<{ events: number; palettes: number }> {
  return sql.transaction(async (tx) => {
    // Appends wait until the replay commits (PostgreSQL; on SQLite the transaction already holds the file).
    if (tx.dialect.lockEventsForReplay) await tx.run(tx.dialect.lockEventsForReplay);
    // Shares are rewritten in place (below), not cleared: a cleared table's pages are zeroed (secure
    // delete) and written out as zeros before the new bodies fill them again.
    const oldShares = await tx.all<{ share_id: string }>('SELECT share_id FROM shares');
    await tx.run('DELETE FROM palettes');
    await tx.run('DELETE FROM palette_counts');
    const states = new Map<string, SavedPalette | null>();
    let events = 0;
    // Rows as arrays of their columns: a million events are a million objects fewer.
    const rows = tx.batches<[streamId: string, type: string, schemaVersion: number, data: string, time: string]>(
      `SELECT stream_id, type, schema_version, data, time FROM ${tx.dialect.eventsInLogOrder}
       WHERE stream_id >= ? AND stream_id < ? ORDER BY position`,
      [
        PALETTE_STREAM_PREFIX,
        // every stream id that starts with the prefix sorts below this bound (its last character plus one)
        `${PALETTE_STREAM_PREFIX.slice(0, -1)}${String.fromCharCode(PALETTE_STREAM_PREFIX.charCodeAt(PALETTE_STREAM_PREFIX.length - 1) + 1)}`,
      ],
      5000,
      { rows: 'arrays' },
    );
    for await (const batch of rows) {
      for (const [streamId, type, schemaVersion, data, time] of batch) {
        const event = toPaletteEvent(type, schemaVersion, JSON.parse(data), time);
        states.set(streamId, evolve(states.get(streamId) ?? null, event));
      }
      events += batch.length;
    }
    let palettes = 0;
    // Many rows per statement: the tables are empty, and a replay writes every palette once.
    let chunk: SavedPalette[] = [];
    const shared: SavedPalette[] = [];
    for (const state of states.values()) {
      if (!state || !hasRow(state)) continue;
      chunk.push(state);
      if (state.isPublic && state.shareId) shared.push(state);
      palettes++;
      if (chunk.length === REPLAY_CHUNK) {
        await insertMany(tx, chunk);
        chunk = [];
      }
    }
    await insertMany(tx, chunk);
    // Shares in key order: random share ids inserted as they come touch pages all over the key's
    // index, and a replay writes every public palette's share at once. (Palettes keep log order: their
    // rowid breaks ties in the list.)
    shared.sort((a, b) => (a.shareId! < b.shareId! ? -1 : 1));
    const kept = new Set(shared.map((state) => state.shareId));
    const gone = oldShares.map((row) => row.share_id).filter((id) => !kept.has(id));
    for (let i = 0; i < gone.length; i += REPLAY_CHUNK) {
      const ids = gone.slice(i, i + REPLAY_CHUNK);
      await tx.run(`DELETE FROM shares WHERE share_id IN (${ids.map(() => '?').join(', ')})`, ids);
    }
    for (let i = 0; i < shared.length; i += REPLAY_CHUNK) {
      await insertShares(tx, catalogue, shared.slice(i, i + REPLAY_CHUNK), true);
    }
    await tx.run(
      'INSERT INTO palette_counts (user_id, palettes) SELECT user_id, count(*) FROM palettes GROUP BY user_id',
    );
    await rememberShareCatalogue(tx, catalogue);
    return { events, palettes };
  });
}

const SHARE_CATALOGUE_KEY = 'share_bodies_catalogue';

const fingerprints = new WeakMap<Catalogue, string>();

/**
 * The catalogue's fingerprint: stored share bodies hold colours, so a changed catalogue rewrites
 * them. Hashed once per catalogue (the app's share tag, the start-up check and each replay ask).
 */
export function catalogueFingerprint(catalogue: Catalogue): string {
  let fingerprint = fingerprints.get(catalogue);
  if (fingerprint === undefined) {
    fingerprint = createHash('sha256').update(JSON.stringify(catalogue.colors)).digest('base64url');
    fingerprints.set(catalogue, fingerprint);
  }
  return fingerprint;
}

async function rememberShareCatalogue(sql: Sql, catalogue: Catalogue) {
  await sql.run(
    'INSERT INTO app_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    [SHARE_CATALOGUE_KEY, catalogueFingerprint(catalogue)],
  );
}

/**
 * At start-up: rewrites the stored share bodies when they were written from another catalogue (a
 * paint renamed or added) or before they were stored (migration 9). Only public palettes; cheap.
 */
export async function refreshShareBodies(sql: Sql, catalogue: Catalogue): Promise<number> {
  const stored = await sql.get<{ value: string }>('SELECT value FROM app_meta WHERE key = ?', [SHARE_CATALOGUE_KEY]);
  if (stored?.value === catalogueFingerprint(catalogue)) return 0;
  return sql.transaction(async (tx) => {
    const rows = await tx.all<PaletteRow>(
      'SELECT p.* FROM shares s JOIN palettes p ON p.id = s.palette_id WHERE p.share_id = s.share_id',
    );
    for (const row of rows) {
      await tx.run('UPDATE shares SET version = ?, body = ? WHERE share_id = ?', [
        row.version,
        shareBody(rowToState(row), catalogue),
        row.share_id,
      ]);
    }
    await rememberShareCatalogue(tx, catalogue);
    return rows.length;
  });
}
