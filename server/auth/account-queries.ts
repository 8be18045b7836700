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
/** However often it is used, a session ends this long after sign-in (ASVS 3.3.1: re-authenticate periodically). */
export const SESSION_ABSOLUTE_DAYS = 90;
const DAY = 24 * 60 * 60 * 1000;
const SESSION_MS = SESSION_DAYS * DAY;
const SESSION_ABSOLUTE_MS = SESSION_ABSOLUTE_DAYS * DAY;
export const CONFIRM_MS = 2 * DAY;
export const RESET_MS = 60 * 60 * 1000;
/** A Google sign-in waits this long for the authenticator code, and allows this many wrong ones. */
export const PENDING_SIGN_IN_MS = 10 * 60 * 1000;
export const PENDING_SIGN_IN_TRIES = 5;
const DEVICE_MS = 365 * DAY;

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
    session: db.prepare<[string], { user_id: string; expires_at: number; absolute_expires_at: number | null }>(
      'SELECT user_id, expires_at, absolute_expires_at FROM sessions WHERE id = ?',
    ),
    insertSession: db.prepare(
      'INSERT INTO sessions (id, user_id, created_at, expires_at, absolute_expires_at) VALUES (?, ?, ?, ?, ?)',
    ),
    deleteSessionsOf: db.prepare('DELETE FROM sessions WHERE user_id = ?'),
    deleteOtherSessions: db.prepare('DELETE FROM sessions WHERE user_id = ? AND id <> ?'),
    setPassword: db.prepare('UPDATE users SET password_hash = ? WHERE id = ?'),
    insertReset: db.prepare('INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (?, ?, ?)'),
    reset: db.prepare<[string], { user_id: string; expires_at: number }>(
      'SELECT user_id, expires_at FROM password_resets WHERE token_hash = ?',
    ),
    deleteResets: db.prepare('DELETE FROM password_resets WHERE user_id = ?'),
    insertDevice: db.prepare('INSERT INTO known_devices (token_hash, user_id, expires_at) VALUES (?, ?, ?)'),
    device: db.prepare<[string, string, number], { n: number }>(
      'SELECT count(*) AS n FROM known_devices WHERE token_hash = ? AND user_id = ? AND expires_at > ?',
    ),
    deleteDevices: db.prepare('DELETE FROM known_devices WHERE user_id = ?'),
    ownsPalettes: db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM palettes WHERE user_id = ?'),
    extendSession: db.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?'),
    deleteSession: db.prepare('DELETE FROM sessions WHERE id = ?'),
    sweepSessions: db.prepare('DELETE FROM sessions WHERE expires_at <= ?'),
    insertConfirmation: db.prepare(
      'INSERT INTO email_confirmations (token_hash, user_id, expires_at, password_hash) VALUES (?, ?, ?, ?)',
    ),
    confirmation: db.prepare<[string], { user_id: string; expires_at: number; password_hash: string | null }>(
      'SELECT user_id, expires_at, password_hash FROM email_confirmations WHERE token_hash = ?',
    ),
    deleteConfirmations: db.prepare('DELETE FROM email_confirmations WHERE user_id = ?'),
    insertPending: db.prepare('INSERT INTO pending_sign_ins (token_hash, user_id, expires_at) VALUES (?, ?, ?)'),
    pending: db.prepare<[string], { user_id: string; expires_at: number; failures: number }>(
      'SELECT user_id, expires_at, failures FROM pending_sign_ins WHERE token_hash = ?',
    ),
    failPending: db.prepare('UPDATE pending_sign_ins SET failures = failures + 1 WHERE token_hash = ?'),
    deletePending: db.prepare('DELETE FROM pending_sign_ins WHERE token_hash = ?'),
    deletePendingOf: db.prepare('DELETE FROM pending_sign_ins WHERE user_id = ? OR expires_at <= ?'),
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
      totp: Boolean((row as UserRow & { totp_secret?: string | null }).totp_secret),
    };
  };

  /** A reset link's row while it is unspent and unexpired; null once it is neither. */
  const liveReset = (token: string) => {
    const found = q.reset.get(tokenHash(token));
    return found && found.expires_at > now().getTime() ? found : null;
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
        q.deleteSessionsOf.run(userId);
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
        q.deleteResets.run(userId);
        q.deleteDevices.run(userId);
        q.verifyEmail.run(userId);
      })();
    },
    linkIdentity: (provider: string, subject: string, userId: string) =>
      q.addIdentity.run(provider, subject, userId, now().toISOString()),

    /** A new session; returns the token for the cookie (only its hash is stored). */
    createSession(userId: string): { token: string; expiresAt: number } {
      const token = newToken();
      const at = now().getTime();
      q.insertSession.run(tokenHash(token), userId, at, at + SESSION_MS, at + SESSION_ABSOLUTE_MS);
      return { token, expiresAt: at + SESSION_MS };
    },
    /**
     * The session's user, or null. Sliding: a session used in its second half is extended to a full
     * 30 days again (`extendedTo` says so, and the caller re-sends the cookie), but never past 90
     * days from sign-in.
     */
    validateSession(token: string): { user: UserRow; extendedTo: number | null } | null {
      const id = tokenHash(token);
      const session = q.session.get(id);
      if (!session) return null;
      const at = now().getTime();
      const absolute = session.absolute_expires_at ?? Number.POSITIVE_INFINITY;
      if (session.expires_at <= at || absolute <= at) {
        q.deleteSession.run(id);
        return null;
      }
      const user = q.byId.get(session.user_id);
      if (!user) return null;
      let extendedTo: number | null = null;
      if (session.expires_at - at < SESSION_MS / 2 && session.expires_at < absolute) {
        extendedTo = Math.min(at + SESSION_MS, absolute);
        q.extendSession.run(extendedTo, id);
      }
      return { user, extendedTo };
    },
    deleteSession: (token: string) => q.deleteSession.run(tokenHash(token)),
    sweepExpiredSessions: () => q.sweepSessions.run(now().getTime()).changes,

    /** A confirmation link for the account's current password: a later sign-up's new password voids it. */
    createConfirmation(userId: string, passwordHash: string | null): string {
      const token = newToken();
      q.insertConfirmation.run(tokenHash(token), userId, now().getTime() + CONFIRM_MS, passwordHash);
      return token;
    },
    /**
     * Marks the email verified, spends every confirmation token of that user and ends every session
     * (whoever was signed in before the owner proved the address is signed out). Signs nobody in.
     * Null when the token is unknown, expired, or was issued for a password the account no longer has.
     */
    confirmEmail(token: string): UserRow | null {
      return db.transaction(() => {
        const found = q.confirmation.get(tokenHash(token));
        if (!found || found.expires_at <= now().getTime()) return null;
        const user = q.byId.get(found.user_id);
        if (!user || found.password_hash !== user.password_hash) return null;
        q.verifyEmail.run(found.user_id);
        q.deleteConfirmations.run(found.user_id);
        q.deleteSessionsOf.run(found.user_id);
        return q.byId.get(found.user_id) ?? null;
      })();
    },
    /**
     * A new sign-up for an address nobody has confirmed: the new password replaces the old one, and
     * the old password's sessions and links end. Whoever confirms the address owns the account.
     */
    replaceUnconfirmed(userId: string, passwordHash: string): UserRow | null {
      return db.transaction(() => {
        const changed = db
          .prepare('UPDATE users SET password_hash = ? WHERE id = ? AND email_verified = 0')
          .run(passwordHash, userId).changes;
        if (changed === 0) return null;
        q.deleteSessionsOf.run(userId);
        q.deleteConfirmations.run(userId);
        q.deleteResets.run(userId);
        q.deleteDevices.run(userId);
        return q.byId.get(userId) ?? null;
      })();
    },
    ownsPalettes: (userId: string) => (q.ownsPalettes.get(userId)?.n ?? 0) > 0,
    hasIdentity: (userId: string) => q.providers.all(userId).length > 0,

    /** A single-use reset link (1 hour); only its hash is stored. */
    createPasswordReset(userId: string): string {
      const token = newToken();
      q.insertReset.run(tokenHash(token), userId, now().getTime() + RESET_MS);
      return token;
    },
    /** The user a live reset token belongs to, without spending it (two-factor may still refuse). */
    peekPasswordReset(token: string): UserRow | null {
      const found = liveReset(token);
      return found ? (q.byId.get(found.user_id) ?? null) : null;
    },
    /**
     * Spends the token and every other reset link of the account, sets the password, confirms the
     * address (the mail reached its owner) and ends every session. Null when the token is not live.
     */
    completePasswordReset(token: string, passwordHash: string): UserRow | null {
      return db.transaction(() => {
        const found = liveReset(token);
        if (!found) return null;
        q.deleteResets.run(found.user_id);
        q.setPassword.run(passwordHash, found.user_id);
        q.verifyEmail.run(found.user_id);
        q.deleteConfirmations.run(found.user_id);
        q.deleteSessionsOf.run(found.user_id);
        return q.byId.get(found.user_id) ?? null;
      })();
    },
    /** A new password; every session but the one that asked (if any) ends. */
    changePassword(userId: string, passwordHash: string, keepSessionToken: string | null) {
      db.transaction(() => {
        q.setPassword.run(passwordHash, userId);
        q.deleteResets.run(userId);
        if (keepSessionToken) q.deleteOtherSessions.run(userId, tokenHash(keepSessionToken));
        else q.deleteSessionsOf.run(userId);
      })();
    },
    endAllSessions: (userId: string) =>
      db.transaction(() => {
        q.deletePendingOf.run(userId, now().getTime());
        return q.deleteSessionsOf.run(userId).changes;
      })(),

    /**
     * Google proved the address of an account with two-factor on: the sign-in waits (10 minutes, 5
     * tries) for the authenticator code. Only the token's hash is stored.
     */
    createPendingSignIn(userId: string): string {
      const token = newToken();
      q.insertPending.run(tokenHash(token), userId, now().getTime() + PENDING_SIGN_IN_MS);
      return token;
    },
    /** The user a waiting sign-in belongs to; null when it expired, was used or ran out of tries. */
    pendingSignIn(token: string): UserRow | null {
      const found = q.pending.get(tokenHash(token));
      if (!found || found.expires_at <= now().getTime() || found.failures >= PENDING_SIGN_IN_TRIES) return null;
      return q.byId.get(found.user_id) ?? null;
    },
    /** A wrong code: one try fewer (the last one ends the waiting sign-in). */
    failPendingSignIn: (token: string) => q.failPending.run(tokenHash(token)),
    endPendingSignIn: (token: string) => q.deletePending.run(tokenHash(token)),

    /** A device that signed in with the right password: it may keep trying while strangers hammer the account. */
    rememberDevice(userId: string): { token: string; expiresAt: number } {
      const token = newToken();
      const expiresAt = now().getTime() + DEVICE_MS;
      q.insertDevice.run(tokenHash(token), userId, expiresAt);
      return { token, expiresAt };
    },
    isKnownDevice: (token: string, userId: string) =>
      (q.device.get(tokenHash(token), userId, now().getTime())?.n ?? 0) > 0,

    /**
     * Unconfirmed accounts whose links have all expired, made at least the link's lifetime ago, with
     * nothing in them: the address is free again (only run where mail confirms addresses).
     */
    sweepUnconfirmed(): number {
      const at = now().getTime();
      const before = new Date(at - CONFIRM_MS).toISOString();
      return db.transaction(() => {
        const stale = db
          .prepare<[string, number], { id: string }>(
            `SELECT id FROM users u WHERE email_verified = 0 AND created_at <= ?
               AND NOT EXISTS (SELECT 1 FROM email_confirmations c WHERE c.user_id = u.id AND c.expires_at > ?)
               AND NOT EXISTS (SELECT 1 FROM identities i WHERE i.user_id = u.id)
               AND NOT EXISTS (SELECT 1 FROM palettes p WHERE p.user_id = u.id)`,
          )
          .all(before, at);
        for (const { id } of stale) {
          q.deleteSessionsOf.run(id);
          q.deleteConfirmations.run(id);
          q.deleteResets.run(id);
          q.deleteDevices.run(id);
          db.prepare('DELETE FROM users WHERE id = ? AND email_verified = 0').run(id);
        }
        return stale.length;
      })();
    },
  };
}
