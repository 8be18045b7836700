import type Database from 'better-sqlite3';
import { accounts } from '../auth/account-queries';
import { sweepRateLimits } from '../auth/rate-limit';

/** The hourly sweep: ended sessions, spent links, old counters, and (with mail) unconfirmed accounts past their link. */
export function runMaintenance(db: Database.Database, now: () => Date, options: { mail: boolean }) {
  const at = now().getTime();
  const swept = {
    sessions: db.prepare('DELETE FROM sessions WHERE expires_at <= ? OR absolute_expires_at <= ?').run(at, at).changes,
    confirmations: db.prepare('DELETE FROM email_confirmations WHERE expires_at <= ?').run(at).changes,
    resets: db.prepare('DELETE FROM password_resets WHERE expires_at <= ?').run(at).changes,
    devices: db.prepare('DELETE FROM known_devices WHERE expires_at <= ?').run(at).changes,
    pendingSignIns: db.prepare('DELETE FROM pending_sign_ins WHERE expires_at <= ?').run(at).changes,
    rateLimits: sweepRateLimits(db, at),
    unconfirmedAccounts: options.mail ? accounts(db, now).sweepUnconfirmed() : 0,
  };
  return swept;
}
