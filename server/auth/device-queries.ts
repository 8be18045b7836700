import type { Sql } from '../db/sql';
import { newToken, tokenHash } from './tokens';

const DEVICE_MS = 365 * 24 * 60 * 60 * 1000;

const q = {
  insertDevice: 'INSERT INTO known_devices (token_hash, user_id, expires_at) VALUES (?, ?, ?)',
  device: 'SELECT 1 AS found FROM known_devices WHERE token_hash = ? AND user_id = ? AND expires_at > ?',
} as const;

/** Device marks: a browser that signed in to an account before (OWASP "device cookies"). */
export function deviceQueries(sql: Sql, now: () => Date) {
  return {
    /** A device that signed in with the right password: it may keep trying while strangers hammer the account. */
    async rememberDevice(userId: string): Promise<{ token: string; expiresAt: number }> {
      const token = newToken();
      const expiresAt = now().getTime() + DEVICE_MS;
      await sql.run(q.insertDevice, [tokenHash(token), userId, expiresAt]);
      return { token, expiresAt };
    },
    isKnownDevice: async (token: string, userId: string, db: Sql = sql) =>
      (await db.get(q.device, [tokenHash(token), userId, now().getTime()])) !== undefined,
  };
}
