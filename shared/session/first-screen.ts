import type { Catalogue } from '../catalogue/catalogue';
import { BRANDS, type Brand, type CatalogueColor, type Category } from '../catalogue/types';
import type { FirstPaint, FirstScreenPaints } from './first-paint';

/** How many paints each category holds, for one supplier or (null) all: the category select's labels. */
export function countCategories(
  colors: readonly CatalogueColor[],
  brand: Brand | null,
): Partial<Record<Category, number>> {
  const counts: Partial<Record<Category, number>> = {};
  for (const c of colors) {
    if (!brand || c.brand === brand) counts[c.category] = (counts[c.category] ?? 0) + 1;
  }
  return counts;
}

/**
 * The part of the catalogue the first screen reads, sent in the page beside its state: the paints
 * on screen with every field their strips show, and the category counts for each supplier (a
 * supplier chosen before the catalogue arrives relabels the categories). About 2 KiB of JSON
 * against the catalogue's 220.
 */
export function firstScreenPaints(catalogue: Catalogue, paint: FirstPaint): FirstScreenPaints {
  const colors: Record<string, CatalogueColor> = {};
  for (const id of [...paint.colorIds, ...(paint.own?.colorIds ?? [])]) {
    const color = catalogue.byId.get(id);
    if (color) colors[id] = color;
  }
  const counts: FirstScreenPaints['counts'] = { '': countCategories(catalogue.colors, null) };
  for (const brand of BRANDS) counts[brand] = countCategories(catalogue.colors, brand);
  return { colors, counts };
}
