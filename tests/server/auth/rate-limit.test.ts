import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../server/auth/rate-limit';
import { openTestSql } from '../test-engine';

describe('a rate limiter', () => {
  it('knows, without a statement, a key its own counts found over the limit, until the window ends', async () => {
    let now = 1_000_000;
    const sql = await openTestSql();
    const limiter = new RateLimiter(sql, 'writes', 2, 60_000, () => now);
    expect(await limiter.hit('ada')).toBeNull();
    expect(await limiter.hit('ada')).toBeNull();
    expect(limiter.knownWait('ada')).toBeNull();
    expect(await limiter.hit('ada')).toBe(60);
    now += 15_000;
    expect(limiter.knownWait('ada')).toBe(45);
    expect(limiter.knownWait('grace')).toBeNull();
    // Another process's limiter on the same database counts the same key but knows nothing yet: its
    // next count refuses, and from then on it knows too.
    const other = new RateLimiter(sql, 'writes', 2, 60_000, () => now);
    expect(other.knownWait('ada')).toBeNull();
    expect(await other.hit('ada')).toBe(45);
    expect(other.knownWait('ada')).toBe(45);
    now += 45_000;
    expect(limiter.knownWait('ada')).toBeNull();
    expect(await limiter.hit('ada')).toBeNull();
  });
});
