import type Database from 'better-sqlite3';
import type { ApiUser } from '../../shared/api/auth';
import { newToken, newUserId, tokenHash } from './tokens';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  email_verified: number;
  created_at: string;
}

export const SESSION_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;
const SESSION_MS = SESSION_DAYS * DAY;
const CONFIRM_MS = 2 * DAY;

export type Accounts = ReturnType<typeof accounts>;

/** Users, identities, sessions and confirmation tokens: plain tables, not event sourced. */
export function accounts(db: Database.Database, now: () => Date) {
  const q = {
    byEmail: db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?'),
    byId: db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?'),
    insertUser: db.prepare(
      'INSERT INTO users (id, email, password_hash, email_verified, created_at) VALUES (?, ?, ?, ?, ?)',
    ),
    verifyEmail: db.prepare('UPDATE users SET email_verified = 1 WHERE id = ?'),
    providers: db.prepare<[string], { provider: string }>('SELECT provider FROM identities WHERE user_id = ?'),
    identity: db.prepare<[string, string], { user_id: string }>(
      'SELECT user_id FROM identities WHERE provider = ? AND subject = ?',
    ),
    addIdentity: db.prepare('INSERT INTO identities (provider, subject, user_id, created_at) VALUES (?, ?, ?, ?)'),
    session: db.prepare<[string], { user_id: string; expires_at: number }>(
      'SELECT user_id, expires_at FROM sessions WHERE id = ?',
    ),
    insertSession: db.prepare('INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)'),
    extendSession: db.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?'),
    deleteSession: db.prepare('DELETE FROM sessions WHERE id = ?'),
    sweepSessions: db.prepare('DELETE FROM sessions WHERE expires_at <= ?'),
    insertConfirmation: db.prepare(
      'INSERT INTO email_confirmations (token_hash, user_id, expires_at) VALUES (?, ?, ?)',
    ),
    confirmation: db.prepare<[string], { user_id: string; expires_at: number }>(
      'SELECT user_id, expires_at FROM email_confirmations WHERE token_hash = ?',
    ),
    deleteConfirmations: db.prepare('DELETE FROM email_confirmations WHERE user_id = ?'),
  };

  const toApiUser = (row: UserRow): ApiUser => {
    const providers = new Set<'password' | 'google'>();
    if (row.password_hash) providers.add('password');
    for (const { provider } of q.providers.all(row.id)) if (provider === 'google') providers.add('google');
    return {
      id: row.id,
      email: row.email,
      emailVerified: row.email_verified === 1,
      providers: [...providers],
      createdAt: row.created_at,
    };
  };

  return {
    toApiUser,
    findByEmail: (email: string) => q.byEmail.get(email),
    findById: (id: string) => q.byId.get(id),
    /** Returns null when the email is taken (UNIQUE decides, so two racing sign-ups cannot both win). */
    createUser(email: string, passwordHash: string | null, emailVerified: boolean): UserRow | null {
      const row: UserRow = {
        id: newUserId(),
        email,
        password_hash: passwordHash,
        email_verified: emailVerified ? 1 : 0,
        created_at: now().toISOString(),
      };
      try {
        q.insertUser.run(row.id, row.email, row.password_hash, row.email_verified, row.created_at);
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return null;
        throw error;
      }
      return row;
    },
    markEmailVerified: (userId: string) => q.verifyEmail.run(userId),
    /** Undoes a sign-up whose confirmation mail could not be sent, so the address can try again. */
    removeUnconfirmed(userId: string) {
      db.transaction(() => {
        q.deleteConfirmations.run(userId);
        db.prepare('DELETE FROM users WHERE id = ? AND email_verified = 0').run(userId);
      })();
    },
    userForIdentity: (provider: string, subject: string) => q.identity.get(provider, subject)?.user_id ?? null,
    /**
     * Google has just proved who owns this address, but the account was made by someone who never
     * did (no SMTP, or the link was never followed): whoever chose its password may not be the
     * owner, so the password and every session end here, before the owner's Google identity joins.
     */
    claimUnverified(userId: string) {
      db.transaction(() => {
        db.prepare('UPDATE users SET password_hash = NULL WHERE id = ? AND email_verified = 0').run(userId);
        db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId);
        q.deleteConfirmations.run(userId);
        q.verifyEmail.run(userId);
      })();
    },
    linkIdentity: (provider: string, subject: string, userId: string) =>
      q.addIdentity.run(provider, subject, userId, now().toISOString()),

    /** A new session; returns the token for the cookie (only its hash is stored). */
    createSession(userId: string): { token: string; expiresAt: number } {
      const token = newToken();
      const at = now().getTime();
      q.insertSession.run(tokenHash(token), userId, at, at + SESSION_MS);
      return { token, expiresAt: at + SESSION_MS };
    },
    /**
     * The session's user, or null. Sliding: a session used in its second half is extended to a full
     * 30 days again (`extendedTo` says so, and the caller re-sends the cookie).
     */
    validateSession(token: string): { user: UserRow; extendedTo: number | null } | null {
      const id = tokenHash(token);
      const session = q.session.get(id);
      if (!session) return null;
      const at = now().getTime();
      if (session.expires_at <= at) {
        q.deleteSession.run(id);
        return null;
      }
      const user = q.byId.get(session.user_id);
      if (!user) return null;
      let extendedTo: number | null = null;
      if (session.expires_at - at < SESSION_MS / 2) {
        extendedTo = at + SESSION_MS;
        q.extendSession.run(extendedTo, id);
      }
      return { user, extendedTo };
    },
    deleteSession: (token: string) => q.deleteSession.run(tokenHash(token)),
    sweepExpiredSessions: () => q.sweepSessions.run(now().getTime()).changes,

    createConfirmation(userId: string): string {
      const token = newToken();
      q.insertConfirmation.run(tokenHash(token), userId, now().getTime() + CONFIRM_MS);
      return token;
    },
    /** Marks the email verified and spends every confirmation token of that user; null when invalid or expired. */
    confirmEmail(token: string): UserRow | null {
      return db.transaction(() => {
        const found = q.confirmation.get(tokenHash(token));
        if (!found || found.expires_at <= now().getTime()) return null;
        q.verifyEmail.run(found.user_id);
        q.deleteConfirmations.run(found.user_id);
        return q.byId.get(found.user_id) ?? null;
      })();
    },
  };
}
