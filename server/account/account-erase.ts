import { PALETTE_STREAM_PREFIX } from '../../shared/palette/palette-events';
import type { Sql } from '../db/sql';
import { sqliteOf } from '../db/sqlite-sql';

const TABLES_OF_USER = [
  'sessions',
  'email_confirmations',
  'password_resets',
  'known_devices',
  'identities',
  'totp_recovery_codes',
  'pending_sign_ins',
] as const;

/**
 * The indexes whose keys carry a person's account id, address or share ids (tables for all their
 * indexes). Rebuilt after an erasure: interior pages keep keys as dividers after the rows are gone.
 * Not the events and palettes primary keys: rebuilding the log's index takes seconds per million
 * events (the server waits meanwhile), and its dividers are only random palette ids (server/README.md).
 */
const REBUILT = [
  'users',
  ...TABLES_OF_USER,
  'palettes_by_user',
  'palette_counts',
  'shares',
  'erased_accounts',
  'erasing_streams',
];
/** Every table an erasure deletes from (PostgreSQL's VACUUM takes tables). */
const VACUUMED = [
  'users',
  ...TABLES_OF_USER,
  'palettes',
  'palette_counts',
  'shares',
  'events',
  'erased_accounts',
  'erasing_streams',
];

/**
 * Erases a person: the user row, sessions, links, devices, identities, their palettes and shares,
 * and every event of their palette streams, in one transaction. The event log refuses DELETE except
 * for streams listed in erasing_streams, which only accepts streams of an account already recorded
 * in erased_accounts, which only accepts an id whose user row is gone (migration 6); both guard
 * tables are emptied again before the commit, so outside this transaction nothing can be purged. Everyone
 * else's history stays append-only and their projections still equal a replay.
 *
 * On SQLite, secure_delete overwrites the freed pages with zeros, and the WAL is checkpointed and
 * truncated afterwards, so no name or colour of theirs stays readable in the database files.
 * PostgreSQL has neither: its dead rows stay in the table files until VACUUM frees their space and
 * new rows overwrite it (server/README.md); `vacuumed` settles when the VACUUM it starts has run.
 */
export async function eraseAccount(
  sql: Sql,
  userId: string,
  now: () => Date,
): Promise<{ streams: number; vacuumed: Promise<void> }> {
  // Pragmas exist only on SQLite, so they go to its connection, never through the shared interface.
  const sqlite = sqliteOf(sql);
  const result = await sql.transaction(async (tx) => {
    // Set inside the transaction, which holds the one connection: no other request's statement runs
    // between switching it on and restoring it, and every page this erasure frees is zeroed.
    const previous = sqlite ? (sqlite.pragma('secure_delete', { simple: true }) as number) : 0;
    sqlite?.pragma('secure_delete = ON');
    try {
      // Their streams: every palette created as theirs (deleted ones too, whose projection row is gone).
      // A stream's owner never changes, so this never reaches into anyone else's history.
      const streams = (
        await tx.all<{ stream_id: string }>(
          `SELECT DISTINCT stream_id FROM events
           WHERE type = 'PaletteCreated' AND ${tx.dialect.jsonText('data', 'ownerId')} = ?
             AND substr(stream_id, 1, ${PALETTE_STREAM_PREFIX.length}) = ?`,
          [userId, PALETTE_STREAM_PREFIX],
        )
      ).map((row) => row.stream_id);
      await tx.run('DELETE FROM shares WHERE palette_id IN (SELECT id FROM palettes WHERE user_id = ?)', [userId]);
      await tx.run('DELETE FROM palettes WHERE user_id = ?', [userId]);
      await tx.run('DELETE FROM palette_counts WHERE user_id = ?', [userId]);
      for (const table of TABLES_OF_USER) await tx.run(`DELETE FROM ${table} WHERE user_id = ?`, [userId]);
      if ((await tx.run('DELETE FROM users WHERE id = ?', [userId])) !== 1) throw new Error('no such account');
      await tx.run('INSERT INTO erased_accounts (user_id, erased_at) VALUES (?, ?)', [userId, now().toISOString()]);
      for (const stream of streams) {
        await tx.run('INSERT INTO erasing_streams (stream_id, user_id) VALUES (?, ?)', [stream, userId]);
      }
      await tx.run('DELETE FROM events WHERE stream_id IN (SELECT stream_id FROM erasing_streams)');
      await tx.run('DELETE FROM erasing_streams');
      // Not even the random id stays: the guard rows exist only inside this transaction.
      await tx.run('DELETE FROM erased_accounts WHERE user_id = ?', [userId]);
      return { streams: streams.length };
    } finally {
      sqlite?.pragma(`secure_delete = ${previous ? 'ON' : 'OFF'}`);
    }
  });
  if (sqlite) {
    // Rebuilt, the old index pages are freed, and zeroed (secure_delete, db/database.ts).
    for (const name of REBUILT) await sql.run(`REINDEX ${name}`);
    // Old page images in the WAL still hold what was deleted: fold them into the file and truncate it.
    // Through the handle, so it waits until no other request's transaction holds the connection.
    await sql.get('PRAGMA wal_checkpoint(TRUNCATE)');
    return { ...result, vacuumed: Promise.resolve() };
  }
  // PostgreSQL keeps the deleted rows as dead tuples until VACUUM marks their space free for new rows
  // to overwrite; autovacuum may wait for many more deletes. Asked for now, not awaited: on a large
  // log it takes a while, and it takes no lock that reads or writes wait for. Without the right to
  // vacuum (not the tables' owner) PostgreSQL skips it with a warning.
  const vacuumed = sql.run(`VACUUM ${VACUUMED.join(', ')}`).then(() => {});
  return { ...result, vacuumed };
}
