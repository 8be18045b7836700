import { accounts } from '../auth/account-queries';
import { sweepRateLimits } from '../auth/rate-limit';
import type { Sql } from '../db/sql';

/** The hourly sweep: ended sessions, spent links, old counters, and (with mail) unconfirmed accounts past their link. */
export async function runMaintenance(sql: Sql, now: () => Date, options: { mail: boolean }) {
  const at = now().getTime();
  return {
    sessions: await sql.run('DELETE FROM sessions WHERE expires_at <= ? OR absolute_expires_at <= ?', [at, at]),
    confirmations: await sql.run('DELETE FROM email_confirmations WHERE expires_at <= ?', [at]),
    resets: await sql.run('DELETE FROM password_resets WHERE expires_at <= ?', [at]),
    devices: await sql.run('DELETE FROM known_devices WHERE expires_at <= ?', [at]),
    pendingSignIns: await sql.run('DELETE FROM pending_sign_ins WHERE expires_at <= ?', [at]),
    rateLimits: await sweepRateLimits(sql, at),
    unconfirmedAccounts: options.mail ? await accounts(sql, now).sweepUnconfirmed() : 0,
  };
}
