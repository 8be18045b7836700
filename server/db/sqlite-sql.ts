import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';
import { type Sql, type SqlValue, UniqueViolation } from './sql';

const isUnique = (error: unknown) => {
  const code = (error as { code?: string }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};
const translate = (error: unknown) => (isUnique(error) ? new UniqueViolation(error) : error);

/**
 * The store interface on one better-sqlite3 connection. Statements run synchronously, so the
 * only care is transactions: one connection has one transaction, and a query from another request
 * must not slip into it while it awaits. A transaction is owned by its async context
 * (AsyncLocalStorage); queries from any other context wait until it commits or rolls back.
 */
export function sqliteSql(db: Database.Database): Sql & { readonly db: Database.Database } {
  const statements = new Map<string, Database.Statement>();
  const prepare = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
  const owner = new AsyncLocalStorage<symbol>();
  let open: symbol | null = null;
  let released: Promise<void> = Promise.resolve();
  const mayRun = () => open === null || owner.getStore() === open;

  async function whenFree() {
    while (!mayRun()) await released;
  }
  function exec<R>(work: () => R): Promise<R> {
    if (mayRun()) {
      try {
        return Promise.resolve(work());
      } catch (error) {
        return Promise.reject(translate(error));
      }
    }
    return whenFree().then(() => {
      try {
        return work();
      } catch (error) {
        throw translate(error);
      }
    });
  }
  const params = (values: readonly SqlValue[] | undefined) => (values ?? []) as SqlValue[];

  return {
    engine: 'sqlite',
    db,
    dialect: {
      jsonText: (column, key) => `json_extract(${column}, '$.${key}')`,
      // NOT INDEXED: a straight scan in position order; the stream index would force a 1M-row sort.
      eventsInLogOrder: 'events NOT INDEXED',
      // BEGIN IMMEDIATE already holds the only write lock.
      lockEventsForReplay: null,
    },
    get: <T>(text: string, values?: readonly SqlValue[]) =>
      exec(() => prepare(text).get(...params(values)) as T | undefined),
    all: <T>(text: string, values?: readonly SqlValue[]) => exec(() => prepare(text).all(...params(values)) as T[]),
    run: (text: string, values?: readonly SqlValue[]) => exec(() => prepare(text).run(...params(values)).changes),
    async transaction<T>(fn: () => Promise<T>): Promise<T> {
      if (open !== null && owner.getStore() === open) return fn();
      while (open !== null) await released;
      const token = Symbol('transaction');
      open = token;
      let release = () => {};
      released = new Promise((resolve) => {
        release = resolve;
      });
      try {
        prepare('BEGIN IMMEDIATE').run();
        const result = await owner.run(token, fn);
        prepare('COMMIT').run();
        return result;
      } catch (error) {
        if (db.inTransaction) prepare('ROLLBACK').run();
        throw translate(error);
      } finally {
        open = null;
        release();
      }
    },
    async *batches<T>(text: string, values: readonly SqlValue[], size: number): AsyncIterable<T[]> {
      // The connection is busy while the cursor is open: callers use this alone (replays, copies).
      await whenFree();
      let batch: T[] = [];
      for (const row of prepare(text).iterate(...params(values))) {
        batch.push(row as T);
        if (batch.length >= size) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    },
    async close() {
      await whenFree();
      if (db.open) db.close();
    },
  };
}
