import { describe, expect, it } from 'vitest';
import { normalizeHex, parseHex, rgbToHex } from '../../../shared/color/hex';

describe('hex parsing', () => {
  it('reads six-digit hex with or without # in any case', () => {
    expect(parseHex('#3D4E57')).toEqual({ r: 61, g: 78, b: 87 });
    expect(parseHex('3d4e57')).toEqual({ r: 61, g: 78, b: 87 });
  });

  it('expands three-digit shorthand', () => {
    expect(parseHex('#fa0')).toEqual({ r: 255, g: 170, b: 0 });
  });

  it('rejects anything that is not a hex colour', () => {
    for (const bad of ['', '#', '#12345', '#1234567', 'zzzzzz', 'rgb(1,2,3)', '#12 456']) {
      expect(parseHex(bad)).toBeNull();
    }
  });

  it('writes canonical upper-case #RRGGBB, clamping out-of-range channels', () => {
    expect(rgbToHex({ r: 61, g: 78, b: 87 })).toBe('#3D4E57');
    expect(rgbToHex({ r: -4, g: 300, b: 15.6 })).toBe('#00FF10');
    expect(normalizeHex('abc')).toBe('#AABBCC');
    expect(normalizeHex('nope')).toBeNull();
  });
});
