import type { Sql } from '../db/sql';
import { newToken, tokenHash } from './tokens';
import { ofUser, type UserRow } from './user-queries';

const SESSION_DAYS = 30;
/** However often it is used, a session ends this long after sign-in (ASVS 3.3.1: re-authenticate periodically). */
const SESSION_ABSOLUTE_DAYS = 90;
const DAY = 24 * 60 * 60 * 1000;
const SESSION_MS = SESSION_DAYS * DAY;
const SESSION_ABSOLUTE_MS = SESSION_ABSOLUTE_DAYS * DAY;

const q = {
  session: 'SELECT user_id, created_at, expires_at, absolute_expires_at FROM sessions WHERE id = ?',
  // The session and its user in one lookup: every signed-in request makes it.
  sessionUser: `SELECT s.expires_at AS session_expires_at, s.absolute_expires_at AS session_absolute_expires_at, u.*
    FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?`,
  insertSession:
    'INSERT INTO sessions (id, user_id, created_at, expires_at, absolute_expires_at) VALUES (?, ?, ?, ?, ?)',
  extendSession: 'UPDATE sessions SET expires_at = ? WHERE id = ?',
  deleteSession: 'DELETE FROM sessions WHERE id = ?',
} as const;

type SessionUserRow = UserRow & { session_expires_at: number; session_absolute_expires_at: number | null };

interface SessionRow {
  user_id: string;
  created_at: number;
  expires_at: number;
  absolute_expires_at: number | null;
}

/** Sessions: only the token's hash is stored; 30 days sliding, 90 days absolute. */
export function sessionQueries(sql: Sql, now: () => Date) {
  return {
    /** A new session; returns the token for the cookie (only its hash is stored). */
    async createSession(userId: string): Promise<{ token: string; expiresAt: number }> {
      const token = newToken();
      const at = now().getTime();
      await sql.run(q.insertSession, [tokenHash(token), userId, at, at + SESSION_MS, at + SESSION_ABSOLUTE_MS]);
      return { token, expiresAt: at + SESSION_MS };
    },
    /**
     * The session's user, or null. Sliding: a session used in its second half is extended to a full
     * 30 days again (`extendedTo` says so, and the caller re-sends the cookie), but never past 90
     * days from sign-in.
     */
    async validateSession(token: string): Promise<{ user: UserRow; extendedTo: number | null } | null> {
      const id = tokenHash(token);
      const row = await sql.get<SessionUserRow>(q.sessionUser, [id]);
      if (!row) return null;
      const { session_expires_at: expiresAt, session_absolute_expires_at: absoluteAt, ...user } = row;
      const at = now().getTime();
      const absolute = absoluteAt ?? Number.POSITIVE_INFINITY;
      if (expiresAt <= at || absolute <= at) {
        await sql.run(q.deleteSession, [id]);
        return null;
      }
      let extendedTo: number | null = null;
      if (expiresAt - at < SESSION_MS / 2 && expiresAt < absolute) {
        extendedTo = Math.min(at + SESSION_MS, absolute);
        await sql.run(q.extendSession, [extendedTo, id]);
      }
      return { user, extendedTo };
    },
    /** When the session of this token began (ms), or null for an unknown one. */
    sessionStartedAt: async (token: string) =>
      (await sql.get<SessionRow>(q.session, [tokenHash(token)]))?.created_at ?? null,
    deleteSession: (token: string) => sql.run(q.deleteSession, [tokenHash(token)]),
    /** Sign-out everywhere: sessions, waiting Google sign-ins and device marks all end. */
    endAllSessions: (userId: string): Promise<number> =>
      sql.transaction(async (tx) => {
        await tx.run(ofUser.deletePending, [userId, now().getTime()]);
        await tx.run(ofUser.deleteDevices, [userId]);
        return tx.run(ofUser.deleteSessions, [userId]);
      }),
  };
}
