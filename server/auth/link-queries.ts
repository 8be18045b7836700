import type { Sql } from '../db/sql';
import { newToken, tokenHash } from './tokens';
import { CONFIRM_MS, ofUser, type UserRow, userById } from './user-queries';

const RESET_MS = 60 * 60 * 1000;

const q = {
  insertConfirmation:
    'INSERT INTO email_confirmations (token_hash, user_id, expires_at, password_hash) VALUES (?, ?, ?, ?)',
  confirmation: 'SELECT user_id, expires_at FROM email_confirmations WHERE token_hash = ?',
  insertReset: 'INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (?, ?, ?)',
  reset: 'SELECT user_id, expires_at FROM password_resets WHERE token_hash = ?',
  spendReset: 'DELETE FROM password_resets WHERE token_hash = ? AND expires_at > ?',
} as const;

/** The mailed links: confirming an address (48 hours) and resetting a password (1 hour, single use). */
export function linkQueries(sql: Sql, now: () => Date) {
  /** A reset link's row while it is unspent and unexpired; null once it is neither. */
  const liveReset = async (token: string, db: Sql = sql) => {
    const found = await db.get<{ user_id: string; expires_at: number }>(q.reset, [tokenHash(token)]);
    return found && found.expires_at > now().getTime() ? found : null;
  };

  return {
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
      return (await userById(sql, found.user_id)) ?? null;
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
        await tx.run(ofUser.deleteConfirmations, [found.user_id]);
        await tx.run(ofUser.deleteSessions, [found.user_id]);
        return (await userById(tx, found.user_id)) ?? null;
      });
    },

    /** A single-use reset link (1 hour); only its hash is stored. */
    async createPasswordReset(userId: string): Promise<string> {
      const token = newToken();
      await sql.run(q.insertReset, [tokenHash(token), userId, now().getTime() + RESET_MS]);
      return token;
    },
    /** The user a live reset token belongs to, without spending it (two-factor may still refuse). */
    async peekPasswordReset(token: string): Promise<UserRow | null> {
      const found = await liveReset(token);
      return found ? ((await userById(sql, found.user_id)) ?? null) : null;
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
        await tx.run(ofUser.deleteResets, [found.user_id]);
        await tx.run(ofUser.setPassword, [passwordHash, found.user_id]);
        await tx.run(ofUser.verifyEmail, [found.user_id]);
        await tx.run(ofUser.deleteConfirmations, [found.user_id]);
        await tx.run(ofUser.deleteSessions, [found.user_id]);
        // A kept device mark would still pass the per-account ceiling for whoever holds it.
        await tx.run(ofUser.deleteDevices, [found.user_id]);
        return (await userById(tx, found.user_id)) ?? null;
      });
    },
  };
}
