import type Database from 'better-sqlite3';
import { tokenHash } from './tokens';

/**
 * Fixed-window counters kept in SQLite, so a restart does not hand an attacker a fresh budget. Keys
 * are stored hashed: the table never holds an email or an address in the clear.
 */
export class RateLimiter {
  private readonly upsert: Database.Statement<[string, number, number, number, number]>;
  private readonly read: Database.Statement<[string], { count: number; reset_at: number }>;
  private readonly remove: Database.Statement<[string]>;

  constructor(
    db: Database.Database,
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number,
  ) {
    this.upsert = db.prepare(
      `INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 1, ?)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN reset_at <= ? THEN 1 ELSE count + 1 END,
         reset_at = CASE WHEN reset_at <= ? THEN ? ELSE reset_at END
       RETURNING count, reset_at`,
    );
    this.read = db.prepare('SELECT count, reset_at FROM rate_limits WHERE key = ?');
    this.remove = db.prepare('DELETE FROM rate_limits WHERE key = ?');
  }

  private key(key: string) {
    return tokenHash(`${this.name}\u0000${key}`);
  }

  private wait(count: number, resetAt: number, at: number): number | null {
    return count > this.limit ? Math.max(1, Math.ceil((resetAt - at) / 1000)) : null;
  }

  /** Counts one attempt; returns seconds to wait when over the limit, else null. */
  hit(key: string): number | null {
    const at = this.now();
    const resetAt = at + this.windowMs;
    const row = this.upsert.get(this.key(key), resetAt, at, at, resetAt) as { count: number; reset_at: number };
    return this.wait(row.count, row.reset_at, at);
  }

  /** Seconds to wait when the key has already used up its budget (the next attempt would be over), else null. */
  check(key: string): number | null {
    const at = this.now();
    const row = this.read.get(this.key(key));
    if (!row || row.reset_at <= at) return null;
    return this.wait(row.count + 1, row.reset_at, at);
  }

  reset(key: string): void {
    this.remove.run(this.key(key));
  }
}

export interface AuthLimits {
  /** Sign-in and sign-up attempts from one address. */
  perIp: RateLimiter;
  /** Failed sign-ins at one account from one address (reset by a successful sign-in there). */
  perEmail: RateLimiter;
  /** Failed sign-ins at one account from anywhere: past it, only a device that signed in before may try. */
  perAccount: RateLimiter;
  /** Sign-ups, confirmation and reset mails per address asked for. */
  mailsPerEmail: RateLimiter;
  /** Writes (palette changes) per signed-in user per minute. */
  writesPerUser: RateLimiter;
}

const MINUTE = 60 * 1000;
const TEN_MINUTES = 10 * MINUTE;

export interface RateLimitConfig {
  perIp?: number;
  perEmail?: number;
  perAccount?: number;
  mailsPerEmail?: number;
  writesPerMinute?: number;
}

export function authLimits(db: Database.Database, now: () => number, config?: RateLimitConfig): AuthLimits {
  return {
    perIp: new RateLimiter(db, 'ip', config?.perIp ?? 100, TEN_MINUTES, now),
    perEmail: new RateLimiter(db, 'email-ip', config?.perEmail ?? 10, TEN_MINUTES, now),
    perAccount: new RateLimiter(db, 'account', config?.perAccount ?? 50, TEN_MINUTES, now),
    mailsPerEmail: new RateLimiter(db, 'mail', config?.mailsPerEmail ?? 10, TEN_MINUTES, now),
    writesPerUser: new RateLimiter(db, 'writes', config?.writesPerMinute ?? 120, MINUTE, now),
  };
}

/** Drops windows that have ended, so the table only holds live counters. */
export const sweepRateLimits = (db: Database.Database, at: number) =>
  db.prepare('DELETE FROM rate_limits WHERE reset_at <= ?').run(at).changes;
