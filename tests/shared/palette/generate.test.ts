import { describe, expect, it } from 'vitest';
import { canGenerateFrom, generateColorIds, pickRandomId } from '../../../shared/palette/generate';
import { seeded } from '../../support/seeded-random';

const ids = Array.from({ length: 447 }, (_, i) => `c${i}`);

describe('palette generation', () => {
  it('turns an empty palette into 5 distinct colours', () => {
    const next = generateColorIds([], [], ids, seeded(1));
    expect(next).toHaveLength(5);
    expect(new Set(next).size).toBe(5);
  });

  it('keeps locked positions and refills the others without duplicates', () => {
    const random = seeded(2);
    for (let run = 0; run < 200; run++) {
      const current = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];
      const locked = [false, true, false, false, true, false];
      const next = generateColorIds(current, locked, ids, random);
      expect(next).toHaveLength(6);
      expect(next[1]).toBe('c2');
      expect(next[4]).toBe('c5');
      expect(new Set(next).size).toBe(6);
    }
  });

  it('gives up avoiding duplicates after 100 tries rather than looping forever', () => {
    let calls = 0;
    const always0 = () => {
      calls++;
      return 0;
    };
    expect(pickRandomId(['only'], new Set(['only']), always0)).toBe('only');
    expect(calls).toBe(100);
  });

  it('refuses an empty catalogue', () => {
    expect(() => pickRandomId([], new Set(), Math.random)).toThrow(/empty/);
  });

  it('knows when a pool of paints is too small to refill the unlocked positions without repeats', () => {
    expect(canGenerateFrom([], [], ['a', 'b', 'c', 'd', 'e'])).toBe(true);
    expect(canGenerateFrom([], [], ['a', 'b', 'c', 'd'])).toBe(false);
    // Three unlocked positions; the locked colour in the pool cannot be used again.
    expect(canGenerateFrom(['a', 'x', 'y', 'z'], [true, false, false, false], ['a', 'b', 'c', 'd'])).toBe(true);
    expect(canGenerateFrom(['a', 'x', 'y', 'z'], [true, false, false, false], ['a', 'b', 'c'])).toBe(false);
    expect(canGenerateFrom(['a', 'b', 'c'], [true, true, true], [])).toBe(true);
  });
});
