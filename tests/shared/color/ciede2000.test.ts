import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deltaE2000, deltaE2000From } from '../../../shared/color/difference';

// Sharma, Wu & Dalal (2005), Table 1: 34 pairs with their published ΔE00.
const rows = readFileSync(new URL('../../fixtures/ciede2000-sharma-2005.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => /^-?\d/.test(line))
  .map((line) => line.split('\t').map(Number));

describe('CIEDE2000 against the Sharma–Wu–Dalal reference pairs', () => {
  it('has all 34 pairs', () => {
    expect(rows).toHaveLength(34);
  });

  it.each(rows.map((r, i) => [i + 1, r] as const))('pair %i matches to 4 decimals in both orders', (_n, row) => {
    const [L1, a1, b1, L2, a2, b2, expected] = row as number[];
    const x = { l: L1 as number, a: a1 as number, b: b1 as number };
    const y = { l: L2 as number, a: a2 as number, b: b2 as number };
    expect(deltaE2000(x, y)).toBeCloseTo(expected as number, 4);
    expect(deltaE2000(y, x)).toBeCloseTo(expected as number, 4);
  });

  it('from one colour to many (one function reused) gives each published pair, in turn', () => {
    // One function per first colour, called for a run of others: reuse must not carry one call into the next.
    for (const row of rows) {
      const [L1, a1, b1, L2, a2, b2, expected] = row as number[];
      const from = deltaE2000From({ l: L1 as number, a: a1 as number, b: b1 as number });
      expect(from(L1 as number, a1 as number, b1 as number)).toBe(0);
      expect(from(L2 as number, a2 as number, b2 as number)).toBeCloseTo(expected as number, 4);
      expect(from(50, 0, 0)).toBeCloseTo(
        deltaE2000({ l: L1 as number, a: a1 as number, b: b1 as number }, { l: 50, a: 0, b: 0 }),
        10,
      );
    }
  });

  it('is zero for identical colours', () => {
    expect(deltaE2000({ l: 50, a: 10, b: -10 }, { l: 50, a: 10, b: -10 })).toBe(0);
  });
});
