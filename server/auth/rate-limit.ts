import type { Sql } from '../db/sql';
import { tokenHash } from './tokens';

// One statement counts and reads back, so two processes hitting one key at once both count.
const UPSERT = `INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 1, ?)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_limits.reset_at <= ? THEN 1 ELSE rate_limits.count + 1 END,
    reset_at = CASE WHEN rate_limits.reset_at <= ? THEN ? ELSE rate_limits.reset_at END
  RETURNING count, reset_at`;

const MAX_KNOWN = 10_000;

/** Whole seconds (at least 1) from `at` until `resetAt`, as Retry-After says them. */
const secondsUntil = (resetAt: number, at: number) => Math.max(1, Math.ceil((resetAt - at) / 1000));

/**
 * Fixed-window counters kept in the database, so a restart does not hand an attacker a fresh budget
 * and every process of the app counts against the same one. Keys are stored hashed: the table never
 * holds an email or an address in the clear.
 */
export class RateLimiter {
  constructor(
    private readonly sql: Sql,
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Keys this process's own counts found over the limit, until their window ends (see knownWait). */
  private readonly over = new Map<string, number>();

  private key(key: string) {
    return tokenHash(`${this.name}\u0000${key}`);
  }

  private wait(count: number, resetAt: number, at: number): number | null {
    return count > this.limit ? secondsUntil(resetAt, at) : null;
  }

  /** Counts one attempt; returns seconds to wait when over the limit, else null. `db`: a transaction to count in. */
  async hit(key: string, db: Sql = this.sql): Promise<number | null> {
    const at = this.now();
    const resetAt = at + this.windowMs;
    const row = await db.get<{ count: number; reset_at: number }>(UPSERT, [this.key(key), resetAt, at, at, resetAt]);
    if (!row) throw new Error('rate limit upsert returned no row');
    const wait = this.wait(row.count, row.reset_at, at);
    if (wait !== null) this.remember(key, row.reset_at);
    return wait;
  }

  /**
   * Seconds to wait when this process's own counts already found the key over its limit, without
   * reading the database; null otherwise. For a check before work whose transaction counts anyway
   * (`hit`), so that the common case costs no statement and a key another process found over its
   * limit is still refused, by the count itself.
   */
  knownWait(key: string): number | null {
    const until = this.over.get(key);
    if (until === undefined) return null;
    const at = this.now();
    if (until > at) return secondsUntil(until, at);
    this.over.delete(key);
    return null;
  }

  private remember(key: string, until: number) {
    // Bounded: past this many keys over their limit at once, the oldest are forgotten (their
    // next write is still refused by its count, after a transaction's start).
    if (this.over.size >= MAX_KNOWN && !this.over.has(key)) {
      const oldest = this.over.keys().next().value;
      if (oldest !== undefined) this.over.delete(oldest);
    }
    this.over.set(key, until);
  }

  /** Seconds to wait when the key has already used up its budget (the next attempt would be over), else null. */
  async check(key: string): Promise<number | null> {
    const at = this.now();
    const row = await this.sql.get<{ count: number; reset_at: number }>(
      'SELECT count, reset_at FROM rate_limits WHERE key = ?',
      [this.key(key)],
    );
    if (!row || row.reset_at <= at) return null;
    return this.wait(row.count + 1, row.reset_at, at);
  }

  /** Takes back one attempt counted by `hit` (it turned out not to be a failure). */
  async refund(key: string, db: Sql = this.sql): Promise<void> {
    await db.run('UPDATE rate_limits SET count = rate_limits.count - 1 WHERE key = ? AND rate_limits.count > 0', [
      this.key(key),
    ]);
  }

  async reset(key: string): Promise<void> {
    await this.sql.run('DELETE FROM rate_limits WHERE key = ?', [this.key(key)]);
  }
}

export interface AuthLimits {
  /** Sign-in and sign-up attempts from one address. */
  perIp: RateLimiter;
  /** Failed sign-ins at one account from one address (reset by a successful sign-in there). */
  perEmail: RateLimiter;
  /** Failed sign-ins at one account from anywhere: past it, only a device that signed in before may try. */
  perAccount: RateLimiter;
  /**
   * Confirmation and reset mails per address asked for, per hour: past it no mail goes, and the answer
   * stays the same 202, so a stranger asking again and again neither fills the owner's inbox nor
   * blocks the owner's own request (the links already sent still work).
   */
  mailsPerEmail: RateLimiter;
  /**
   * Wrong second-factor codes at one account, whichever way they came (password sign-in, reset link,
   * Google): one budget, so no path guesses on after another is spent. Only someone past the first
   * factor can spend it; a device that signed in before still passes.
   */
  secondFactor: RateLimiter;
  /** Writes (palette changes) per signed-in user per minute. */
  writesPerUser: RateLimiter;
}

const MINUTE = 60 * 1000;
const TEN_MINUTES = 10 * MINUTE;
const HOUR = 60 * MINUTE;

export interface RateLimitConfig {
  perIp?: number;
  perEmail?: number;
  perAccount?: number;
  mailsPerEmail?: number;
  secondFactor?: number;
  writesPerMinute?: number;
}

export function authLimits(sql: Sql, now: () => number, config?: RateLimitConfig): AuthLimits {
  return {
    perIp: new RateLimiter(sql, 'ip', config?.perIp ?? 100, TEN_MINUTES, now),
    perEmail: new RateLimiter(sql, 'email-ip', config?.perEmail ?? 10, TEN_MINUTES, now),
    perAccount: new RateLimiter(sql, 'account', config?.perAccount ?? 50, TEN_MINUTES, now),
    mailsPerEmail: new RateLimiter(sql, 'mail', config?.mailsPerEmail ?? 3, HOUR, now),
    secondFactor: new RateLimiter(sql, 'second-factor', config?.secondFactor ?? 20, HOUR, now),
    writesPerUser: new RateLimiter(sql, 'writes', config?.writesPerMinute ?? 120, MINUTE, now),
  };
}

/** Drops windows that have ended, so the table only holds live counters. */
export const sweepRateLimits = (sql: Sql, at: number) => sql.run('DELETE FROM rate_limits WHERE reset_at <= ?', [at]);
