import { eraseAccount } from '../account/account-erase';
import type { Sql } from '../db/sql';
import type { Accounts } from './account-queries';
import type { UserRow } from './user-queries';

const TRIES = 3;

/**
 * The owner of an address has just proved it (Google vouched for it, a link mailed to it was
 * followed, or the administrator's reset link was used), but the account on it was made by someone
 * who never did. Whatever that someone set up (password, second factor, recovery codes, sessions,
 * device marks, palettes with their whole history) is erased by the one erasure path
 * (account/account-erase.ts), and the owner starts on a fresh account with a new id, the address
 * confirmed and `passwordHash` (null: none, e.g. Google). Null when someone else proved the address
 * first. A sign-up that slips in between the erasure and the new row is claimed the same way.
 */
export async function claimAddress(
  sql: Sql,
  accounts: Accounts,
  now: () => Date,
  email: string,
  passwordHash: string | null,
): Promise<UserRow | null> {
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const current = await accounts.findByEmail(email);
    if (current?.email_verified === 1) return null;
    if (current) {
      try {
        await eraseAccount(sql, current.id, now);
      } catch (error) {
        // Another claim erased it a moment ago: look again.
        if (attempt === TRIES) throw error;
        continue;
      }
    }
    const fresh = await accounts.createUser(email, passwordHash, true);
    if (fresh) return fresh;
  }
  return null;
}
