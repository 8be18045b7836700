import { labFromTuple } from '../shared/color/types';
import type { Brand, CatalogueColor } from '../shared/catalogue/types';
import { deltaE2000From } from '../shared/color/difference';

interface ClosestMatch {
  id: string;
  deltaE: number;
}

export interface ClosestGroup {
  brand: Brand;
  matches: ClosestMatch[];
}

/** For each other brand, the `perBrand` colours nearest to this one by CIEDE2000, nearest first. */
export function closestInOtherBrands(colors: readonly CatalogueColor[], colorId: string, perBrand = 3): ClosestGroup[] {
  const target = colors.find((c) => c.id === colorId);
  if (!target) return [];
  const distance = deltaE2000From(labFromTuple(target.lab));
  const groups = new Map<Brand, ClosestMatch[]>();
  for (const color of colors) {
    if (color.brand === target.brand) continue;
    const [l, a, b] = color.lab;
    const match = { id: color.id, deltaE: distance(l, a, b) };
    const list = groups.get(color.brand) ?? [];
    list.push(match);
    groups.set(color.brand, list);
  }
  return [...groups].map(([brand, list]) => ({
    brand,
    matches: list.sort((x, y) => x.deltaE - y.deltaE).slice(0, perBrand),
  }));
}
