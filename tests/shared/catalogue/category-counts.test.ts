import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hydrateCatalogue } from '../../../shared/catalogue/catalogue';
import { BRANDS, type CompactCatalogue } from '../../../shared/catalogue/types';
import { ROOT } from '../../support/server-process';

// The built file, as the app and the server read it.
const compact = JSON.parse(readFileSync(join(ROOT, 'data/generated/catalogue.json'), 'utf8')) as CompactCatalogue;

describe("the category select's counts, which come with the catalogue", () => {
  const catalogue = hydrateCatalogue(compact);

  it('for all suppliers and for each one, how many paints each category holds', () => {
    for (const brand of ['', ...BRANDS]) {
      const expected: Record<string, number> = {};
      for (const c of compact.colors)
        if (!brand || c.brand === brand) expected[c.category] = (expected[c.category] ?? 0) + 1;
      expect(catalogue.counts[brand]).toEqual(expected);
    }
  });

  it('add up to the whole catalogue', () => {
    const total = Object.values(catalogue.counts[''] ?? {}).reduce((sum, n) => sum + (n ?? 0), 0);
    expect(total).toBe(compact.colors.length);
  });
});
