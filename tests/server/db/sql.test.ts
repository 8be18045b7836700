import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Client, types } from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database';
import { type Migration, migrations } from '../../../server/db/migrations';
import { postgresMigrations } from '../../../server/db/postgres-migrations';
import { openPostgres } from '../../../server/db/postgres-sql';
import { type Sql, UniqueViolation } from '../../../server/db/sql';
import { sqliteSql } from '../../../server/db/sqlite-sql';
import { startPostgres } from '../../support/postgres-server';

/** One engine under test: where a fresh store lives, and how to open (and migrate) it there. */
interface Engine {
  name: 'sqlite' | 'postgres';
  /** A new, empty place for a store: a file path, or a schema name. */
  place(): string;
  openAt(place: string, list?: readonly Migration[]): Promise<Sql>;
  /** Everything the migrations created, to compare two opens of one store. */
  schema(sql: Sql): Promise<unknown[]>;
}

let postgres: { url: string; stop(): Promise<void> } | null = null;
const postgresUrl = () => {
  if (!postgres) throw new Error('PostgreSQL not started');
  return postgres.url;
};
const freshSchema = () => `t_${randomBytes(8).toString('hex')}`;
/** FROM and WHERE of a query over the triggers of the current schema (TRUNCATE ones included). */
const triggersHere = `FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT t.tgisinternal AND n.nspname = current_schema()`;

const engines: Engine[] = [
  {
    name: 'sqlite',
    place: () => join(mkdtempSync(join(tmpdir(), 'swatchbook-sql-')), 'store.sqlite'),
    openAt: async (path, list = migrations) => sqliteSql(openDatabase(path, list)),
    schema: (sql) => sql.all('SELECT type, name, sql FROM sqlite_master ORDER BY type, name'),
  },
  {
    name: 'postgres',
    place: freshSchema,
    openAt: (schema, list = postgresMigrations) =>
      openPostgres(postgresUrl(), { schema, migrations: list, max: 4, idleTimeoutMillis: 1000 }),
    schema: async (sql) => [
      ...(await sql.all(
        `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
         WHERE table_schema = current_schema() ORDER BY table_name, column_name`,
      )),
      ...(await sql.all(
        'SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname',
      )),
      ...(await sql.all(`SELECT t.tgname, pg_get_triggerdef(t.oid) AS definition ${triggersHere} ORDER BY 1`)),
    ],
  },
];

// One PostgreSQL for the whole file; every store opened on it has a schema of its own.
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
  postgres = null;
});

const opened: Sql[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((sql) => sql.close()));
});

const keys = async (sql: Sql) =>
  (await sql.all<{ key: string }>('SELECT key FROM app_meta ORDER BY key')).map((row) => row.key);
const put = (sql: Sql, key: string, value = 'v') =>
  sql.run('INSERT INTO app_meta (key, value) VALUES (?, ?)', [key, value]);
const appendEvent = (sql: Sql, stream: string, version: number, data = '{}') =>
  sql.run(
    "INSERT INTO events (stream_id, version, type, schema_version, data, actor, time) VALUES (?, ?, 'T', 1, ?, NULL, 'now')",
    [stream, version, data],
  );
const addUser = (sql: Sql, id: string) =>
  sql.run("INSERT INTO users (id, email, created_at) VALUES (?, ?, '2026-11-22T12:00:00.000Z')", [
    id,
    `${id}@example.com`,
  ]);
const deferred = () => {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe.each(engines)('the store interface on $name', (engine) => {
  const open = async (place = engine.place(), list?: readonly Migration[]) => {
    const sql = await engine.openAt(place, list);
    opened.push(sql);
    return sql;
  };

  it('runs statements with ? parameters: run counts the changed rows, get the first row, all every row', async () => {
    const sql = await open();
    expect(sql.engine).toBe(engine.name);
    for (const key of ['b', 'a', 'c']) expect(await put(sql, key, `value of ${key}`)).toBe(1);
    expect(await sql.run('UPDATE app_meta SET value = ? WHERE key IN (?, ?)', ['changed', 'a', 'c'])).toBe(2);
    expect(await sql.run('DELETE FROM app_meta WHERE key = ?', ['nothing'])).toBe(0);
    expect(await sql.get('SELECT key, value FROM app_meta WHERE key = ? AND value <> ?', ['b', 'x'])).toEqual({
      key: 'b',
      value: 'value of b',
    });
    expect(await sql.get('SELECT key FROM app_meta WHERE key = ?', ['missing'])).toBeUndefined();
    expect(await sql.all('SELECT key, value FROM app_meta ORDER BY key')).toEqual([
      { key: 'a', value: 'changed' },
      { key: 'b', value: 'value of b' },
      { key: 'c', value: 'changed' },
    ]);
  });

  it('returns counts, log positions and millisecond times as numbers', async () => {
    const sql = await open();
    await appendEvent(sql, 's', 1);
    await appendEvent(sql, 's', 2);
    await addUser(sql, 'u1');
    const expires = Date.UTC(2027, 0, 1); // far beyond 2^31
    await sql.run(
      'INSERT INTO sessions (id, user_id, created_at, expires_at, absolute_expires_at) VALUES (?, ?, ?, ?, ?)',
      ['sid', 'u1', expires - 1000, expires, expires + 1000],
    );
    expect(await sql.get('SELECT count(*) AS n FROM events')).toEqual({ n: 2 });
    const positions = await sql.all<{ position: unknown }>('SELECT position FROM events ORDER BY position');
    expect(positions.map((row) => typeof row.position)).toEqual(['number', 'number']);
    expect(await sql.get('SELECT created_at, expires_at, absolute_expires_at FROM sessions')).toEqual({
      created_at: expires - 1000,
      expires_at: expires,
      absolute_expires_at: expires + 1000,
    });
  });

  it('commits a transaction: its writes stay, and it returns what its body returned', async () => {
    const sql = await open();
    const result = await sql.transaction(async (tx) => {
      await put(tx, 'a');
      await put(tx, 'b');
      return keys(tx);
    });
    expect(result).toEqual(['a', 'b']);
    expect(await keys(sql)).toEqual(['a', 'b']);
  });

  it('rolls a transaction back when its body throws, and hands the caller that error', async () => {
    const sql = await open();
    await put(sql, 'before');
    const failing = sql.transaction(async (tx) => {
      await put(tx, 'inside');
      expect(await keys(tx)).toEqual(['before', 'inside']);
      throw new Error('changed my mind');
    });
    await expect(failing).rejects.toThrow('changed my mind');
    expect(await keys(sql)).toEqual(['before']);
  });

  it('joins a transaction opened inside another: it sees the outer writes, and a throw undoes both', async () => {
    const sql = await open();
    const failing = sql.transaction(async (tx) => {
      await put(tx, 'outer');
      const seen = await tx.transaction(async () => {
        await put(tx, 'inner');
        return keys(tx);
      });
      expect(seen).toEqual(['inner', 'outer']);
      throw new Error('undo both');
    });
    await expect(failing).rejects.toThrow('undo both');
    expect(await keys(sql)).toEqual([]);
  });

  it("keeps transactions apart: another transaction and a query from outside never see or join one's uncommitted writes", async () => {
    const sql = await open();
    const started = deferred();
    const finish = deferred();
    const first = sql.transaction(async (tx) => {
      await put(tx, 'first');
      started.resolve();
      await finish.promise;
      const seen = await keys(tx);
      throw Object.assign(new Error('roll first back'), { seen });
    });
    await started.promise;
    // Issued from outside while the first transaction is open: it must neither see its row nor
    // become part of it (a write that joined it would vanish in its rollback).
    const outsideWrite = put(sql, 'outside');
    const outsideRead = keys(sql);
    const second = sql.transaction(async (tx) => {
      await put(tx, 'second');
      return keys(tx);
    });
    if (engine.name === 'postgres') {
      // Real concurrency: neither waits for the first transaction to end.
      expect(await second).not.toContain('first');
      expect(await outsideRead).not.toContain('first');
    }
    finish.resolve();
    const error = await first.then(
      () => null,
      (e: Error & { seen?: string[] }) => e,
    );
    expect(error?.message).toBe('roll first back');
    expect(error?.seen).toContain('first');
    expect(await second).toContain('second');
    expect(await second).not.toContain('first');
    expect(await outsideRead).not.toContain('first');
    expect(await outsideWrite).toBe(1);
    expect(await keys(sql)).toEqual(['outside', 'second']);
  });

  it('lets transactions queued behind an open one go one at a time, and queries queued with them stay outside', async () => {
    const sql = await open();
    const hold = deferred();
    const first = sql.transaction(async (tx) => {
      await put(tx, 'first');
      await hold.promise;
    });
    // Several writers wake together when the first ends: each must still get a transaction of its own.
    const queued = Array.from({ length: 4 }, (_, i) =>
      sql.transaction(async (tx) => {
        await put(tx, `queued${i}`);
        if (i === 1) throw new Error('roll queued1 back');
        return keys(tx);
      }),
    );
    // Settled from the start: on PostgreSQL queued1 may fail before `first` ends.
    const settled = Promise.allSettled(queued);
    const outside = put(sql, 'outside');
    hold.resolve();
    await first;
    const results = await settled;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await outside).toBe(1);
    // Only queued1's own write was undone: nobody else's ran inside its transaction.
    expect(await keys(sql)).toEqual(['first', 'outside', 'queued0', 'queued2', 'queued3']);
  });

  it('turns a duplicate key into UniqueViolation, inside a transaction too (rolled back), and passes other errors through', async () => {
    const sql = await open();
    await put(sql, 'taken');
    await expect(put(sql, 'taken')).rejects.toBeInstanceOf(UniqueViolation);
    await appendEvent(sql, 's', 1);
    await expect(appendEvent(sql, 's', 1)).rejects.toBeInstanceOf(UniqueViolation);
    const inside = sql.transaction(async (tx) => {
      await put(tx, 'fresh');
      await put(tx, 'taken');
    });
    await expect(inside).rejects.toBeInstanceOf(UniqueViolation);
    expect(await keys(sql)).toEqual(['taken']);

    // Not a duplicate: a session of no user (a foreign key), a table that does not exist.
    // One at a time: on PostgreSQL the second would fail while the first is awaited, unhandled.
    for (const failing of [
      () => sql.run("INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ('s', 'nobody', 1, 2)"),
      () => sql.get('SELECT * FROM no_such_table'),
    ]) {
      const error = await failing().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(UniqueViolation);
      expect((error as { code?: unknown }).code).toEqual(expect.any(String));
    }
  });

  it('yields every row in batches, in order, inside a transaction its uncommitted rows too, and frees the cursor when left early', async () => {
    const sql = await open();
    for (let i = 0; i < 25; i++) await put(sql, `k${String(i).padStart(2, '0')}`, i % 2 ? 'odd' : 'even');
    await put(sql, 'other', 'x');
    const batches: string[][] = [];
    for await (const batch of sql.batches<{ key: string }>(
      'SELECT key FROM app_meta WHERE value IN (?, ?) ORDER BY key',
      ['odd', 'even'],
      10,
    )) {
      batches.push(batch.map((row) => row.key));
    }
    expect(batches.map((batch) => batch.length)).toEqual([10, 10, 5]);
    expect(batches.flat()).toEqual(Array.from({ length: 25 }, (_, i) => `k${String(i).padStart(2, '0')}`));

    for await (const _ of sql.batches('SELECT key FROM app_meta WHERE key = ?', ['none'], 10)) {
      throw new Error('no batch expected for no rows');
    }

    const seenInside = await sql.transaction(async (tx) => {
      await put(tx, 'zz uncommitted');
      const all: string[] = [];
      for await (const batch of tx.batches<{ key: string }>('SELECT key FROM app_meta ORDER BY key', [], 7)) {
        all.push(...batch.map((row) => row.key));
      }
      return all;
    });
    expect(seenInside).toHaveLength(27);
    expect(seenInside.at(-1)).toBe('zz uncommitted');

    // More early exits than the pool has connections: each must give its connection back.
    for (let i = 0; i < 6; i++) {
      for await (const batch of sql.batches<{ key: string }>('SELECT key FROM app_meta ORDER BY key', [], 3)) {
        expect(batch).toHaveLength(3);
        break;
      }
    }
    expect(await sql.get('SELECT count(*) AS n FROM app_meta')).toEqual({ n: 27 });
  });

  it('yields rows as arrays of their columns in the query order when asked, in a transaction too, and objects again after', async () => {
    const sql = await open();
    for (let i = 0; i < 5; i++) await put(sql, `k${i}`, `v${i}`);
    const arrays: unknown[] = [];
    for await (const batch of sql.batches<[string, string, number]>(
      'SELECT value, key, 7 AS seven FROM app_meta WHERE key >= ? ORDER BY key',
      ['k1'],
      3,
      { rows: 'arrays' },
    )) {
      arrays.push(batch);
    }
    expect(arrays).toEqual([
      [
        ['v1', 'k1', 7],
        ['v2', 'k2', 7],
        ['v3', 'k3', 7],
      ],
      [['v4', 'k4', 7]],
    ]);
    const inside = await sql.transaction(async (tx) => {
      const rows: unknown[] = [];
      for await (const batch of tx.batches('SELECT key FROM app_meta ORDER BY key', [], 10, { rows: 'arrays' })) {
        rows.push(...batch);
      }
      return rows;
    });
    expect(inside).toEqual(['k0', 'k1', 'k2', 'k3', 'k4'].map((key) => [key]));
    // The same text without the option still reads objects.
    for await (const batch of sql.batches('SELECT key FROM app_meta ORDER BY key', [], 10)) {
      expect(batch[0]).toEqual({ key: 'k0' });
    }
  });

  it('orders palettes newest first with rowid breaking ties, and reads JSON fields in its own dialect', async () => {
    const sql = await open();
    for (const id of ['p1', 'p2', 'p3']) {
      await sql.run(
        `INSERT INTO palettes (id, user_id, name, colors, created_at, updated_at, version)
         VALUES (?, 'u1', ?, '[]', '2026-11-22T12:00:00.000Z', '2026-11-22T12:00:00.000Z', 1)`,
        [id, `Palette ${id}`],
      );
    }
    const order = await sql.all<{ id: string }>(
      'SELECT id FROM palettes WHERE user_id = ? ORDER BY created_at DESC, rowid DESC',
      ['u1'],
    );
    expect(order.map((row) => row.id)).toEqual(['p3', 'p2', 'p1']);

    await appendEvent(sql, 'palette-a', 1, JSON.stringify({ ownerId: 'u1', name: 'A' }));
    await appendEvent(sql, 'palette-b', 1, JSON.stringify({ ownerId: 'u2', name: 'B' }));
    const owned = await sql.all<{ stream_id: string }>(
      `SELECT stream_id FROM ${sql.dialect.eventsInLogOrder} WHERE ${sql.dialect.jsonText('data', 'ownerId')} = ? ORDER BY position`,
      ['u2'],
    );
    expect(owned).toEqual([{ stream_id: 'palette-b' }]);
  });

  it('keeps the event log append-only: UPDATE, DELETE (and TRUNCATE) refused by the database, malformed JSON too', async () => {
    const sql = await open();
    await appendEvent(sql, 's', 1, '{"a":1}');
    await expect(sql.run("UPDATE events SET type = 'x'")).rejects.toThrow('events are append-only: UPDATE refused');
    await expect(sql.run('UPDATE events SET data = ? WHERE stream_id = ?', ['{}', 's'])).rejects.toThrow(
      'events are append-only: UPDATE refused',
    );
    await expect(sql.run('DELETE FROM events')).rejects.toThrow('events are append-only: DELETE refused');
    if (engine.name === 'postgres') {
      await expect(sql.run('TRUNCATE events')).rejects.toThrow('events are append-only: TRUNCATE refused');
      await expect(sql.run('TRUNCATE events CASCADE')).rejects.toThrow('events are append-only: TRUNCATE refused');
    }
    await expect(appendEvent(sql, 's', 2, 'not json')).rejects.toThrow();
    await expect(appendEvent(sql, 's', 0)).rejects.toThrow();
    expect(await sql.all('SELECT stream_id, version, data FROM events')).toEqual([
      { stream_id: 's', version: 1, data: '{"a":1}' },
    ]);
  });

  it('lets events be deleted only for the listed streams of an account whose user row is gone', async () => {
    const sql = await open();
    await addUser(sql, 'leaver');
    await addUser(sql, 'stayer');
    await appendEvent(sql, 'palette-leaver', 1);
    await appendEvent(sql, 'palette-leaver', 2);
    await appendEvent(sql, 'palette-stayer', 1);

    await expect(
      sql.run("INSERT INTO erased_accounts (user_id, erased_at) VALUES (?, 'now')", ['stayer']),
    ).rejects.toThrow('erase the user row before recording the erasure');
    await expect(
      sql.run('INSERT INTO erasing_streams (stream_id, user_id) VALUES (?, ?)', ['palette-stayer', 'stayer']),
    ).rejects.toThrow('only the streams of an erased account may be purged');

    // The user row gone but the erasure not recorded: still no purge, and the whole attempt rolls back.
    await expect(
      sql.transaction(async (tx) => {
        await tx.run('DELETE FROM users WHERE id = ?', ['leaver']);
        await tx.run('INSERT INTO erasing_streams (stream_id, user_id) VALUES (?, ?)', ['palette-leaver', 'leaver']);
      }),
    ).rejects.toThrow('only the streams of an erased account may be purged');
    expect(await sql.get('SELECT count(*) AS n FROM users')).toEqual({ n: 2 });

    // Listing the leaver's stream opens exactly that stream: a DELETE reaching another one is refused.
    const erase = async (deleteEvents: string) =>
      sql.transaction(async (tx) => {
        await tx.run('DELETE FROM users WHERE id = ?', ['leaver']);
        await tx.run("INSERT INTO erased_accounts (user_id, erased_at) VALUES (?, 'now')", ['leaver']);
        await tx.run('INSERT INTO erasing_streams (stream_id, user_id) VALUES (?, ?)', ['palette-leaver', 'leaver']);
        const count = await tx.run(deleteEvents);
        await tx.run('DELETE FROM erasing_streams');
        await tx.run('DELETE FROM erased_accounts WHERE user_id = ?', ['leaver']);
        return count;
      });
    await expect(erase('DELETE FROM events')).rejects.toThrow('events are append-only: DELETE refused');
    expect(await sql.get('SELECT count(*) AS n FROM events')).toEqual({ n: 3 });

    expect(await erase('DELETE FROM events WHERE stream_id IN (SELECT stream_id FROM erasing_streams)')).toBe(2);
    expect(await sql.all('SELECT id FROM users')).toEqual([{ id: 'stayer' }]);
    expect(await sql.get('SELECT count(*) AS n FROM erased_accounts')).toEqual({ n: 0 });
    expect(await sql.all('SELECT stream_id, version FROM events')).toEqual([
      { stream_id: 'palette-stayer', version: 1 },
    ]);
    await expect(sql.run('DELETE FROM events WHERE stream_id = ?', ['palette-stayer'])).rejects.toThrow(
      'events are append-only: DELETE refused',
    );
  });

  it('records every migration once; opening again applies nothing and leaves the same schema', async () => {
    const place = engine.place();
    const list = engine.name === 'postgres' ? postgresMigrations : migrations;
    const first = await open(place);
    const records = await first.all<{ version: number; name: string; applied_at: string }>(
      'SELECT version, name, applied_at FROM schema_migrations ORDER BY version',
    );
    expect(records.map(({ version, name }) => ({ version, name }))).toEqual(
      list.map(({ version, name }) => ({ version, name })),
    );
    const schema = await engine.schema(first);
    await first.close();
    const again = await open(place);
    expect(await again.all('SELECT version, name, applied_at FROM schema_migrations ORDER BY version')).toEqual(
      records,
    );
    expect(await engine.schema(again)).toEqual(schema);
  });

  it('rolls back a failing migration completely', async () => {
    const place = engine.place();
    const list = engine.name === 'postgres' ? postgresMigrations : migrations;
    await open(place);
    const broken = { version: 999, name: 'broken', sql: 'CREATE TABLE half (x INTEGER); SELECT * FROM nowhere;' };
    await expect(open(place, [...list, broken])).rejects.toThrow(/nowhere/);
    const sql = await open(place);
    await expect(sql.get('SELECT * FROM half')).rejects.toThrow(/half/);
    expect(await sql.get('SELECT version FROM schema_migrations WHERE version = 999')).toBeUndefined();
  });
});

describe('SQLite only: group commit', () => {
  const openFile = () => {
    const path = engines[0]!.place();
    const sql = sqliteSql(openDatabase(path));
    opened.push(sql);
    // A second connection to the same file, as another process would have: it sees only what is committed.
    const other = new Database(path);
    return { sql, other, close: () => other.close() };
  };
  const othersKeys = (other: Database.Database) =>
    other
      .prepare('SELECT key FROM app_meta ORDER BY key')
      .all()
      .map((row) => (row as { key: string }).key);
  /** Frames in the write-ahead log so far: what the commits have written to disk. */
  const walFrames = (other: Database.Database) =>
    (other.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number }>)[0]?.log ?? Number.NaN;

  it('commits transactions that end in the same turn with one COMMIT, and settles each only once it is committed', async () => {
    const { sql, other, close } = openFile();
    try {
      // Eight one after another: a commit (and its frames in the log) each.
      for (let i = 0; i < 8; i++) await sql.transaction((tx) => put(tx, `one${i}`));
      const oneByOne = walFrames(other);
      other.pragma('wal_checkpoint(TRUNCATE)');
      const seenWhenSettled: string[][] = [];
      const together = Array.from({ length: 8 }, (_, i) =>
        sql.transaction((tx) => put(tx, `together${i}`)).then(() => seenWhenSettled.push(othersKeys(other))),
      );
      // Asked from outside while they wait for their commit: it answers what is committed, after it.
      const outside = keys(sql);
      await Promise.all(together);
      expect(walFrames(other)).toBeLessThan(oneByOne / 4);
      // Each caller learned of its write only when another connection could already read all eight.
      for (const seen of seenWhenSettled) expect(seen.filter((key) => key.startsWith('together'))).toHaveLength(8);
      expect((await outside).filter((key) => key.startsWith('together'))).toHaveLength(8);
    } finally {
      close();
    }
  });

  it('undoes only the transaction that failed among those committed together', async () => {
    const { sql, other, close } = openFile();
    try {
      const results = await Promise.allSettled(
        ['a', 'b', 'c'].map((key) =>
          sql.transaction(async (tx) => {
            await put(tx, key);
            if (key === 'b') await put(tx, 'a');
            return key;
          }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(UniqueViolation);
      expect(othersKeys(other)).toEqual(['a', 'c']);
    } finally {
      close();
    }
  });

  it('tells every transaction of a batch whose COMMIT fails, keeps none of their writes, and goes on working', async () => {
    const { sql, other, close } = openFile();
    try {
      // A constraint checked only at COMMIT stands in for a commit the disk refuses.
      await sql.run('CREATE TABLE notes (key TEXT REFERENCES app_meta (key) DEFERRABLE INITIALLY DEFERRED)');
      const results = await Promise.allSettled([
        sql.transaction((tx) => put(tx, 'kept-if-alone')),
        sql.transaction((tx) => tx.run("INSERT INTO notes (key) VALUES ('no such key')")),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect(othersKeys(other)).toEqual([]);
      await sql.transaction((tx) => put(tx, 'after'));
      expect(othersKeys(other)).toEqual(['after']);
      expect(await keys(sql)).toEqual(['after']);
    } finally {
      close();
    }
  });
});

describe('PostgreSQL only', () => {
  const open = async (options: Parameters<typeof openPostgres>[1] = {}, url = postgresUrl()) => {
    const sql = await openPostgres(url, options);
    opened.push(sql);
    return sql;
  };

  it('has the same migrations as SQLite, by version and name', () => {
    const named = (list: readonly Migration[]) => list.map(({ version, name }) => ({ version, name }));
    expect(named(postgresMigrations).slice(0, migrations.length)).toEqual(named(migrations));
  });

  it('builds the same tables, columns, nullability, indexes and triggers as the SQLite migrations', async () => {
    const versions = new Set(migrations.map((m) => m.version));
    const pgSql = await open({
      schema: freshSchema(),
      migrations: postgresMigrations.filter((m) => versions.has(m.version)),
    });
    const liteSql = sqliteSql(openDatabase(engines[0]!.place()));
    opened.push(liteSql);

    type Column = { table: string; column: string; type: string; notnull: boolean };
    const liteTables = await liteSql.all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    );
    const liteColumns: Column[] = [];
    for (const { name } of liteTables) {
      const info = await liteSql.all<{ name: string; type: string; notnull: number; pk: number }>(
        `SELECT name, type, "notnull", pk FROM pragma_table_info('${name}')`,
      );
      for (const c of info) {
        liteColumns.push({
          table: name,
          column: c.name,
          type: c.type.toLowerCase(),
          notnull: c.notnull === 1 || c.pk > 0,
        });
      }
    }
    const pgColumns = (
      await pgSql.all<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
        `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
         WHERE table_schema = current_schema() AND NOT (table_name = 'palettes' AND column_name = 'rowid')`,
      )
    ).map((c) => ({
      table: c.table_name,
      column: c.column_name,
      // SQLite's INTEGER holds 64 bits; PostgreSQL's integer and bigint are both its twin.
      type: c.data_type === 'bigint' ? 'integer' : c.data_type,
      notnull: c.is_nullable === 'NO',
    }));
    const byName = (a: Column, b: Column) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`);
    expect(pgColumns.sort(byName)).toEqual(liteColumns.sort(byName));

    const liteIndexes = (
      await liteSql.all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex%' ORDER BY name",
      )
    ).map((row) => row.name);
    const pgIndexes = (
      await pgSql.all<{ indexname: string }>(
        `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()
         AND indexname NOT LIKE '%\\_pkey' AND indexname NOT LIKE '%\\_key' ORDER BY indexname`,
      )
    ).map((row) => row.indexname);
    expect(pgIndexes).toEqual(liteIndexes);

    const liteTriggers = (
      await liteSql.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
    ).map((row) => row.name);
    const pgTriggers = (await pgSql.all<{ name: string }>(`SELECT t.tgname AS name ${triggersHere} ORDER BY 1`)).map(
      (row) => row.name,
    );
    expect(pgTriggers).toEqual([...liteTriggers, 'events_append_only_truncate'].sort());
  });

  it('two processes starting at once on a fresh database both start, with one set of migrations', async () => {
    const admin = new Client({ connectionString: postgresUrl() });
    await admin.connect();
    const names = ['fresh_a', 'fresh_b'];
    for (const name of names) await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    for (const name of names) {
      const url = new URL(postgresUrl());
      url.pathname = `/${name}`;
      // The default schema of a fresh database, and a schema neither has created yet.
      for (const schema of [undefined, 'shared_schema']) {
        const starts = await Promise.allSettled([0, 1, 2].map(() => open({ schema }, url.toString())));
        expect(starts.map((start) => start.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
        const sql = (starts[0] as PromiseFulfilledResult<Sql>).value;
        const recorded = await sql.all<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
        expect(recorded.map((row) => row.version)).toEqual(postgresMigrations.map((m) => m.version));
      }
    }
  });

  it("reads bigint as numbers in its own pool only, leaving pg's global parsers alone", async () => {
    const sql = await open({ schema: freshSchema() });
    expect(await sql.get('SELECT count(*) AS n, 9007199254740991::bigint AS big FROM app_meta')).toEqual({
      n: 0,
      big: Number.MAX_SAFE_INTEGER,
    });
    expect(types.getTypeParser(20, 'text')('42')).toBe('42');
    const other = new Client({ connectionString: postgresUrl() });
    await other.connect();
    const { rows } = await other.query('SELECT count(*) AS n FROM pg_class WHERE false');
    await other.end();
    expect(rows).toEqual([{ n: '0' }]);
  });

  it('keeps answering after another process adds a column to a table it has a prepared statement for', async () => {
    const schema = freshSchema();
    const sql = await open({ schema, max: 1 });
    await put(sql, 'k', 'v');
    expect(await sql.get('SELECT * FROM app_meta WHERE key = ?', ['k'])).toEqual({ key: 'k', value: 'v' });
    const otherProcess = await open({ schema });
    await otherProcess.run('ALTER TABLE app_meta ADD COLUMN note TEXT');
    expect(await sql.get('SELECT * FROM app_meta WHERE key = ?', ['k'])).toEqual({ key: 'k', value: 'v', note: null });
    // Inside a transaction the stale statement cannot be retried in place, but the next one works.
    await otherProcess.run('ALTER TABLE app_meta DROP COLUMN note');
    const inside = () => sql.transaction((tx) => tx.get('SELECT * FROM app_meta WHERE key = ?', ['k']));
    const first = await inside().catch((error: Error) => error.message);
    expect([{ key: 'k', value: 'v' }, 'cached plan must not change result type']).toContainEqual(first);
    expect(await inside()).toEqual({ key: 'k', value: 'v' });
  });

  it('names its connections and works in the schema it was given, creating it', async () => {
    const schema = freshSchema();
    const sql = await open({ schema });
    expect(await sql.get('SELECT current_schema() AS schema, current_setting(?) AS app', ['application_name'])).toEqual(
      {
        schema,
        app: 'swatchbook',
      },
    );
    await expect(open({ schema: 'bad; DROP TABLE events' })).rejects.toThrow(/schema name/);
  });

  it('starts as a role that owns its schema but may not create schemas (a least-privilege deployment)', async () => {
    const admin = new Client({ connectionString: postgresUrl() });
    await admin.connect();
    await admin.query('CREATE ROLE swatchbook_app LOGIN');
    await admin.query('CREATE SCHEMA app_owned AUTHORIZATION swatchbook_app');
    await admin.end();
    const url = new URL(postgresUrl());
    url.username = 'swatchbook_app';
    const sql = await open({ schema: 'app_owned' }, url.toString());
    await put(sql, 'k');
    expect(await sql.get('SELECT current_user AS who, current_schema() AS schema FROM app_meta')).toEqual({
      who: 'swatchbook_app',
      schema: 'app_owned',
    });
  });

  it('explains what to install when the PostgreSQL binaries are missing', async () => {
    const saved = process.env.PG_BIN;
    process.env.PG_BIN = join(tmpdir(), 'no-postgres-here');
    try {
      await expect(startPostgres()).rejects.toThrow('apt-get install -y postgresql');
    } finally {
      if (saved === undefined) delete process.env.PG_BIN;
      else process.env.PG_BIN = saved;
    }
  });
});
