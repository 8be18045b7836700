import type Database from 'better-sqlite3';
import { PALETTE_STREAM_PREFIX } from '../../shared/palette/palette-events';

/**
 * Erases a person: the user row, sessions, links, devices, identities, their palettes and shares,
 * and every event of their palette streams, in one transaction. The event log refuses DELETE except
 * for streams listed in erasing_streams, which only accepts streams of an account already recorded
 * in erased_accounts, which only accepts an id whose user row is gone (migration 6); both guard
 * tables are emptied again before the commit, so outside this transaction nothing can be purged. Everyone
 * else's history stays append-only and their projections still equal a replay.
 *
 * secure_delete overwrites the freed pages with zeros, and the WAL is checkpointed and truncated
 * afterwards, so no name or colour of theirs stays readable in the database files.
 */
export function eraseAccount(db: Database.Database, userId: string, now: () => Date): { streams: number } {
  const previous = db.pragma('secure_delete', { simple: true }) as number;
  db.pragma('secure_delete = ON');
  try {
    const result = db
      .transaction(() => {
        // Their streams: every palette created as theirs (deleted ones too, whose projection row is gone).
        // A stream's owner never changes, so this never reaches into anyone else's history.
        const streams = db
          .prepare<[string, string], { stream_id: string }>(
            `SELECT DISTINCT stream_id FROM events
             WHERE type = 'PaletteCreated' AND json_extract(data, '$.ownerId') = ?
               AND substr(stream_id, 1, ${PALETTE_STREAM_PREFIX.length}) = ?`,
          )
          .all(userId, PALETTE_STREAM_PREFIX)
          .map((row) => row.stream_id);
        const paletteIds = db
          .prepare<[string], { id: string }>('SELECT id FROM palettes WHERE user_id = ?')
          .all(userId)
          .map((row) => row.id);
        for (const id of paletteIds) db.prepare('DELETE FROM shares WHERE palette_id = ?').run(id);
        db.prepare('DELETE FROM palettes WHERE user_id = ?').run(userId);
        for (const table of [
          'sessions',
          'email_confirmations',
          'password_resets',
          'known_devices',
          'identities',
          'totp_recovery_codes',
          'pending_sign_ins',
        ]) {
          db.prepare(`DELETE FROM ${table} WHERE user_id = ?`).run(userId);
        }
        if (db.prepare('DELETE FROM users WHERE id = ?').run(userId).changes !== 1) {
          throw new Error('no such account');
        }
        db.prepare('INSERT INTO erased_accounts (user_id, erased_at) VALUES (?, ?)').run(userId, now().toISOString());
        const list = db.prepare('INSERT INTO erasing_streams (stream_id, user_id) VALUES (?, ?)');
        for (const stream of streams) list.run(stream, userId);
        db.prepare('DELETE FROM events WHERE stream_id IN (SELECT stream_id FROM erasing_streams)').run();
        db.prepare('DELETE FROM erasing_streams').run();
        // Not even the random id stays: the guard rows exist only inside this transaction.
        db.prepare('DELETE FROM erased_accounts WHERE user_id = ?').run(userId);
        return { streams: streams.length };
      })
      .immediate();
    // Old page images in the WAL still hold what was deleted: fold them into the file and truncate it.
    db.pragma('wal_checkpoint(TRUNCATE)');
    return result;
  } finally {
    db.pragma(`secure_delete = ${previous ? 'ON' : 'OFF'}`);
  }
}
