import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalogue-file';
import type { Catalogue } from '../../shared/catalogue/catalogue';
import type { CatalogueColor } from '../../shared/catalogue/types';
import { deltaE2000 } from '../../shared/color/difference';
import { parseHex } from '../../shared/color/hex';
import { rgbToLab } from '../../shared/color/spaces';
import {
  buildSearchIndex,
  compactBuffers,
  compactSearchIndex,
  copyCompactIndex,
  editDistance,
  NEAREST_TO_HEX,
  openSearchIndex,
  parseQuery,
  type SearchIndex,
  withinOneEdit,
} from '../../workers/search-index';
import { inRange, named } from './colour-facts';

let catalogue: Catalogue;
let index: SearchIndex;
const top = (text: string, extra: object = {}) => index.search({ text, ...extra }).ids;
const name = (id: string) => catalogue.byId.get(id)?.colorName;

beforeAll(() => {
  catalogue = loadCatalogue();
  index = buildSearchIndex(catalogue.colors);
});

describe('search index on the real catalogue', () => {
  it('indexes every colour and lists them all, in catalogue order, for an empty query', () => {
    expect(index.size).toBe(447);
    const all = index.search({ text: '   ' });
    expect(all.ids).toEqual(catalogue.colors.map((c) => c.id));
    expect(all.scores.every((s) => s === 0)).toBe(true);
  });

  it('puts the exact name first, then names that start with the query', () => {
    const bone = top('Bone');
    expect(name(bone[0] as string)).toBe('Bone');
    expect(bone.slice(1, 5).map(name)).toEqual(
      expect.arrayContaining([
        'Bone China Blue',
        'Bone China Blue - Faint',
        'Bone China Blue - Mid',
        'Bone China Blue - Pale',
      ]),
    );
    expect(top('hague blue')[0]).toBe('farrow-ball-hague-blue');
    expect(top('HAGUE')[0]).toBe('farrow-ball-hague-blue');
  });

  it('finds names by prefix, typed word by word', () => {
    expect(top('hag')).toContain('farrow-ball-hague-blue');
    expect(name(top('eleph')[0] as string)).toBe("Elephant's Breath");
    expect(name(top('elephants bre')[0] as string)).toBe("Elephant's Breath");
    expect(name(top("charlotte's l")[0] as string)).toBe("Charlotte's Locks");
  });

  it('ranks name prefix matches above colours that match only by category or description', () => {
    const results = top('blue');
    const firstNonName = results.findIndex((id) => !/\bblue/i.test(name(id) ?? ''));
    const lastName = results.map((id) => /\bblue/i.test(name(id) ?? '')).lastIndexOf(true);
    expect(firstNonName).toBeGreaterThan(0);
    expect(lastName).toBeLessThan(firstNonName);
    // Colours filed under Blues without 'blue' in the name are still found.
    const blues = catalogue.colors.filter((c) => c.category === 'Blues' && !/blue/i.test(c.colorName));
    expect(blues.length).toBeGreaterThan(0);
    for (const c of blues) expect(results).toContain(c.id);
  });

  it('forgives one typo in longer words', () => {
    expect(top('hauge')[0]).toBe('farrow-ball-hague-blue'); // swapped letters
    expect(top('haguee')[0]).toBe('farrow-ball-hague-blue'); // one letter too many
    expect(name(top('elephnt')[0] as string)).toBe("Elephant's Breath"); // one missing
    expect(name(top('arsenik')[0] as string)).toBe('Arsenic'); // one wrong
    expect(name(top('cornfroth')[0] as string)).toBe('Cornforth White');
  });

  it('forgives one typo from four letters: hage, bleu', () => {
    expect(top('hage')[0]).toBe('farrow-ball-hague-blue'); // one letter missing
    expect(top('hage blue')).toEqual(['farrow-ball-hague-blue']);
    expect(top('hague bleu')).toEqual(['farrow-ball-hague-blue']); // swapped letters
    expect(name(top('bome')[0] as string)).toBe('Bone'); // one wrong
  });

  it('takes a four-letter word that starts a real word as typed, and does not guess at three letters', () => {
    // 'pink' must not bring 'pine' or 'mink': every result is named pink or measures pink.
    const pink = top('pink');
    expect(pink.length).toBeGreaterThan(0);
    for (const id of pink) {
      const c = catalogue.byId.get(id) as CatalogueColor;
      expect(named('pink', c) || inRange('pink', c)).toBe(true);
    }
    expect(top('hsy')).toEqual([]);
  });

  it("offers 'Did you mean' only when nothing matches: the colour the corrected words find", () => {
    for (const text of ['hgaeu blue', 'hague blew', 'hagueblue']) {
      const result = index.search({ text });
      expect(result.ids).toEqual([]);
      expect(result.suggestion).toBe('Hague Blue');
      // The suggestion, searched, finds what it names.
      expect(top(result.suggestion as string)[0]).toBe('farrow-ball-hague-blue');
    }
    expect(index.search({ text: 'elephnt brith' }).suggestion).toBe("Elephant's Breath");
    expect(index.search({ text: 'hague blue' }).suggestion).toBeUndefined();
    expect(index.search({ text: 'qqqqzz' }).suggestion).toBeUndefined();
    // Nothing is offered that the active filter would hide again (Hague Blue is Farrow & Ball).
    expect(index.search({ text: 'hgaeu blue', brand: 'Lick' }).suggestion).not.toBe('Hague Blue');
  });

  it('ranks exact and prefix matches above typo matches', () => {
    // 'brinjal' is a colour; a one-edit neighbour must not outrank it.
    const results = top('dimity');
    expect(name(results[0] as string)).toBe('Dimity');
    const typo = top('dimitx');
    expect(name(typo[0] as string)).toBe('Dimity');
    expect(index.search({ text: 'dimitx' }).scores[0]).toBeLessThan(
      index.search({ text: 'dimity' }).scores[0] as number,
    );
  });

  it('finds supplier numbers as printed (No. 30) or bare, exact number first', () => {
    expect(top('No. 30')[0]).toBe('farrow-ball-hague-blue');
    expect(top('no.30')[0]).toBe('farrow-ball-hague-blue');
    expect(top('30')[0]).toBe('farrow-ball-hague-blue');
    // 'No. 30' asks for a number: no colour comes back just because its name or hex has a 3.
    for (const id of top('No. 3')) expect(catalogue.byId.get(id)?.number?.startsWith('3')).toBe(true);
  });

  it('finds hex codes with or without #, in any case, and by their start', () => {
    expect(top('#3d4e57')).toEqual(['farrow-ball-hague-blue']);
    expect(top('3D4E57')).toEqual(['farrow-ball-hague-blue']);
    expect(top('#3d4e')).toEqual(['farrow-ball-hague-blue']);
    const partial = top('#3D');
    expect(partial.length).toBeGreaterThan(1);
    for (const id of partial) expect(catalogue.byId.get(id)?.hexCode.startsWith('#3D')).toBe(true);
  });

  it('answers a hex code no paint has with the nearest paints by CIEDE2000, nearest first', () => {
    const result = index.search({ text: '#3d4e58' });
    expect(result.ids).toHaveLength(NEAREST_TO_HEX);
    expect(new Set(result.ids.slice(0, 2))).toEqual(new Set(['farrow-ball-hague-blue', 'lick-blue-07']));
    const target = rgbToLab(parseHex('#3d4e58') as { r: number; g: number; b: number });
    const distance = (id: string) => {
      const [l, a, b] = catalogue.byId.get(id)?.lab ?? [0, 0, 0];
      return deltaE2000(target, { l, a, b });
    };
    const listed = result.ids.map(distance);
    expect([...listed].sort((a, b) => a - b)).toEqual(listed);
    const farthestListed = listed.at(-1) as number;
    for (const c of catalogue.colors.filter((x) => !result.ids.includes(x.id))) {
      expect(distance(c.id)).toBeGreaterThanOrEqual(farthestListed);
    }
    // Filters still apply; an all-letter word is a colour only when typed with '#'.
    for (const id of index.search({ text: '3d4e58', brand: 'Lick' }).ids)
      expect(catalogue.byId.get(id)?.brand).toBe('Lick');
    expect(top('facade')).toEqual([]);
    expect(top('#facade')).toHaveLength(NEAREST_TO_HEX);
  });

  it('ranks paints equally near a hex code in catalogue order, and keeps only the nearest', () => {
    // Three twins of one paint, far apart in the catalogue, and paints farther away around them.
    const base = catalogue.colors.slice(0, 40);
    const twin = catalogue.byId.get('farrow-ball-hague-blue') as CatalogueColor;
    const colors = base.map((c, i) => (i % 13 === 5 ? { ...twin, id: `twin-${i}`, colorName: `Twin ${i}` } : c));
    const small = buildSearchIndex(colors);
    const ids = small.search({ text: '#3d4e58' }).ids;
    expect(ids).toHaveLength(NEAREST_TO_HEX);
    expect(ids.slice(0, 3)).toEqual(['twin-5', 'twin-18', 'twin-31']);
    const target = rgbToLab(parseHex('#3d4e58') as { r: number; g: number; b: number });
    const byDistance = colors
      .map((c, i) => ({ id: c.id, i, d: deltaE2000(target, { l: c.lab[0], a: c.lab[1], b: c.lab[2] }) }))
      .sort((x, y) => x.d - y.d || x.i - y.i)
      .slice(0, NEAREST_TO_HEX)
      .map((x) => x.id);
    expect(ids).toEqual(byDistance);
  });

  it('finds brands, categories and description words, and every word must match', () => {
    const lick = top('lick');
    expect(lick).toHaveLength(catalogue.colors.filter((c) => c.brand === 'Lick').length);
    const teals = top('teals');
    for (const c of catalogue.colors.filter((x) => x.category === 'Teals')) expect(teals).toContain(c.id);
    const lickBlue = top('lick blue');
    expect(lickBlue.length).toBeGreaterThan(0);
    for (const id of lickBlue) expect(catalogue.byId.get(id)?.brand).toBe('Lick');
    const warm = top('warm');
    expect(warm.length).toBeGreaterThan(50);
    for (const id of warm.slice(1)) expect(catalogue.byId.get(id)?.undertone).toBe('warm');
    expect(top('f&b')).toHaveLength(144);
  });

  it("treats grey and gray as one word, and 'green' as a colour, not the start of Little Greene", () => {
    expect(new Set(top('grey'))).toEqual(new Set(top('gray')));
    expect(top('grey').map(name)).toEqual(expect.arrayContaining(['French Gray', 'French Grey']));
    const green = top('green');
    expect(green.length).toBeGreaterThan(0);
    for (const id of green) {
      const c = catalogue.byId.get(id) as CatalogueColor;
      expect(named('green', c) || inRange('green', c)).toBe(true);
    }
  });

  it('applies the lightness (LRV range) and undertone filters, with or without text', () => {
    const mid = top('', { lrv: { min: 25, max: 50 } });
    expect(mid).toHaveLength(catalogue.colors.filter((c) => c.lrv >= 25 && c.lrv < 50).length);
    const coolGreen = top('green', { undertone: 'cool', lrv: { min: 10, max: 25 } });
    expect(coolGreen.length).toBeGreaterThan(0);
    for (const id of coolGreen) {
      const c = catalogue.byId.get(id) as CatalogueColor;
      expect(c.undertone).toBe('cool');
      expect(c.lrv).toBeGreaterThanOrEqual(10);
      expect(c.lrv).toBeLessThan(25);
    }
    expect(top('', { undertone: 'neutral' })).toHaveLength(
      catalogue.colors.filter((c) => c.undertone === 'neutral').length,
    );
  });

  it('applies the supplier and category filters, with or without text', () => {
    const lg = index.search({ text: '', brand: 'Little Greene' }).ids;
    expect(lg).toHaveLength(204);
    const blues = index.search({ text: '', category: 'Blues' }).ids;
    for (const id of blues) expect(catalogue.byId.get(id)?.category).toBe('Blues');
    const both = index.search({ text: 'blue', brand: 'Farrow & Ball', category: 'Blues' }).ids;
    for (const id of both) {
      expect(catalogue.byId.get(id)?.brand).toBe('Farrow & Ball');
      expect(catalogue.byId.get(id)?.category).toBe('Blues');
    }
    expect(both).toContain('farrow-ball-hague-blue');
  });

  it('returns ids and scores only, best first, and honours a limit', () => {
    const result = index.search({ text: 'white', limit: 8 });
    expect(Object.keys(result).sort()).toEqual(['ids', 'scores']);
    expect(result.ids).toHaveLength(8);
    expect([...result.scores].sort((a, b) => b - a)).toEqual(result.scores);
    expect(result.ids).toEqual(top('white').slice(0, 8));
  });

  it('ranks the same in a catalogue of 50 000, where scores and ranks no longer pack into 32 bits', () => {
    // Red paints no query below can match: the real colours' answers must come back unchanged.
    const base = catalogue.colors.find((c) => c.category === 'Reds') as CatalogueColor;
    const fillers = Array.from({ length: 50_000 - catalogue.colors.length }, (_, i) => ({
      ...base,
      id: `filler-${i}`,
      colorName: `Zz ${i}`,
      number: `Z${i}`,
      description: '',
      hexCode: '#B22222',
    }));
    const big = buildSearchIndex([...catalogue.colors, ...fillers]);
    for (const text of ['hague blue', 'white', 'green smoke', 'elephnt', 'No. 30', 'blue grey']) {
      const answer = index.search({ text });
      expect(answer.ids.length).toBeGreaterThan(0);
      expect(big.search({ text })).toEqual(answer);
    }
  });

  it('answers the same query the same way twice (no state leaks between queries)', () => {
    const first = index.search({ text: 'hague blue' });
    index.search({ text: 'green' });
    index.search({ text: 'lick grey 0' });
    expect(index.search({ text: 'hague blue' })).toEqual(first);
  });
});

describe('the compact index the worker hands to the page', () => {
  it('answers the same after a transfer as built in place, and the transfer moved the buffers', () => {
    const compact = compactSearchIndex(catalogue.colors);
    const received = structuredClone(compact, { transfer: compactBuffers(compact) });
    expect(compact.postingDocs.byteLength).toBe(0); // detached: moved, not copied
    const opened = openSearchIndex(received);
    expect(opened.size).toBe(447);
    for (const text of ['hague blue', 'No. 30', '#3d4e', '#3d4e58', 'elephnt', 'lick grey', 'hage', '', 'hgaeu']) {
      for (const brand of [null, 'Lick'] as const) {
        expect(opened.search({ text, brand })).toEqual(index.search({ text, brand }));
      }
    }
  });

  it('a copy leaves the original usable', () => {
    const compact = compactSearchIndex(catalogue.colors);
    const copy = copyCompactIndex(compact);
    structuredClone(copy, { transfer: compactBuffers(copy) });
    expect(openSearchIndex(compact).search({ text: 'hague' }).ids[0]).toBe('farrow-ball-hague-blue');
  });
});

describe('query parsing and edit distance', () => {
  it('bounds the edit distance, a swap counting once', () => {
    expect(editDistance('hague', 'hague', 2)).toBe(0);
    expect(editDistance('hgaeu', 'hague', 2)).toBe(2);
    expect(editDistance('blew', 'blue', 2)).toBe(2);
    expect(editDistance('hauge', 'hague', 2)).toBe(1);
    expect(editDistance('qqqqzz', 'hague', 2)).toBe(3);
  });

  it('reads No. numbers, hex with #, and plain words', () => {
    expect(parseQuery('No. 30').map((t) => [t.word, t.numberOnly])).toEqual([['30', true]]);
    expect(parseQuery('#3D4e').map((t) => [t.word, t.hexOnly])).toEqual([['3d4e', true]]);
    expect(parseQuery("Elephant's  breath").map((t) => t.word)).toEqual(['elephants', 'breath']);
  });

  it('counts one insertion, deletion, substitution or transposition as one edit', () => {
    expect(withinOneEdit('hague', 'hague')).toBe(true);
    expect(withinOneEdit('hauge', 'hague')).toBe(true);
    expect(withinOneEdit('hagu', 'hague')).toBe(true);
    expect(withinOneEdit('haguex', 'hague')).toBe(true);
    expect(withinOneEdit('haxue', 'hague')).toBe(true);
    expect(withinOneEdit('xhagu', 'hague')).toBe(false);
    expect(withinOneEdit('hgaeu', 'hague')).toBe(false);
    expect(withinOneEdit('hag', 'hague')).toBe(false);
  });
});
