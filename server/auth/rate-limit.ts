/**
 * Fixed-window counters in memory (one process, so no shared store is needed). `hit` counts an
 * attempt and says how long to wait when the key is over its limit.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts one attempt; returns seconds to wait when over the limit, else null. */
  hit(key: string): number | null {
    const at = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= at) {
      if (this.windows.size > 100_000) this.sweep(at);
      window = { count: 0, resetAt: at + this.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return window.count > this.limit ? Math.max(1, Math.ceil((window.resetAt - at) / 1000)) : null;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(at: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= at) this.windows.delete(key);
  }
}

export interface AuthLimits {
  /** Sign-in and sign-up attempts from one address. */
  perIp: RateLimiter;
  /** Sign-in attempts at one account (reset by a successful sign-in). */
  perEmail: RateLimiter;
}

const TEN_MINUTES = 10 * 60 * 1000;

export function authLimits(now: () => number, config?: { perIp?: number; perEmail?: number }): AuthLimits {
  return {
    perIp: new RateLimiter(config?.perIp ?? 100, TEN_MINUTES, now),
    perEmail: new RateLimiter(config?.perEmail ?? 10, TEN_MINUTES, now),
  };
}
