import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalogue-file';
import { deltaE2000 } from '../../shared/color/difference';
import { closestInOtherBrands } from '../../workers/closest-colors';

const catalogue = loadCatalogue();
const lab = (id: string) => {
  const [l, a, b] = catalogue.byId.get(id)?.lab ?? [0, 0, 0];
  return { l, a, b };
};

describe('closest colours in the other brands', () => {
  it('gives three per other brand, nearest first, and none nearer is left out', () => {
    const groups = closestInOtherBrands(catalogue.colors, 'farrow-ball-hague-blue');
    expect(groups.map((g) => g.brand).sort()).toEqual(['Lick', 'Little Greene']);
    for (const group of groups) {
      expect(group.matches).toHaveLength(3);
      const distances = group.matches.map((m) => m.deltaE);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
      for (const m of group.matches) {
        expect(catalogue.byId.get(m.id)?.brand).toBe(group.brand);
        expect(m.deltaE).toBeCloseTo(deltaE2000(lab('farrow-ball-hague-blue'), lab(m.id)), 6);
      }
      const third = distances[2] as number;
      const picked = new Set(group.matches.map((m) => m.id));
      for (const c of catalogue.colors.filter((x) => x.brand === group.brand && !picked.has(x.id))) {
        expect(deltaE2000(lab('farrow-ball-hague-blue'), lab(c.id))).toBeGreaterThanOrEqual(third);
      }
    }
  });

  it("finds Lick's Blue 07 (almost the same hex) as Hague Blue's nearest Lick colour", () => {
    const lick = closestInOtherBrands(catalogue.colors, 'farrow-ball-hague-blue').find((g) => g.brand === 'Lick');
    expect(lick?.matches[0]?.id).toBe('lick-blue-07');
    expect(lick?.matches[0]?.deltaE).toBeLessThan(2);
  });

  it('returns nothing for an unknown colour', () => {
    expect(closestInOtherBrands(catalogue.colors, 'no-such-colour')).toEqual([]);
  });
});
