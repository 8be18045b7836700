import type { Sql } from '../db/sql';
import { newToken, tokenHash } from './tokens';
import { type UserRow, userById } from './user-queries';

/** A Google sign-in waits this long for the authenticator code, and allows this many wrong ones. */
const PENDING_SIGN_IN_MS = 10 * 60 * 1000;
const PENDING_SIGN_IN_TRIES = 5;

const q = {
  insertPending: 'INSERT INTO pending_sign_ins (token_hash, user_id, expires_at) VALUES (?, ?, ?)',
  takePendingTry: `UPDATE pending_sign_ins SET failures = pending_sign_ins.failures + 1
    WHERE token_hash = ? AND expires_at > ? AND failures < ? RETURNING user_id, failures`,
  deletePending: 'DELETE FROM pending_sign_ins WHERE token_hash = ?',
} as const;

/** Google sign-ins of accounts with two-factor on, waiting for the authenticator code. */
export function pendingSignInQueries(sql: Sql, now: () => Date) {
  return {
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
        const user = taken ? await userById(tx, taken.user_id) : undefined;
        if (!taken || !user) return 'expired';
        if (!(await check(user, tx))) return taken.failures >= PENDING_SIGN_IN_TRIES ? 'expired' : 'wrong';
        await tx.run(q.deletePending, [hash]);
        return { user };
      });
    },
  };
}
