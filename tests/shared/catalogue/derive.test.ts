import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hydrateCatalogue, findByHex } from '../../../shared/catalogue/catalogue';
import { deriveCatalogue } from '../../../shared/catalogue/derive';
import { colorId, formatColorNumber, slugify } from '../../../shared/catalogue/ids';
import { CATEGORIES, type SourceColor } from '../../../shared/catalogue/types';

const sources = JSON.parse(
  readFileSync(new URL('../../../data/catalogue.json', import.meta.url), 'utf8'),
) as SourceColor[];
const catalogue = hydrateCatalogue(deriveCatalogue(sources));
const byName = (brand: string, name: string) => {
  const color = catalogue.colors.find((c) => c.brand === brand && c.colorName === name);
  if (!color) throw new Error(`${brand} ${name} is not in the catalogue`);
  return color;
};

describe('the derived catalogue', () => {
  it('has all 447 colours with unique ids', () => {
    expect(catalogue.colors).toHaveLength(447);
    expect(new Set(catalogue.colors.map((c) => c.id)).size).toBe(447);
    const brands = catalogue.colors.reduce<Record<string, number>>((acc, c) => {
      acc[c.brand] = (acc[c.brand] ?? 0) + 1;
      return acc;
    }, {});
    expect(brands).toEqual({ 'Farrow & Ball': 144, Lick: 99, 'Little Greene': 204 });
  });

  it('gives brand-and-name ids that stay stable, since saved palettes store them', () => {
    expect(catalogue.byId.get('farrow-ball-hague-blue')?.colorName).toBe('Hague Blue');
    expect(catalogue.byId.get('lick-greige-02')?.colorName).toBe('Greige 02');
    expect(catalogue.byId.get('little-greene-hicks-blue')?.colorName).toBe("Hicks' Blue");
    expect(slugify('Córdoba')).toBe('cordoba');
    expect(colorId('Farrow & Ball', "Mouse's Back")).toBe('farrow-ball-mouses-back');
  });

  it('keeps every spec field and the facts of the source row', () => {
    for (const [i, color] of catalogue.colors.entries()) {
      const source = sources[i] as SourceColor;
      expect(color.brand).toBe(source.brand);
      expect(color.colorName).toBe(source.colorName);
      expect(color.hexCode).toMatch(/^#[0-9A-F]{6}$/);
      expect(color.hexCode).toBe(source.hexCode);
      expect(color.purchaseLink).toBe(source.purchaseLink);
      expect(color.finishes).toEqual(source.finishes);
      expect(color.description.length).toBeGreaterThan(20);
      expect(CATEGORIES).toContain(color.category);
    }
  });

  it('files well-known colours where a decorator would look for them', () => {
    const expected: Array<[string, string, string]> = [
      ['Farrow & Ball', 'Hague Blue', 'Blues'],
      ['Farrow & Ball', "Elephant's Breath", 'Neutrals'],
      ['Farrow & Ball', 'Railings', 'Neutrals'],
      ['Farrow & Ball', 'Sap Green', 'Greens'],
      ['Farrow & Ball', 'India Yellow', 'Yellows'],
      ['Lick', 'Yellow 01', 'Yellows'],
      ['Farrow & Ball', 'Rectory Red', 'Reds'],
      ['Farrow & Ball', "Nancy's Blushes", 'Pinks'],
      ['Farrow & Ball', "Charlotte's Locks", 'Oranges'],
      ['Farrow & Ball', 'Vardo', 'Teals'],
      ['Little Greene', 'Royal Navy', 'Navy'],
      ['Lick', 'Orange 01', 'Oranges'],
      ['Lick', 'Teal 06', 'Teals'],
      ['Farrow & Ball', 'All White', 'Neutrals'],
      ['Little Greene', 'Muscovado', 'Browns'],
      ['Little Greene', 'Thai Sapphire', 'Purples'],
    ];
    for (const [brand, name, category] of expected) {
      expect(`${name}: ${byName(brand, name).category}`).toBe(`${name}: ${category}`);
    }
  });

  it('uses published LRVs and marks estimated ones', () => {
    const hicks = byName('Little Greene', "Hicks' Blue");
    expect(hicks.lrvEstimated).toBe(false);
    expect(hicks.lrv).toBe(sources.find((s) => s.colorName === "Hicks' Blue")?.lrv);
    const hague = byName('Farrow & Ball', 'Hague Blue');
    expect(hague.lrvEstimated).toBe(true);
    // A dark blue-grey reflects little light; an off-white reflects most.
    expect(hague.lrv).toBeLessThan(15);
    expect(byName('Farrow & Ball', 'All White').lrv).toBeGreaterThan(75);
    expect(hague.description).toContain('(estimated)');
    expect(hicks.description).not.toContain('(estimated)');
  });

  it('describes colours from their measured properties', () => {
    const hague = byName('Farrow & Ball', 'Hague Blue');
    expect(hague.description).toMatch(/\bdark(, | and )soft\b/);
    expect(hague.description).toMatch(/\bblue\b.*\bcool undertone\b.*LRV \d+ \(estimated\)/);
    expect(byName('Farrow & Ball', 'India Yellow').undertone).toBe('warm');
    expect(byName('Farrow & Ball', 'Railings').textColor).toBe('#FFFFFF');
    expect(byName('Farrow & Ball', 'All White').textColor).toBe('#000000');
  });

  it('finds colours by hex in any case, with or without #', () => {
    expect(findByHex(catalogue, '3d4e57')?.colorName).toBe('Hague Blue');
    expect(findByHex(catalogue, '#3D4E57')?.colorName).toBe('Hague Blue');
    expect(findByHex(catalogue, '#123456')).toBeUndefined();
  });

  it('shows Farrow & Ball numbers as "No. N"', () => {
    expect(formatColorNumber('Farrow & Ball', '30')).toBe('No. 30');
    expect(formatColorNumber('Little Greene', '211')).toBe('211');
    expect(formatColorNumber('Lick', null)).toBeNull();
  });

  it('refuses a source row with a bad hex, brand or duplicate', () => {
    const good = sources[0] as SourceColor;
    expect(() => deriveCatalogue([{ ...good, hexCode: '#GGGGGG' }])).toThrow(/bad hex/);
    expect(() => deriveCatalogue([{ ...good, brand: 'Dulux' as never }])).toThrow(/unknown brand/);
    expect(() => deriveCatalogue([good, good])).toThrow(/duplicate id/);
  });
});
