import { type Sql, UniqueViolation } from '../db/sql';

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
  apply(sql: Sql, streamId: string, events: readonly StoredEvent[]): Promise<void>;
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

/** Marks a conflict caught by the unique key, before the stream's version is known. */
const UNKNOWN_VERSION = -1;

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

const VERSION_OF = 'SELECT coalesce(max(version), 0) AS v FROM events WHERE stream_id = ?';
const INSERT = `INSERT INTO events (stream_id, version, type, schema_version, data, actor, time)
  VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING position`;

/** The append-only log, on either engine (db/sql.ts); only db/, this and the projections write SQL for it. */
export function createEventStore(sql: Sql, projections: readonly InlineProjection[] = []) {
  const versionOf = async (streamId: string, db: Sql = sql) =>
    (await db.get<{ v: number }>(VERSION_OF, [streamId]))?.v ?? 0;

  async function appendNow(
    tx: Sql,
    streamId: string,
    expectedVersion: number,
    events: readonly NewEvent[],
    actor: string | null,
    versionRead: boolean,
  ) {
    if (!versionRead) {
      const actual = await versionOf(streamId, tx);
      if (actual !== expectedVersion) throw new ConcurrencyError(streamId, expectedVersion, actual);
    }
    const stored: StoredEvent[] = [];
    for (const [i, event] of events.entries()) {
      const version = expectedVersion + i + 1;
      let position: number;
      try {
        const data = JSON.stringify(event.data);
        const row = await tx.get<{ position: number }>(INSERT, [
          streamId,
          version,
          event.type,
          event.schemaVersion,
          data,
          actor,
          event.at,
        ]);
        position = row!.position;
      } catch (error) {
        // UNIQUE (stream_id, version) is the backstop when another writer (another process, on
        // PostgreSQL) slipped in between. Its transaction is spoilt on PostgreSQL, so the version it
        // reached is read after the rollback (see `transaction` below).
        if (error instanceof UniqueViolation) throw new ConcurrencyError(streamId, expectedVersion, UNKNOWN_VERSION);
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
    for (const projection of projections) {
      if (projection.handles(streamId)) await projection.apply(tx, streamId, stored);
    }
    return stored;
  }

  /**
   * One transaction, on `db` (a transaction handle joins its transaction); a conflict found by the
   * unique key learns the stream's version after the rollback.
   */
  async function transaction<T>(fn: (tx: Sql) => Promise<T>, db: Sql = sql): Promise<T> {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (error instanceof ConcurrencyError && error.actualVersion === UNKNOWN_VERSION) {
        throw new ConcurrencyError(error.streamId, error.expectedVersion, await versionOf(error.streamId));
      }
      throw error;
    }
  }

  return {
    sql,
    streamVersion: versionOf,
    readStream: async (streamId: string, upToVersion?: number, db: Sql = sql): Promise<StoredEvent[]> =>
      (upToVersion === undefined
        ? await db.all<EventRow>('SELECT * FROM events WHERE stream_id = ? ORDER BY version', [streamId])
        : await db.all<EventRow>('SELECT * FROM events WHERE stream_id = ? AND version <= ? ORDER BY version', [
            streamId,
            upToVersion,
          ])
      ).map(toStored),
    /**
     * Up to `limit` events of a stream after `afterVersion`, no later than `upToVersion`, in order: a
     * long stream read in pages (the account export), so no one call holds it all.
     */
    readStreamPage: async (
      streamId: string,
      range: { afterVersion: number; upToVersion: number; limit: number },
    ): Promise<StoredEvent[]> =>
      (
        await sql.all<EventRow>(
          'SELECT * FROM events WHERE stream_id = ? AND version > ? AND version <= ? ORDER BY version LIMIT ?',
          [streamId, range.afterVersion, range.upToVersion, range.limit],
        )
      ).map(toStored),
    /**
     * Appends after checking the stream is at `expectedVersion`, with the inline projections, all in
     * one transaction (the caller's, when `db` is its handle). Throws ConcurrencyError when stale.
     * `versionRead`: the caller read `expectedVersion` in this same transaction `db`, so it is not
     * read twice (the unique key still stops a writer that slipped in, as on PostgreSQL).
     */
    async append(
      streamId: string,
      expectedVersion: number,
      events: readonly NewEvent[],
      actor: string | null = null,
      db: Sql = sql,
      versionRead = false,
    ) {
      if (events.length === 0) return [];
      return transaction((tx) => appendNow(tx, streamId, expectedVersion, events, actor, versionRead), db);
    },
    /** Runs `fn` in one transaction, so a read-decide-append cannot interleave with other writers. */
    transaction,
  };
}
