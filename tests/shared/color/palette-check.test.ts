import { describe, expect, it } from 'vitest';
import { deltaE2000 } from '../../../shared/color/difference';
import { parseHex } from '../../../shared/color/hex';
import { type CheckColor, deficiencyView, lrvLadder, undertoneCounts } from '../../../shared/color/palette-check';
import { rgbToLab } from '../../../shared/color/spaces';

const paint = (id: string, hex: string, lrv: number, undertone: CheckColor['undertone'] = 'neutral'): CheckColor => ({
  id,
  name: id,
  brand: 'Test',
  hex,
  lrv,
  lrvEstimated: false,
  undertone,
  finishes: [],
});

describe('palette check', () => {
  it('ladders light to dark and flags pairs under 30 LRV points apart, not those 30 or more', () => {
    const white = paint('white', '#FBF8F4', 83);
    const offWhite = paint('off-white', '#EEE9E7', 73);
    const dark = paint('dark', '#45484B', 10);
    const mid = paint('mid', '#9A9A9A', 40);
    const { ladder, closePairs } = lrvLadder([dark, white, mid, offWhite]);
    expect(ladder.map((c) => c.id)).toEqual(['white', 'off-white', 'mid', 'dark']);
    expect(closePairs.map((p) => [p.a.id, p.b.id, p.value])).toEqual([
      ['white', 'off-white', 10],
      // 40 − 10 = 30 is enough: the rule is "at least 30".
    ]);
  });

  it('finds a red and a green that deuteranopia makes hard to tell apart, and tritanopia does not', () => {
    // Chosen by hand: equal-lightness red and green, far apart for normal vision.
    const red = paint('red', '#B55A4A', 20);
    const green = paint('green', '#6F8A3F', 20);
    const labOf = (hex: string) => rgbToLab(parseHex(hex)!);
    expect(deltaE2000(labOf(red.hex), labOf(green.hex))).toBeGreaterThan(30);
    const deuter = deficiencyView('deuteranopia', [red, green]);
    expect(deuter.hardPairs.map((p) => [p.a.id, p.b.id])).toEqual([['red', 'green']]);
    expect(deuter.seen).toHaveLength(2);
    expect(deficiencyView('tritanopia', [red, green]).hardPairs).toHaveLength(0);
  });

  it('counts undertones', () => {
    expect(
      undertoneCounts([paint('a', '#FFFFFF', 90, 'warm'), paint('b', '#000000', 5, 'cool'), paint('c', '#888888', 30)]),
    ).toEqual({ warm: 1, cool: 1, neutral: 1 });
  });
});
