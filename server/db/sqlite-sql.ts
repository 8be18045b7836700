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
  let open = false;
  let released: Promise<void> = Promise.resolve();
  /**
   * Outside a transaction: now when the connection is free, else after the open one ends. The check
   * and the work run in one synchronous step, so no transaction can begin in between.
   */
  async function afterTransaction<R>(work: () => R): Promise<R> {
    while (open) await released;
    return settle(work);
  }
  const outside = <R>(work: () => R): Promise<R> => (open ? afterTransaction(work) : settle(work));

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
      while (open) await released;
      open = true;
      let release = () => {};
      released = new Promise((resolve) => {
        release = resolve;
      });
      const handle = transactionHandle();
      try {
        prepare('BEGIN IMMEDIATE').run();
        const result = await fn(handle.tx);
        prepare('COMMIT').run();
        return result;
      } catch (error) {
        if (db.inTransaction) prepare('ROLLBACK').run();
        throw translate(error);
      } finally {
        handle.end();
        open = false;
        release();
      }
    },
    async *batches<T>(
      text: string,
      values: readonly SqlValue[],
      size: number,
      options?: BatchOptions,
    ): AsyncIterable<T[]> {
      while (open) await released;
      yield* batches<T>(text, values, size, options);
    },
    async close() {
      while (open) await released;
      if (db.open) db.close();
    },
  };
}
