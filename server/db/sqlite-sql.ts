import type Database from 'better-sqlite3';
import type { BatchOptions, Dialect, Sql, SqlValue } from './sql';
import { UniqueViolation } from './sql';

const isUnique = (error: unknown) => {
  const code = (error as { code?: string }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};
const translate = (error: unknown) => (isUnique(error) ? new UniqueViolation(error) : error);

const dialect: Dialect = {
  jsonText: (column, key) => `json_extract(${column}, '$.${key}')`,
  // NOT INDEXED: a straight scan in position order; the stream index would force a 1M-row sort.
  eventsInLogOrder: 'events NOT INDEXED',
  // BEGIN IMMEDIATE already holds the only write lock.
  lockEventsForReplay: null,
};

/** Runs a synchronous statement as a settled promise, with a unique-key failure made engine-neutral. */
function settle<R>(work: () => R): Promise<R> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(translate(error));
  }
}

/** Transactions that commit together; `committed` settles after their one COMMIT. */
interface Batch {
  committed: Promise<void>;
  settle(error: unknown): void;
  /** Its COMMIT is due: the turn it began in has ended. */
  due: boolean;
}

function newBatch(): Batch {
  let settle: (error: unknown) => void = () => {};
  const committed = new Promise<void>((resolve, reject) => {
    settle = (error) => (error ? reject(error) : resolve());
  });
  // Awaited by each of its transactions; a batch that fails with none waiting is not unhandled.
  committed.catch(() => {});
  return { committed, settle, due: false };
}

export type SqliteSql = Sql & { readonly db: Database.Database };

/** The SQLite connection behind a store, for SQLite's own pragmas and files; null on PostgreSQL. */
export const sqliteOf = (sql: Sql): Database.Database | null =>
  sql.engine === 'sqlite' ? (sql as SqliteSql).db : null;

/**
 * The store interface on one better-sqlite3 connection. Statements run synchronously; the only care
 * is that one connection has one transaction: while it is open (it may await between statements),
 * queries from anyone but its own handle wait until it commits or rolls back.
 */
export function sqliteSql(db: Database.Database): SqliteSql {
  const statements = new Map<string, Database.Statement>();
  const prepare = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
  const args = (values: readonly SqlValue[] | undefined) => (values ?? []) as SqlValue[];
  /** get, all and run, each run through `exec`: at once in a transaction, or after it outside one. */
  const queries = (exec: <R>(work: () => R) => Promise<R>): Pick<Sql, 'get' | 'all' | 'run'> => ({
    get: <T>(text: string, values?: readonly SqlValue[]) =>
      exec(() => prepare(text).get(...args(values)) as T | undefined),
    all: <T>(text: string, values?: readonly SqlValue[]) => exec(() => prepare(text).all(...args(values)) as T[]),
    run: (text, values) => exec(() => prepare(text).run(...args(values)).changes),
  });
  /** A transaction's function is running: nobody else may use the connection. */
  let open = false;
  let released: Promise<void> = Promise.resolve();
  /**
   * Group commit. A transaction opens one write transaction that stays open until the event loop's
   * next check phase; every transaction that runs before then joins it, in a savepoint of its own, and
   * they commit together in one COMMIT (under load, the requests that arrived in one turn). Each
   * caller's promise settles only after that COMMIT, so an answered write is as durable as before; the
   * savepoint keeps one caller's rollback from touching the others'.
   */
  let pending: Batch | null = null;
  const noop = () => {};
  /** What a waiter waits for: the running transaction's end, else the pending batch's COMMIT. */
  const turn = () => (open ? released : pending?.committed.catch(noop));
  /** Until nobody is in a transaction and no batch waits for its COMMIT: the state outside readers see. */
  async function idle() {
    while (open || pending) await turn();
  }
  function commitPending() {
    const batch = pending;
    if (!batch) return;
    batch.due = true;
    // A transaction in the middle of its work (it awaited something else) commits the batch when it ends.
    if (open) return;
    pending = null;
    try {
      prepare('COMMIT').run();
      batch.settle(null);
    } catch (error) {
      if (db.inTransaction) prepare('ROLLBACK').run();
      batch.settle(translate(error));
    }
  }
  /** Outside a transaction: now when the connection is idle, else once it is. */
  async function afterTransaction<R>(work: () => R): Promise<R> {
    await idle();
    return settle(work);
  }
  const outside = <R>(work: () => R): Promise<R> => (open || pending ? afterTransaction(work) : settle(work));

  async function* batches<T>(
    text: string,
    values: readonly SqlValue[],
    size: number,
    options?: BatchOptions,
  ): AsyncIterable<T[]> {
    // The connection is busy while the cursor is open: callers use this alone (replays, copies).
    let batch: T[] = [];
    // Its own statement: raw mode is a setting of the statement, and the cached one stays in objects.
    const statement = options?.rows === 'arrays' ? db.prepare(text).raw(true) : prepare(text);
    for (const row of statement.iterate(...args(values))) {
      batch.push(row as T);
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }

  /** The handle a transaction's function gets; it refuses use once its transaction has ended. */
  function transactionHandle(): { tx: Sql; end(): void } {
    let live = true;
    const inside = <R>(work: () => R): Promise<R> =>
      live ? settle(work) : Promise.reject(new Error('transaction handle used after its transaction ended'));
    const tx: Sql = {
      engine: 'sqlite',
      dialect,
      ...queries(inside),
      transaction: (fn) => fn(tx),
      batches,
      close: () => Promise.reject(new Error('close the store, not a transaction')),
    };
    return {
      tx,
      end: () => {
        live = false;
      },
    };
  }

  return {
    engine: 'sqlite',
    db,
    dialect,
    ...queries(outside),
    async transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
      // Checked and taken in one synchronous step: of several waiters woken together, one goes first.
      // A batch whose COMMIT is due takes no one new.
      while (open || pending?.due) await turn();
      open = true;
      let release = noop;
      released = new Promise((resolve) => {
        release = resolve;
      });
      const handle = transactionHandle();
      let batch = pending;
      let result: T;
      try {
        // The first of a batch has the write transaction to itself: a failure rolls all of it back.
        const first = !batch;
        if (!batch) {
          prepare('BEGIN IMMEDIATE').run();
          batch = pending = newBatch();
          setImmediate(commitPending);
        } else prepare('SAVEPOINT tx').run();
        try {
          result = await fn(handle.tx);
          if (!first) prepare('RELEASE tx').run();
        } catch (error) {
          if (db.inTransaction && !first) {
            prepare('ROLLBACK TO tx').run();
            prepare('RELEASE tx').run();
          } else if (pending === batch) {
            // Nothing of the batch is left: this was all of it, or SQLite rolled it all back (an I/O
            // error, a full disk) and every transaction in it hears so.
            if (db.inTransaction) prepare('ROLLBACK').run();
            pending = null;
            batch.settle(first ? null : new Error('the write transaction was rolled back', { cause: error }));
          }
          throw error;
        }
      } catch (error) {
        throw translate(error);
      } finally {
        handle.end();
        open = false;
        release();
        if (pending?.due) commitPending();
      }
      await batch.committed;
      return result;
    },
    async *batches<T>(
      text: string,
      values: readonly SqlValue[],
      size: number,
      options?: BatchOptions,
    ): AsyncIterable<T[]> {
      await idle();
      yield* batches<T>(text, values, size, options);
    },
    async close() {
      await idle();
      if (db.open) db.close();
    },
  };
}
