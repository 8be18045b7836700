import type { Catalogue } from '../catalogue/catalogue';
import { PALETTE_MAX } from '../palette/limits';
import type { Random } from '../palette/generate';
import type { CatalogueColor } from '../catalogue/types';
import type { FirstPaint, FirstScreenPaints } from './first-paint';

/**
 * The part of the catalogue the first screen reads, sent in the page beside its state: the paints
 * on screen with every field their strips show, and the category counts for each supplier (a
 * supplier chosen before the catalogue arrives relabels the categories). About 2 KiB of JSON
 * against the catalogue's 220.
 */
export function firstScreenPaints(catalogue: Catalogue, paint: FirstPaint, random?: Random): FirstScreenPaints {
  const colors: Record<string, CatalogueColor> = {};
  for (const id of [...paint.colorIds, ...(paint.own?.colorIds ?? [])]) {
    const color = catalogue.byId.get(id);
    if (color) colors[id] = color;
  }
  const { counts } = catalogue;
  if (!random || paint.share || paint.style !== 'Random') return { colors, counts };
  const next = drawNext(catalogue, paint, random);
  for (const id of next) colors[id] = catalogue.byId.get(id) as CatalogueColor;
  return { colors, counts, next: { brand: paint.brand, category: paint.category, ids: next } };
}

/**
 * A full palette's worth of paints (10) for a Random Generate tapped before the catalogue has
 * arrived: distinct, none on screen, from the supplier and category chosen, each as likely as any
 * other (a partial Fisher–Yates shuffle). About 1 KiB more of the page, compressed.
 */
function drawNext(catalogue: Catalogue, paint: FirstPaint, random: Random): string[] {
  const onScreen = new Set(paint.colorIds);
  const pool = catalogue.colors
    .filter((c) => (!paint.brand || c.brand === paint.brand) && (!paint.category || c.category === paint.category))
    .map((c) => c.id)
    .filter((id) => !onScreen.has(id));
  const count = Math.min(PALETTE_MAX, pool.length);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
  }
  return pool.slice(0, count);
}
