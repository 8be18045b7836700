import { createHash } from 'node:crypto';
import { type CustomTypesConfig, Pool, type PoolClient, type QueryResultRow, types } from 'pg';
import type { Migration } from './migrations';
import { postgresMigrations } from './postgres-migrations';
import { type BatchOptions, type Dialect, type Sql, type SqlValue, UniqueViolation } from './sql';

interface PostgresOptions {
  /** Most connections the pool opens (pg's default is 10). */
  max?: number;
  /** How long an idle connection stays open (ms); short in tests, so hundreds of test apps fit. */
  idleTimeoutMillis?: number;
  /** Every connection works in this schema (created if missing): tests give each app its own. */
  schema?: string;
  /** The migrations to bring the database to; all of them unless a test says otherwise. */
  migrations?: readonly Migration[];
}

const INT8_OID = 20;
// bigint (BIGINT columns, count(*), BIGSERIAL) arrives as a string by default: ours are counts and
// milliseconds, far inside 2^53. Per pool, so no other pg user in the process is affected.
const int8AsNumber: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? Number : types.getTypeParser(oid, format)) as CustomTypesConfig['getTypeParser'],
};

// Any constant will do, as long as every Swatchbook process takes the same one ('swat' in ASCII).
const MIGRATION_LOCK = 0x73776174;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

const UNIQUE_VIOLATION = '23505';
const codeOf = (error: unknown) => (error as { code?: string } | null)?.code;
const translate = (error: unknown) => (codeOf(error) === UNIQUE_VIOLATION ? new UniqueViolation(error) : error);
// A named statement whose table gained or lost a column (another process migrated) cannot run again.
const isStalePlan = (error: unknown) =>
  codeOf(error) === '0A000' && /cached plan must not change result type/.test(String((error as Error).message));

interface Statement {
  /** The text with `$1, $2, …` for the shared `?`. */
  text: string;
  /** Names the server-side prepared statement: the same text, the same name, on every connection. */
  hash: string;
}

/** The shared SQL writes `?`; PostgreSQL numbers its parameters. Our SQL has no `?` in literals. */
const numbered = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

interface Transaction {
  client: PoolClient;
  /** Set once the body has settled: a straggling query from it must not reach a released client. */
  ended: boolean;
}

/**
 * Opens a pool on the PostgreSQL database at `url`, brings its schema up to date (several
 * processes may start at once: they take turns) and returns the store interface on it.
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Sql> {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`not a plain schema name: ${schema}`);
  const pool = new Pool({
    connectionString: url,
    max: options.max,
    idleTimeoutMillis: options.idleTimeoutMillis,
    application_name: 'swatchbook',
    options: schema ? `-c search_path=${schema}` : undefined,
    types: int8AsNumber,
  });
  // An idle connection the server drops (restart, shutdown) is removed from the pool, and the next
  // query opens a fresh one; without a listener that event would end the process.
  pool.on('error', () => {});
  try {
    await migrate(pool, options.migrations ?? postgresMigrations, schema);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return postgresSql(pool);
}

/**
 * Applies the migrations this database has not run, all in one transaction under an advisory lock:
 * a second process starting at the same moment waits at the lock, then finds them recorded. DDL is
 * transactional in PostgreSQL, so each migration commits together with its record (and a failing
 * one leaves the database as it was).
 */
async function migrate(pool: Pool, migrations: readonly Migration[], schema: string | undefined): Promise<number> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    // Only when missing: CREATE SCHEMA checks the right to create schemas even when it exists.
    if (schema && (await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema])).rowCount === 0) {
      await client.query(`CREATE SCHEMA ${schema}`);
    }
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    let applied = 0;
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ]);
      applied++;
    }
    await client.query('COMMIT');
    return applied;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

function postgresSql(pool: Pool): Sql {
  const statements = new Map<string, Statement>();
  const statement = (text: string) => {
    let found = statements.get(text);
    if (!found) {
      found = { text: numbered(text), hash: createHash('sha1').update(text).digest('hex') };
      statements.set(text, found);
    }
    return found;
  };
  // Bumped when a prepared plan went stale, so every connection prepares every statement afresh.
  let generation = 0;
  const dialect: Dialect = {
    jsonText: (column, key) => `(${column}::jsonb ->> '${key}')`,
    // No hint needed: the planner reads the primary key in order or sorts, whichever is cheaper.
    eventsInLogOrder: 'events',
    // Appends (INSERT) wait while a replay rewrites the projections; reads go on.
    lockEventsForReplay: 'LOCK TABLE events IN SHARE MODE',
  };

  async function query<T extends QueryResultRow>(
    transaction: Transaction | null,
    text: string,
    values: readonly SqlValue[] | undefined,
  ) {
    if (transaction?.ended) throw new Error('transaction handle used after its transaction ended');
    const { text: numberedText, hash } = statement(text);
    const send = () =>
      (transaction?.client ?? pool).query<T>({
        name: `q${generation}_${hash}`,
        text: numberedText,
        values: values ? [...values] : [],
      });
    try {
      return await send();
    } catch (error) {
      if (!isStalePlan(error)) throw translate(error);
      generation++;
      // Inside a transaction the error has already aborted it; outside, the fresh plan just runs.
      if (transaction) throw error;
      try {
        return await send();
      } catch (again) {
        throw translate(again);
      }
    }
  }

  // Cursor names: unique per pool, so two cursors may share one caller's transaction.
  let cursors = 0;
  async function* batches<T>(
    joined: Transaction | null,
    text: string,
    values: readonly SqlValue[],
    size: number,
    options?: BatchOptions,
  ): AsyncIterable<T[]> {
    if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`batch size must be a positive integer: ${size}`);
    const numberedText = statement(text).text;
    // A cursor lives in a transaction: the caller's if there is one (it sees that transaction's
    // writes), else one of its own on its own connection.
    const client = joined?.client ?? (await pool.connect());
    const cursor = `batches_${++cursors}`;
    let finished = false;
    let broken: Error | undefined;
    try {
      if (!joined) await client.query('BEGIN');
      await client.query({ text: `DECLARE ${cursor} NO SCROLL CURSOR FOR ${numberedText}`, values: [...values] });
      for (;;) {
        const { rows } = await client.query({
          text: `FETCH FORWARD ${size} FROM ${cursor}`,
          ...(options?.rows === 'arrays' ? { rowMode: 'array' as const } : {}),
        });
        if (rows.length > 0) yield rows as T[];
        if (rows.length < size) break;
      }
      await client.query(joined ? `CLOSE ${cursor}` : 'COMMIT');
      finished = true;
    } catch (error) {
      throw translate(error);
    } finally {
      // Left early (a break in the caller's loop) or failed: close the cursor or end the transaction.
      if (!finished) {
        await client.query(joined ? `CLOSE ${cursor}` : 'ROLLBACK').catch((error: Error) => {
          broken = error;
        });
      }
      if (!joined) client.release(broken);
    }
  }

  let closed: Promise<void> | null = null;
  /** The pool's handle (`transaction` null), or a transaction's: its queries go to its client only. */
  function handle(transaction: Transaction | null): Sql {
    const sql: Sql = {
      engine: 'postgres',
      dialect,
      get: async <T>(text: string, values?: readonly SqlValue[]) =>
        (await query<QueryResultRow>(transaction, text, values)).rows[0] as T | undefined,
      all: async <T>(text: string, values?: readonly SqlValue[]) =>
        (await query<QueryResultRow>(transaction, text, values)).rows as T[],
      run: async (text: string, values?: readonly SqlValue[]) => (await query(transaction, text, values)).rowCount ?? 0,
      async transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
        if (transaction) return fn(sql);
        const client = await pool.connect();
        const opened: Transaction = { client, ended: false };
        let broken: Error | undefined;
        try {
          await client.query('BEGIN');
          let result: T;
          try {
            result = await fn(handle(opened));
          } finally {
            opened.ended = true;
          }
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch((rollbackError: Error) => {
            broken = rollbackError;
          });
          throw translate(error);
        } finally {
          // A connection that could not roll back is closed rather than handed to the next caller.
          client.release(broken);
        }
      },
      batches: <T>(text: string, values: readonly SqlValue[], size: number, options?: BatchOptions) =>
        batches<T>(transaction, text, values, size, options),
      close() {
        if (transaction) return Promise.reject(new Error('close the store, not a transaction'));
        closed ??= pool.end();
        return closed;
      },
    };
    return sql;
  }
  return handle(null);
}
