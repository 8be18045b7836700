import type { ApiUser } from '../../shared/api/auth';
import { type Sql, UniqueViolation } from '../db/sql';
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

const q = {
  byEmail: 'SELECT * FROM users WHERE email = ?',
  byId: 'SELECT * FROM users WHERE id = ?',
  insertUser: 'INSERT INTO users (id, email, password_hash, email_verified, created_at) VALUES (?, ?, ?, ?, ?)',
  verifyEmail: 'UPDATE users SET email_verified = 1 WHERE id = ?',
  providers: 'SELECT provider FROM identities WHERE user_id = ?',
  identity: 'SELECT user_id FROM identities WHERE provider = ? AND subject = ?',
  // Two callbacks of one Google account at once link it once; the second finds it linked.
  addIdentity: `INSERT INTO identities (provider, subject, user_id, created_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (provider, subject) DO NOTHING`,
  session: 'SELECT user_id, created_at, expires_at, absolute_expires_at FROM sessions WHERE id = ?',
  insertSession:
    'INSERT INTO sessions (id, user_id, created_at, expires_at, absolute_expires_at) VALUES (?, ?, ?, ?, ?)',
  deleteSessionsOf: 'DELETE FROM sessions WHERE user_id = ?',
  deleteOtherSessions: 'DELETE FROM sessions WHERE user_id = ? AND id <> ?',
  setPassword: 'UPDATE users SET password_hash = ? WHERE id = ?',
  insertReset: 'INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (?, ?, ?)',
  reset: 'SELECT user_id, expires_at FROM password_resets WHERE token_hash = ?',
  spendReset: 'DELETE FROM password_resets WHERE token_hash = ? AND expires_at > ?',
  deleteResets: 'DELETE FROM password_resets WHERE user_id = ?',
  insertDevice: 'INSERT INTO known_devices (token_hash, user_id, expires_at) VALUES (?, ?, ?)',
  device: 'SELECT 1 AS found FROM known_devices WHERE token_hash = ? AND user_id = ? AND expires_at > ?',
  deleteDevices: 'DELETE FROM known_devices WHERE user_id = ?',
  ownsPalettes: 'SELECT 1 AS found FROM palettes WHERE user_id = ? LIMIT 1',
  extendSession: 'UPDATE sessions SET expires_at = ? WHERE id = ?',
  deleteSession: 'DELETE FROM sessions WHERE id = ?',
  insertConfirmation:
    'INSERT INTO email_confirmations (token_hash, user_id, expires_at, password_hash) VALUES (?, ?, ?, ?)',
  confirmation: 'SELECT user_id, expires_at FROM email_confirmations WHERE token_hash = ?',
  deleteConfirmations: 'DELETE FROM email_confirmations WHERE user_id = ?',
  deleteUnverifiedUser: 'DELETE FROM users WHERE id = ? AND email_verified = 0',
  insertPending: 'INSERT INTO pending_sign_ins (token_hash, user_id, expires_at) VALUES (?, ?, ?)',
  takePendingTry: `UPDATE pending_sign_ins SET failures = pending_sign_ins.failures + 1
    WHERE token_hash = ? AND expires_at > ? AND failures < ? RETURNING user_id, failures`,
  deletePending: 'DELETE FROM pending_sign_ins WHERE token_hash = ?',
  deletePendingOf: 'DELETE FROM pending_sign_ins WHERE user_id = ? OR expires_at <= ?',
} as const;

interface SessionRow {
  user_id: string;
  created_at: number;
  expires_at: number;
  absolute_expires_at: number | null;
}

/** Users, identities, sessions and confirmation tokens: plain tables, not event sourced. */
export function accounts(sql: Sql, now: () => Date) {
  const byId = (id: string, db: Sql = sql) => db.get<UserRow>(q.byId, [id]);
  const providersOf = (userId: string) => sql.all<{ provider: string }>(q.providers, [userId]);

  const toApiUser = async (row: UserRow): Promise<ApiUser> => {
    const providers = new Set<'password' | 'google'>();
    if (row.password_hash) providers.add('password');
    for (const { provider } of await providersOf(row.id)) if (provider === 'google') providers.add('google');
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
  const liveReset = async (token: string, db: Sql = sql) => {
    const found = await db.get<{ user_id: string; expires_at: number }>(q.reset, [tokenHash(token)]);
    return found && found.expires_at > now().getTime() ? found : null;
  };

  return {
    toApiUser,
    findByEmail: (email: string) => sql.get<UserRow>(q.byEmail, [email]),
    findById: (id: string) => byId(id),
    /** Returns null when the email is taken (UNIQUE decides, so two racing sign-ups cannot both win). */
    async createUser(email: string, passwordHash: string | null, emailVerified: boolean): Promise<UserRow | null> {
      const row: UserRow = {
        id: newUserId(),
        email,
        password_hash: passwordHash,
        email_verified: emailVerified ? 1 : 0,
        created_at: now().toISOString(),
      };
      try {
        await sql.run(q.insertUser, [row.id, row.email, row.password_hash, row.email_verified, row.created_at]);
      } catch (error) {
        if (error instanceof UniqueViolation) return null;
        throw error;
      }
      return row;
    },
    markEmailVerified: (userId: string) => sql.run(q.verifyEmail, [userId]),
    /** Undoes a sign-up whose confirmation mail could not be sent, so the address can try again. */
    async removeUnconfirmed(userId: string): Promise<void> {
      await sql.transaction(async (tx) => {
        await tx.run(q.deleteConfirmations, [userId]);
        await tx.run(q.deleteSessionsOf, [userId]);
        await tx.run(q.deleteUnverifiedUser, [userId]);
      });
    },
    userForIdentity: async (provider: string, subject: string) =>
      (await sql.get<{ user_id: string }>(q.identity, [provider, subject]))?.user_id ?? null,
    linkIdentity: (provider: string, subject: string, userId: string) =>
      sql.run(q.addIdentity, [provider, subject, userId, now().toISOString()]),

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
      const session = await sql.get<SessionRow>(q.session, [id]);
      if (!session) return null;
      const at = now().getTime();
      const absolute = session.absolute_expires_at ?? Number.POSITIVE_INFINITY;
      if (session.expires_at <= at || absolute <= at) {
        await sql.run(q.deleteSession, [id]);
        return null;
      }
      const user = await byId(session.user_id);
      if (!user) return null;
      let extendedTo: number | null = null;
      if (session.expires_at - at < SESSION_MS / 2 && session.expires_at < absolute) {
        extendedTo = Math.min(at + SESSION_MS, absolute);
        await sql.run(q.extendSession, [extendedTo, id]);
      }
      return { user, extendedTo };
    },
    /** When the session of this token began (ms), or null for an unknown one. */
    sessionStartedAt: async (token: string) =>
      (await sql.get<SessionRow>(q.session, [tokenHash(token)]))?.created_at ?? null,
    deleteSession: (token: string) => sql.run(q.deleteSession, [tokenHash(token)]),

    /**
     * A confirmation link (48 hours): proof that its holder reads the mailbox, nothing more. No
     * password is tied to it any longer (the column stays for old rows): confirming asks for one.
     */
    async createConfirmation(userId: string): Promise<string> {
      const token = newToken();
      await sql.run(q.insertConfirmation, [tokenHash(token), userId, now().getTime() + CONFIRM_MS, null]);
      return token;
    },
    /** The account a live confirmation link belongs to, without spending it (the page asks which way to confirm). */
    async peekConfirmation(token: string): Promise<UserRow | null> {
      const found = await sql.get<{ user_id: string; expires_at: number }>(q.confirmation, [tokenHash(token)]);
      if (!found || found.expires_at <= now().getTime()) return null;
      return (await byId(found.user_id)) ?? null;
    },
    /**
     * Confirms the address with the password its maker chose, which the caller has just checked
     * (`passwordHash`): marks it verified, spends every confirmation link of the account and ends every
     * session (whoever was signed in before the owner proved the address is signed out). Signs nobody
     * in. Null when the link is unknown or expired, or the password changed meanwhile.
     */
    confirmEmail(token: string, passwordHash: string): Promise<UserRow | null> {
      return sql.transaction(async (tx) => {
        const found = await tx.get<{ user_id: string; expires_at: number }>(q.confirmation, [tokenHash(token)]);
        if (!found || found.expires_at <= now().getTime()) return null;
        // The password check is part of the write: a sign-up replacing the password meanwhile (PostgreSQL
        // runs both at once) leaves this confirming nothing.
        const verified = await tx.run('UPDATE users SET email_verified = 1 WHERE id = ? AND password_hash = ?', [
          found.user_id,
          passwordHash,
        ]);
        if (verified !== 1) return null;
        await tx.run(q.deleteConfirmations, [found.user_id]);
        await tx.run(q.deleteSessionsOf, [found.user_id]);
        return (await byId(found.user_id, tx)) ?? null;
      });
    },
    /**
     * A new sign-up for an address nobody has confirmed: the new password replaces the old one, and
     * the old password's sessions, reset links and device marks end. The confirmation links already
     * mailed stay: each proves only that its holder reads the mailbox, and confirming asks for the
     * password (or starts the account clean with the holder's own), so no sign-up can void the
     * owner's link.
     */
    replaceUnconfirmed(userId: string, passwordHash: string): Promise<UserRow | null> {
      return sql.transaction(async (tx) => {
        const changed = await tx.run('UPDATE users SET password_hash = ? WHERE id = ? AND email_verified = 0', [
          passwordHash,
          userId,
        ]);
        if (changed === 0) return null;
        await tx.run(q.deleteSessionsOf, [userId]);
        await tx.run(q.deleteResets, [userId]);
        await tx.run(q.deleteDevices, [userId]);
        return (await byId(userId, tx)) ?? null;
      });
    },
    ownsPalettes: async (userId: string) => (await sql.get(q.ownsPalettes, [userId])) !== undefined,
    hasIdentity: async (userId: string) => (await providersOf(userId)).length > 0,

    /** A single-use reset link (1 hour); only its hash is stored. */
    async createPasswordReset(userId: string): Promise<string> {
      const token = newToken();
      await sql.run(q.insertReset, [tokenHash(token), userId, now().getTime() + RESET_MS]);
      return token;
    },
    /** The user a live reset token belongs to, without spending it (two-factor may still refuse). */
    async peekPasswordReset(token: string): Promise<UserRow | null> {
      const found = await liveReset(token);
      return found ? ((await byId(found.user_id)) ?? null) : null;
    },
    /**
     * Spends the token and every other reset link of the account, sets the password, confirms the
     * address (the mail reached its owner) and ends every session and device mark. Null when the
     * token is not live.
     */
    completePasswordReset(token: string, passwordHash: string): Promise<UserRow | null> {
      return sql.transaction(async (tx) => {
        const found = await liveReset(token, tx);
        if (!found) return null;
        // Spent by the delete itself: of two uses at once (PostgreSQL runs both), only one deletes the row.
        if ((await tx.run(q.spendReset, [tokenHash(token), now().getTime()])) !== 1) return null;
        await tx.run(q.deleteResets, [found.user_id]);
        await tx.run(q.setPassword, [passwordHash, found.user_id]);
        await tx.run(q.verifyEmail, [found.user_id]);
        await tx.run(q.deleteConfirmations, [found.user_id]);
        await tx.run(q.deleteSessionsOf, [found.user_id]);
        // A kept device mark would still pass the per-account ceiling for whoever holds it.
        await tx.run(q.deleteDevices, [found.user_id]);
        return (await byId(found.user_id, tx)) ?? null;
      });
    },
    /** A new password; every session but the one that asked (if any) ends. */
    async changePassword(userId: string, passwordHash: string, keepSessionToken: string | null): Promise<void> {
      await sql.transaction(async (tx) => {
        await tx.run(q.setPassword, [passwordHash, userId]);
        await tx.run(q.deleteResets, [userId]);
        if (keepSessionToken) await tx.run(q.deleteOtherSessions, [userId, tokenHash(keepSessionToken)]);
        else await tx.run(q.deleteSessionsOf, [userId]);
      });
    },
    /** Sign-out everywhere: sessions, waiting Google sign-ins and device marks all end. */
    endAllSessions: (userId: string): Promise<number> =>
      sql.transaction(async (tx) => {
        await tx.run(q.deletePendingOf, [userId, now().getTime()]);
        await tx.run(q.deleteDevices, [userId]);
        return tx.run(q.deleteSessionsOf, [userId]);
      }),

    /**
     * Google proved the address of an account with two-factor on: the sign-in waits (10 minutes, 5
     * tries) for the authenticator code. Only the token's hash is stored.
     */
    async createPendingSignIn(userId: string): Promise<string> {
      const token = newToken();
      await sql.run(q.insertPending, [tokenHash(token), userId, now().getTime() + PENDING_SIGN_IN_MS]);
      return token;
    },
    /**
     * One attempt at a waiting sign-in: takes a try, checks the code with `check` and, when it is
     * right, ends the waiting sign-in and gives its user; 'wrong' (tries left) or 'expired' (it
     * expired, was used, or that was its last try). One transaction whose first write holds the row,
     * so attempts sent at once go one after another: five tries are five, and only one finishes it.
     */
    finishPendingSignIn(
      token: string,
      check: (user: UserRow, tx: Sql) => Promise<boolean>,
    ): Promise<{ user: UserRow } | 'wrong' | 'expired'> {
      return sql.transaction(async (tx) => {
        const hash = tokenHash(token);
        const taken = await tx.get<{ user_id: string; failures: number }>(q.takePendingTry, [
          hash,
          now().getTime(),
          PENDING_SIGN_IN_TRIES,
        ]);
        const user = taken ? await byId(taken.user_id, tx) : undefined;
        if (!taken || !user) return 'expired';
        if (!(await check(user, tx))) return taken.failures >= PENDING_SIGN_IN_TRIES ? 'expired' : 'wrong';
        await tx.run(q.deletePending, [hash]);
        return { user };
      });
    },

    /** A device that signed in with the right password: it may keep trying while strangers hammer the account. */
    async rememberDevice(userId: string): Promise<{ token: string; expiresAt: number }> {
      const token = newToken();
      const expiresAt = now().getTime() + DEVICE_MS;
      await sql.run(q.insertDevice, [tokenHash(token), userId, expiresAt]);
      return { token, expiresAt };
    },
    isKnownDevice: async (token: string, userId: string, db: Sql = sql) =>
      (await db.get(q.device, [tokenHash(token), userId, now().getTime()])) !== undefined,

    /**
     * Unconfirmed accounts whose links have all expired, made at least the link's lifetime ago, with
     * nothing in them: the address is free again (only run where mail confirms addresses).
     */
    sweepUnconfirmed(): Promise<number> {
      const at = now().getTime();
      const before = new Date(at - CONFIRM_MS).toISOString();
      return sql.transaction(async (tx) => {
        const stale = await tx.all<{ id: string }>(
          `SELECT id FROM users u WHERE email_verified = 0 AND created_at <= ?
             AND NOT EXISTS (SELECT 1 FROM email_confirmations c WHERE c.user_id = u.id AND c.expires_at > ?)
             AND NOT EXISTS (SELECT 1 FROM identities i WHERE i.user_id = u.id)
             AND NOT EXISTS (SELECT 1 FROM palettes p WHERE p.user_id = u.id)`,
          [before, at],
        );
        let removed = 0;
        for (const { id } of stale) {
          await tx.run(q.deleteSessionsOf, [id]);
          await tx.run(q.deleteConfirmations, [id]);
          await tx.run(q.deleteResets, [id]);
          await tx.run(q.deleteDevices, [id]);
          removed += await tx.run(q.deleteUnverifiedUser, [id]);
        }
        return removed;
      });
    },
  };
}
