import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalogue-file';
import type { Catalogue } from '../../shared/catalogue/catalogue';
import type { CatalogueColor } from '../../shared/catalogue/types';
import { COLOUR_WORDS, colourWord } from '../../workers/colour-words';
import { buildSearchIndex, type SearchIndex, withinOneEdit } from '../../workers/search-index';
import { factsOf, inRange, named } from './colour-facts';

let catalogue: Catalogue;
let index: SearchIndex;
const colours = (text: string) => index.search({ text }).ids.map((id) => catalogue.byId.get(id) as CatalogueColor);
/** Each query word is in the colour's name or the colour measures in that word's range. */
const fits = (words: string[], c: CatalogueColor) => words.every((w) => named(w, c) || inRange(w, c));

beforeAll(() => {
  catalogue = loadCatalogue();
  index = buildSearchIndex(catalogue.colors);
});

describe('colour words as measured ranges', () => {
  it('every colour word finds colours of the catalogue by its range alone', () => {
    for (const word of Object.keys(COLOUR_WORDS)) {
      expect(catalogue.colors.filter((c) => inRange(word, c)).length, word).toBeGreaterThan(0);
    }
  });

  it("'dark green' brings dark greens first, never a light colour named Dark", () => {
    const found = colours('dark green');
    expect(found.length).toBeGreaterThanOrEqual(8);
    for (const c of found) expect(fits(['dark', 'green'], c), c.colorName).toBe(true);
    // What only the ranges found is truly dark and green: LRV under 20, OKLCh hue in the green arc.
    const measured = found.filter((c) => !named('green', c) && !named('dark', c));
    expect(measured.length).toBeGreaterThan(0);
    for (const c of measured) {
      const f = factsOf(c);
      expect(f.lrv).toBeLessThan(20);
      expect(f.hue).toBeGreaterThanOrEqual(100);
      expect(f.hue).toBeLessThan(178);
    }
    // Colours named 'Dark' that are neither dark nor green (a pale stone) are not offered.
    const misnamed = catalogue.colors.filter((c) => named('dark', c) && !inRange('dark', c) && !inRange('green', c));
    for (const c of misnamed) expect(found).not.toContain(c);
    // The top ten are dark and green by measurement, not just by name.
    for (const c of found.slice(0, 10)) expect(factsOf(c).lrv, c.colorName).toBeLessThan(20);
  });

  it("'warm white' brings warm whites", () => {
    const found = colours('warm white');
    expect(found.length).toBeGreaterThanOrEqual(10);
    for (const c of found) {
      expect(named('warm', c) || c.undertone === 'warm', c.colorName).toBe(true);
      expect(fits(['white'], c), c.colorName).toBe(true);
    }
    for (const c of found.slice(0, 10)) expect(c.lrv, c.colorName).toBeGreaterThanOrEqual(60);
  });

  it("'sage' brings several sage greens, a colour named Sage first", () => {
    const found = colours('sage');
    expect(found.filter((c) => inRange('sage', c)).length).toBeGreaterThanOrEqual(5);
    for (const c of found) expect(fits(['sage'], c), c.colorName).toBe(true);
    const withName = catalogue.colors.filter((c) => named('sage', c));
    expect(new Set(found.slice(0, withName.length))).toEqual(new Set(withName));
  });

  it('a name match outranks a range match: the word in the name first, then the rest', () => {
    for (const word of ['green', 'pink', 'white', 'stone', 'blue']) {
      const found = colours(word);
      const firstUnnamed = found.findIndex((c) => !named(word, c));
      const lastNamed = found.findLastIndex((c) => named(word, c));
      expect(lastNamed, word).toBeLessThan(firstUnnamed === -1 ? found.length : firstUnnamed);
    }
  });

  it('a full name typed exactly is still first: Hague Blue, Off-White, Sage Green', () => {
    for (const name of ['Hague Blue', 'Off-White', 'Sage Green', 'Pink Ground']) {
      expect(colours(name)[0]?.colorName, name).toBe(name);
      expect(colours(name.toLowerCase())[0]?.colorName, name).toBe(name);
    }
  });

  it('keeps typo tolerance and other spellings: purpel, greens, gray, off white', () => {
    expect(colourWord('purpel', withinOneEdit)).toBe('purple');
    expect(colourWord('greens', withinOneEdit)).toBe('green');
    expect(colourWord('gray', withinOneEdit)).toBe('grey');
    expect(colourWord('hague', withinOneEdit)).toBeUndefined();
    expect(colours('purpel').map((c) => c.id)).toEqual(colours('purple').map((c) => c.id));
    const offWhite = colours('off white');
    expect(offWhite.length).toBeGreaterThan(5);
    for (const c of offWhite.slice(1)) expect(inRange('offwhite', c), c.colorName).toBe(true);
    expect(colours('elephnt')[0]?.colorName).toBe("Elephant's Breath");
  });

  it('lightness and undertone words narrow other words: pale pink, cool grey, deep blue', () => {
    for (const [light, hue] of [
      ['pale', 'pink'],
      ['cool', 'grey'],
      ['deep', 'blue'],
      ['light', 'teal'],
    ] as const) {
      const found = colours(`${light} ${hue}`);
      expect(found.length, `${light} ${hue}`).toBeGreaterThan(0);
      for (const c of found) expect(fits([light, hue], c), `${light} ${hue}: ${c.colorName}`).toBe(true);
    }
  });
});
