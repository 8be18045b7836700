import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../server/catalogue-file';
import { type PaletteSession, scriptSafeJson } from '../../../shared/session/first-paint';
import { encodePaletteCookie, parsePaletteCookie, parseThemeCookie } from '../../../shared/session/palette-cookie';

const catalogue = loadCatalogue();
const ids = catalogue.colors.slice(10, 15).map((c) => c.id);
const session: PaletteSession = {
  colorIds: ids,
  locked: [false, true, false, false, true],
  searchTerm: 'blue; "grey", 50% \\ off',
  brand: 'Farrow & Ball',
  category: 'Blues',
  lightness: 'mid',
  undertone: 'cool',
  style: 'Analogous',
};

describe('the palette cookie', () => {
  it('round-trips a session, and its value is legal cookie text', () => {
    const value = encodePaletteCookie(session);
    // RFC 6265 cookie-octets: no spaces, quotes, commas, semicolons or backslashes.
    expect(value).toMatch(/^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]+$/);
    expect(parsePaletteCookie(value, catalogue)).toEqual(session);
    expect(value.length).toBeLessThan(400);
  });

  it('keeps the name and link of the palette; a name with cookie-unsafe characters round-trips', () => {
    const named = { ...session, identity: { id: 'p_123', version: 4, name: 'Hall; "front", 50%', changed: true } };
    const value = encodePaletteCookie(named);
    expect(value).toMatch(/^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]+$/);
    expect(parsePaletteCookie(value, catalogue)).toEqual(named);
    const draft = { ...session, identity: { id: null, version: 0, name: 'Kitchen', changed: false } };
    expect(parsePaletteCookie(encodePaletteCookie(draft), catalogue)).toEqual(draft);
  });

  it('drops unknown colour ids and keeps each lock with its colour', () => {
    const value = encodePaletteCookie({
      ...session,
      colorIds: [ids[0]!, 'no-such-paint', ...ids.slice(1)] as string[],
      locked: [false, true, true, false, false, false],
    });
    const parsed = parsePaletteCookie(value, catalogue);
    expect(parsed?.colorIds).toEqual(ids);
    // 'no-such-paint' was locked at position 1; the real colour after it was locked at 2.
    expect(parsed?.locked).toEqual([false, true, false, false, false]);
  });

  it('is no palette with fewer than 3 known colours, junk, or oversized input', () => {
    const two = encodePaletteCookie({ ...session, colorIds: [ids[0]!, 'x-1', ids[1]!, 'x-2'], locked: [] });
    expect(parsePaletteCookie(two, catalogue)).toBeNull();
    for (const junk of [
      undefined,
      '',
      'garbage',
      'p=%E0%A4%A',
      `p=${ids.join('.')}<script>`,
      `p=${'a'.repeat(3000)}`,
      `p=${ids.join('.')}&q=${'x'.repeat(201)}`,
      `p=${ids.join('.')}&l=1.2.x`,
    ]) {
      expect(parsePaletteCookie(junk, catalogue)).toBeNull();
    }
  });

  it('keeps at most 10 distinct colours and falls back to Random for an unknown style', () => {
    const many = catalogue.colors.slice(0, 14).map((c) => c.id);
    const parsed = parsePaletteCookie(`p=${[ids[0], ids[0], ...many].join('.')}&y=Sparkly&b=Dulux&c=Plaid`, catalogue);
    expect(parsed?.colorIds).toHaveLength(10);
    expect(new Set(parsed?.colorIds).size).toBe(10);
    expect(parsed).toMatchObject({ style: 'Random', brand: null, category: null, searchTerm: '' });
  });

  it('reads a cookie written before the lightness and undertone filters, and drops unknown ones', () => {
    const old = `p=${ids.join('.')}&l=1&y=Analogous&q=sage&b=Lick`;
    expect(parsePaletteCookie(old, catalogue)).toMatchObject({
      colorIds: ids,
      searchTerm: 'sage',
      brand: 'Lick',
      lightness: null,
      undertone: null,
    });
    const odd = parsePaletteCookie(`p=${ids.join('.')}&v=glowing&u=lukewarm`, catalogue);
    expect(odd).toMatchObject({ colorIds: ids, lightness: null, undertone: null });
  });
});

describe('the theme cookie', () => {
  it('is dark, light or unknown', () => {
    expect(parseThemeCookie('dark')).toBe(true);
    expect(parseThemeCookie('light')).toBe(false);
    expect(parseThemeCookie('DARK')).toBeNull();
    expect(parseThemeCookie(undefined)).toBeNull();
  });
});

describe('state JSON inside a script element', () => {
  it('cannot close the script or open a comment, and parses back unchanged', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028\u2029' };
    const text = scriptSafeJson(value);
    expect(text).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
