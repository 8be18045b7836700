import type Database from 'better-sqlite3';

/** An event as the log holds it. `data` is parsed JSON. */
export interface StoredEvent {
  position: number;
  streamId: string;
  version: number;
  type: string;
  schemaVersion: number;
  data: unknown;
  actor: string | null;
  time: string;
}

/** What a caller appends: the log adds position, stream and version. */
export interface NewEvent {
  type: string;
  schemaVersion: number;
  at: string;
  data: unknown;
}

/** A read model kept in the same transaction as the append. */
export interface InlineProjection {
  handles(streamId: string): boolean;
  apply(db: Database.Database, streamId: string, events: readonly StoredEvent[]): void;
}

/** The stream moved on since the caller read it: someone else wrote first. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(`Stream ${streamId} is at version ${actualVersion}, not ${expectedVersion}.`);
    this.name = 'ConcurrencyError';
  }
}

interface EventRow {
  position: number;
  stream_id: string;
  version: number;
  type: string;
  schema_version: number;
  data: string;
  actor: string | null;
  time: string;
}

const toStored = (row: EventRow): StoredEvent => ({
  position: row.position,
  streamId: row.stream_id,
  version: row.version,
  type: row.type,
  schemaVersion: row.schema_version,
  data: JSON.parse(row.data),
  actor: row.actor,
  time: row.time,
});

export type EventStore = ReturnType<typeof createEventStore>;

/** The append-only log on SQLite; the only module besides db/ that touches better-sqlite3. */
export function createEventStore(db: Database.Database, projections: readonly InlineProjection[] = []) {
  const versionOf = db.prepare<[string], { v: number }>(
    'SELECT coalesce(max(version), 0) AS v FROM events WHERE stream_id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO events (stream_id, version, type, schema_version, data, actor, time)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const readAll = db.prepare<[string], EventRow>('SELECT * FROM events WHERE stream_id = ? ORDER BY version');
  const readUpTo = db.prepare<[string, number], EventRow>(
    'SELECT * FROM events WHERE stream_id = ? AND version <= ? ORDER BY version',
  );

  function appendNow(streamId: string, expectedVersion: number, events: readonly NewEvent[], actor: string | null) {
    const actual = versionOf.get(streamId)?.v ?? 0;
    if (actual !== expectedVersion) throw new ConcurrencyError(streamId, expectedVersion, actual);
    const stored: StoredEvent[] = [];
    for (const [i, event] of events.entries()) {
      const version = expectedVersion + i + 1;
      let position: number;
      try {
        const data = JSON.stringify(event.data);
        position = Number(
          insert.run(streamId, version, event.type, event.schemaVersion, data, actor, event.at).lastInsertRowid,
        );
      } catch (error) {
        // UNIQUE (stream_id, version) is the backstop if another writer slipped in between.
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
          throw new ConcurrencyError(streamId, expectedVersion, versionOf.get(streamId)?.v ?? expectedVersion);
        }
        throw error;
      }
      stored.push({
        position,
        streamId,
        version,
        type: event.type,
        schemaVersion: event.schemaVersion,
        data: event.data,
        actor,
        time: event.at,
      });
    }
    for (const projection of projections) if (projection.handles(streamId)) projection.apply(db, streamId, stored);
    return stored;
  }
  const appendTx = db.transaction(appendNow);

  return {
    db,
    streamVersion: (streamId: string) => versionOf.get(streamId)?.v ?? 0,
    readStream: (streamId: string, upToVersion?: number): StoredEvent[] =>
      (upToVersion === undefined ? readAll.all(streamId) : readUpTo.all(streamId, upToVersion)).map(toStored),
    /**
     * Appends after checking the stream is at `expectedVersion`, with the inline projections, all in
     * one transaction (joined if the caller already holds one). Throws ConcurrencyError when stale.
     */
    append(streamId: string, expectedVersion: number, events: readonly NewEvent[], actor: string | null = null) {
      if (events.length === 0) return [];
      return db.inTransaction
        ? appendNow(streamId, expectedVersion, events, actor)
        : appendTx.immediate(streamId, expectedVersion, events, actor);
    },
    /** Runs `fn` in one IMMEDIATE transaction, so a read-decide-append cannot interleave with other writers. */
    transaction<T>(fn: () => T): T {
      return db.inTransaction ? fn() : db.transaction(fn).immediate();
    },
    /** Every event in global order, streamed (for replays). */
    *all(): Generator<StoredEvent> {
      for (const row of db.prepare<[], EventRow>('SELECT * FROM events ORDER BY position').iterate()) {
        yield toStored(row);
      }
    },
  };
}
