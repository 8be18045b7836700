import { describe, expect, it } from 'vitest';
import { parseHash } from '../../../web/lib/hash-route';

describe('hash routes', () => {
  it('opens the four information modals by name', () => {
    expect(parseHash('#about')).toEqual({ kind: 'info', name: 'about' });
    expect(parseHash('#how-to-use')).toEqual({ kind: 'info', name: 'how-to-use' });
    expect(parseHash('#keyboard-shortcuts')).toEqual({ kind: 'info', name: 'keyboard-shortcuts' });
    expect(parseHash('#contact')).toEqual({ kind: 'info', name: 'contact' });
  });

  it('reads a palette link of dash-separated hex codes in any case', () => {
    expect(parseHash('#palette=aabbcc-DDEEFF-12aB9f')).toEqual({
      kind: 'palette',
      hexes: ['aabbcc', 'DDEEFF', '12aB9f'],
    });
  });

  it('drops parts that are not 6-digit hex codes, and survives an encoded # or broken escapes', () => {
    expect(parseHash('#palette=aabbcc-xyz-12345-1234567--%23ddeeff')).toEqual({
      kind: 'palette',
      hexes: ['aabbcc', 'ddeeff'],
    });
    expect(parseHash('#palette=%E0%A4%A')).toEqual({ kind: 'palette', hexes: [] });
    expect(parseHash('#palette=zzz-12')).toEqual({ kind: 'palette', hexes: [] });
    expect(parseHash('#palette=')).toEqual({ kind: 'palette', hexes: [] });
  });

  it('ignores anything else', () => {
    for (const hash of ['', '#', '#About', '#aboutx', '#main', '#palette', '#share=abc']) {
      expect(parseHash(hash)).toEqual({ kind: 'none' });
    }
  });

  it('reads no more than 50 parts of a huge link', () => {
    const hash = `#palette=${Array.from({ length: 5000 }, () => 'aabbcc').join('-')}`;
    const route = parseHash(hash);
    expect(route.kind === 'palette' && route.hexes.length).toBe(50);
  });
});
