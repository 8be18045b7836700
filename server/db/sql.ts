/**
 * The one store interface every server module talks to. Two implementations, chosen once at start-up
 * by `openStore` (db/open-store.ts): SQLite (db/sqlite-sql.ts, the default) and PostgreSQL
 * (db/postgres-sql.ts, when DATABASE_URL names one). Queries are written once, in the SQL both
 * engines share, with `?` placeholders; what differs (schema DDL, triggers, a JSON path, scan hints)
 * lives in the two implementations and their migrations, never in routes or commands.
 */
export type SqlValue = string | number | null;
type Engine = 'sqlite' | 'postgres';

export interface Sql {
  readonly engine: Engine;
  /** The first row, or undefined. */
  get<T>(text: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  all<T>(text: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** Runs a statement; resolves to how many rows it changed. */
  run(text: string, params?: readonly SqlValue[]): Promise<number>;
  /**
   * Runs `fn` in one transaction, through the handle `tx` it is given: queries on `tx` are inside it,
   * and nothing from outside can join it. `tx.transaction(f)` joins (runs `f(tx)`). A throw rolls
   * back. On SQLite the transaction holds the one connection (other queries wait), and those that end in
   * one turn of the event loop share one IMMEDIATE write transaction, each in a savepoint, and one
   * COMMIT; each resolves only after it;
   * on PostgreSQL it is READ COMMITTED on a pooled client, and writers meet at the unique keys (an
   * event's (stream, version) above all). The handle is explicit, not AsyncLocalStorage: on Node 20
   * that makes every promise in the process about 3x dearer (measured: 2M awaits 250 → 840 ms).
   */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * Rows in batches, without holding the whole result in memory (replays, copies). `rows: 'arrays'`:
   * each row the array of its columns in the query's order, not an object (a replay of millions
   * makes one object fewer per row).
   */
  batches<T>(text: string, params: readonly SqlValue[], size: number, options?: BatchOptions): AsyncIterable<T[]>;
  /** The engine's own spellings of the few things the two dialects say differently. */
  readonly dialect: Dialect;
  close(): Promise<void>;
}

export interface BatchOptions {
  rows?: 'objects' | 'arrays';
}

export interface Dialect {
  /** A text field of a JSON text column, e.g. an event's owner. */
  jsonText(column: string, key: string): string;
  /** Scan the events table in log order without sorting through an index (a replay of millions). */
  eventsInLogOrder: string;
  /** A statement that makes appends wait while a replay rewrites the projections, or null when the transaction already does. */
  lockEventsForReplay: string | null;
}

/** A UNIQUE or PRIMARY KEY constraint refused a write: someone else holds that key. */
export class UniqueViolation extends Error {
  constructor(cause: unknown) {
    super('unique constraint violated', { cause });
    this.name = 'UniqueViolation';
  }
}
