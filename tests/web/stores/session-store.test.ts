import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../../shared/catalogue/catalogue';
import { clearFilters, setBrand, setLightness, setSearchTerm, setUndertone } from '../../../web/stores/filter-store';
import { initPalette, setPaletteStyle } from '../../../web/stores/palette-store';
import { readSession, serializeSession } from '../../../web/stores/session-store';
import { loadRealCatalogue } from '../catalogue-fixture';

let catalogue: Catalogue;

beforeAll(() => {
  catalogue = loadRealCatalogue();
});
beforeEach(() => clearFilters());

/** A session in the format browsers already hold, written by hand, not by our serializer. */
function session(colors: Array<{ colorName: string; hexCode: string }>, extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    searchTerm: '',
    selectedBrand: null,
    selectedCategory: null,
    currentPalette: colors,
    lockedIndices: [],
    timestamp: 1_700_000_000_000,
    ...extra,
  });
}
const real = (i: number) => {
  const c = catalogue.colors[i]!;
  return { brand: c.brand, colorName: c.colorName, hexCode: c.hexCode };
};

describe('session restore', () => {
  it('restores colours, locks and filters when every colour matches the catalogue by hex and name', () => {
    const raw = session([real(1), real(50), real(300)], {
      lockedIndices: [0, 2],
      searchTerm: 'blue',
      selectedBrand: 'Lick',
      selectedCategory: 'Greens',
    });
    expect(readSession(raw, catalogue)).toEqual({
      colorIds: [catalogue.colors[1]!.id, catalogue.colors[50]!.id, catalogue.colors[300]!.id],
      locked: [true, false, true],
      searchTerm: 'blue',
      brand: 'Lick',
      category: 'Greens',
      // Stored before the lightness and undertone filters: restores with neither.
      lightness: null,
      undertone: null,
      // Stored before palette styles existed: restores, as Random.
      style: 'Random',
    });
  });

  it('restores the palette style, and reads an unknown one as Random', () => {
    const colors = [real(1), real(2), real(3)];
    expect(readSession(session(colors, { paletteStyle: 'Complementary' }), catalogue)?.style).toBe('Complementary');
    expect(readSession(session(colors, { paletteStyle: 'Neutral + accent' }), catalogue)?.style).toBe(
      'Neutral + accent',
    );
    expect(readSession(session(colors, { paletteStyle: 'Rainbow' }), catalogue)?.style).toBe('Random');
    expect(readSession(session(colors, { paletteStyle: 7 }), catalogue)?.colorIds).toHaveLength(3);
  });

  it('writes the chosen style with the session', () => {
    initPalette([catalogue.colors[1]!.id, catalogue.colors[2]!.id, catalogue.colors[3]!.id]);
    setPaletteStyle('Tonal');
    const written = serializeSession(catalogue, 1);
    expect(JSON.parse(written ?? '{}').paletteStyle).toBe('Tonal');
    expect(readSession(written, catalogue)?.style).toBe('Tonal');
    setPaletteStyle('Random');
  });

  it('accepts hex codes in lower case', () => {
    const color = { ...real(5), hexCode: real(5).hexCode.toLowerCase() };
    expect(readSession(session([color, real(6), real(7)]), catalogue)?.colorIds[0]).toBe(catalogue.colors[5]!.id);
  });

  it('refuses the whole session when one colour has a known hex but another name', () => {
    const renamed = { ...real(2), colorName: 'Not A Real Paint' };
    expect(readSession(session([real(1), renamed, real(3)]), catalogue)).toBeNull();
  });

  it('refuses a colour whose name is real but whose hex is not', () => {
    const wrongHex = { ...real(2), hexCode: '#010203' };
    expect(readSession(session([real(1), wrongHex, real(3)]), catalogue)).toBeNull();
  });

  it('ignores corrupt and foreign data without throwing', () => {
    const bad = [
      null,
      '',
      '{',
      'null',
      '42',
      '"text"',
      '[]',
      '{}',
      JSON.stringify({ currentPalette: 'nope' }),
      JSON.stringify({ currentPalette: [1, 2, 3] }),
      session([real(1), real(2)]),
      session(Array.from({ length: 11 }, (_, i) => real(i))),
      session([real(1), real(2), real(3)], { lockedIndices: [-1] }),
      session([real(1), real(2), real(3)], { lockedIndices: 'all' }),
      session([real(1), real(2), real(3)], { searchTerm: 'x'.repeat(201) }),
    ];
    for (const raw of bad) expect(readSession(raw, catalogue)).toBeNull();
  });

  it('drops an unknown brand or category filter but keeps the palette', () => {
    const restored = readSession(
      session([real(1), real(2), real(3)], { selectedBrand: 'Dulux', selectedCategory: 'Sparkly' }),
      catalogue,
    );
    expect(restored?.brand).toBeNull();
    expect(restored?.category).toBeNull();
    // Sessions stored before the lightness and undertone filters have neither.
    expect(restored?.lightness).toBeNull();
    expect(restored?.undertone).toBeNull();
    expect(restored?.colorIds).toHaveLength(3);
  });

  it('what we store is read back as the same palette, locks and filters', () => {
    const chosen = [catalogue.colors[9]!.id, catalogue.colors[99]!.id, catalogue.colors[199]!.id];
    initPalette(chosen, [false, true, false]);
    setSearchTerm('sage');
    setBrand('Farrow & Ball');
    setLightness('very-light');
    setUndertone('warm');
    const text = serializeSession(catalogue, 123);
    expect(text).not.toBeNull();
    const stored = JSON.parse(text as string);
    expect(Object.keys(stored).sort()).toEqual(
      [
        'currentPalette',
        'lockedIndices',
        'searchTerm',
        'selectedBrand',
        'selectedCategory',
        'selectedLightness',
        'selectedUndertone',
        'timestamp',
        'paletteStyle',
        // Added with the palette's name: null for an unsaved palette.
        'identity',
      ].sort(),
    );
    expect(readSession(text, catalogue)).toEqual({
      colorIds: chosen,
      locked: [false, true, false],
      searchTerm: 'sage',
      brand: 'Farrow & Ball',
      category: null,
      lightness: 'very-light',
      undertone: 'warm',
      style: 'Random',
    });
  });
});
