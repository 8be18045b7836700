import type { ApiUser } from '../../shared/api/auth';
import { type Sql, UniqueViolation } from '../db/sql';
import { newUserId, tokenHash } from './tokens';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  email_verified: number;
  created_at: string;
}

export const CONFIRM_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * What hangs off a user, for the writes that end it: each resource's queries (sessions, links,
 * waiting sign-ins, device marks) and the account's own (a new password, a claim, a sweep) run these.
 */
export const ofUser = {
  byId: 'SELECT * FROM users WHERE id = ?',
  setPassword: 'UPDATE users SET password_hash = ? WHERE id = ?',
  verifyEmail: 'UPDATE users SET email_verified = 1 WHERE id = ?',
  deleteSessions: 'DELETE FROM sessions WHERE user_id = ?',
  deleteOtherSessions: 'DELETE FROM sessions WHERE user_id = ? AND id <> ?',
  deleteResets: 'DELETE FROM password_resets WHERE user_id = ?',
  deleteConfirmations: 'DELETE FROM email_confirmations WHERE user_id = ?',
  deleteDevices: 'DELETE FROM known_devices WHERE user_id = ?',
  deletePending: 'DELETE FROM pending_sign_ins WHERE user_id = ? OR expires_at <= ?',
} as const;

/** `db`: the transaction to read in, when the caller holds one. */
export const userById = (db: Sql, id: string) => db.get<UserRow>(ofUser.byId, [id]);

const q = {
  byEmail: 'SELECT * FROM users WHERE email = ?',
  insertUser: 'INSERT INTO users (id, email, password_hash, email_verified, created_at) VALUES (?, ?, ?, ?, ?)',
  providers: 'SELECT provider FROM identities WHERE user_id = ?',
  identity: 'SELECT user_id FROM identities WHERE provider = ? AND subject = ?',
  // Two callbacks of one Google account at once link it once; the second finds it linked.
  addIdentity: `INSERT INTO identities (provider, subject, user_id, created_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (provider, subject) DO NOTHING`,
  ownsPalettes: 'SELECT 1 AS found FROM palettes WHERE user_id = ? LIMIT 1',
  deleteUnverifiedUser: 'DELETE FROM users WHERE id = ? AND email_verified = 0',
} as const;

/** Users and the identities (Google) linked to them; an unconfirmed account's lifecycle; the password. */
export function userQueries(sql: Sql, now: () => Date) {
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

  return {
    toApiUser,
    findByEmail: (email: string) => sql.get<UserRow>(q.byEmail, [email]),
    findById: (id: string) => userById(sql, id),
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
    markEmailVerified: (userId: string) => sql.run(ofUser.verifyEmail, [userId]),
    /** Undoes a sign-up whose confirmation mail could not be sent, so the address can try again. */
    async removeUnconfirmed(userId: string): Promise<void> {
      await sql.transaction(async (tx) => {
        await tx.run(ofUser.deleteConfirmations, [userId]);
        await tx.run(ofUser.deleteSessions, [userId]);
        await tx.run(q.deleteUnverifiedUser, [userId]);
      });
    },
    userForIdentity: async (provider: string, subject: string) =>
      (await sql.get<{ user_id: string }>(q.identity, [provider, subject]))?.user_id ?? null,
    linkIdentity: (provider: string, subject: string, userId: string) =>
      sql.run(q.addIdentity, [provider, subject, userId, now().toISOString()]),

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
        await tx.run(ofUser.deleteSessions, [userId]);
        await tx.run(ofUser.deleteResets, [userId]);
        await tx.run(ofUser.deleteDevices, [userId]);
        return (await userById(tx, userId)) ?? null;
      });
    },
    ownsPalettes: async (userId: string) => (await sql.get(q.ownsPalettes, [userId])) !== undefined,
    hasIdentity: async (userId: string) => (await providersOf(userId)).length > 0,

    /** A new password; every session but the one that asked (if any) ends. */
    async changePassword(userId: string, passwordHash: string, keepSessionToken: string | null): Promise<void> {
      await sql.transaction(async (tx) => {
        await tx.run(ofUser.setPassword, [passwordHash, userId]);
        await tx.run(ofUser.deleteResets, [userId]);
        if (keepSessionToken) await tx.run(ofUser.deleteOtherSessions, [userId, tokenHash(keepSessionToken)]);
        else await tx.run(ofUser.deleteSessions, [userId]);
      });
    },

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
          await tx.run(ofUser.deleteSessions, [id]);
          await tx.run(ofUser.deleteConfirmations, [id]);
          await tx.run(ofUser.deleteResets, [id]);
          await tx.run(ofUser.deleteDevices, [id]);
          removed += await tx.run(q.deleteUnverifiedUser, [id]);
        }
        return removed;
      });
    },
  };
}
