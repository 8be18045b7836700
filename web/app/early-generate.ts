import { cryptoRandom } from '../lib/random';
import { catalogueState } from '../stores/catalogue-store';
import { filterState } from '../stores/filter-store';
import { paletteState, refill } from '../stores/palette-store';

/**
 * A Random palette from `drawn` alone (paints drawn at random for it): each unlocked position takes
 * one not on screen, in random order. False, changing nothing, when too few are left.
 */
export function generateFromDrawn(drawn: readonly string[]): boolean {
  const current = paletteState.slots;
  const onScreen = new Set(current.map((s) => s.colorId));
  const fresh = drawn.filter((id) => !onScreen.has(id));
  const open = current.filter((s) => !s.locked).length;
  if (current.length === 0 || open === 0 || fresh.length < open) return false;
  for (let i = 0; i < open; i++) {
    const j = i + Math.floor(cryptoRandom() * (fresh.length - i));
    [fresh[i], fresh[j]] = [fresh[j] as string, fresh[i] as string];
  }
  let k = 0;
  refill(current.map((s) => (s.locked ? s.colorId : (fresh[k++] as string))));
  return true;
}

/**
 * The Generate a tap made at first paint shows before the app is live: each unlocked position takes
 * the next paint `next` holds that is not on screen, in the order drawn (the server drew them at
 * random), and those are spent. The server renders the page once more in this state, for the page's
 * inline script to show (server/pages/page-shell.ts); the browser, told it did, puts its stores here
 * before hydrating, so both agree. False, changing nothing, when too few are left.
 */
export function generateAtFirstPaint(next: { ids: string[] }): boolean {
  const current = paletteState.slots;
  const onScreen = new Set(current.map((s) => s.colorId));
  const fresh = next.ids.filter((id) => !onScreen.has(id));
  const open = current.filter((s) => !s.locked).length;
  if (current.length === 0 || open === 0 || fresh.length < open) return false;
  let k = 0;
  refill(current.map((s) => (s.locked ? s.colorId : (fresh[k++] as string))));
  spend(next);
  return true;
}

/** The paints on screen are no longer there to draw. */
function spend(next: { ids: string[] }): void {
  const used = new Set(paletteState.slots.map((s) => s.colorId));
  next.ids = next.ids.filter((id) => !used.has(id));
}

/**
 * Before the catalogue has arrived, a Random Generate draws from the paints the page carries for
 * it (drawn by the server for the supplier and category chosen), so a tap made as the page appears
 * answers as soon as the page is live rather than once the whole catalogue is in. The paints a
 * palette used are spent: a second early tap draws others, or waits for the catalogue. Part of the
 * rendered page's own chunk (hydrate-page.tsx), which is what carries them: not first-paint code.
 */
export function generateBeforeCatalogue(): boolean {
  const next = catalogueState.firstScreen?.next;
  if (!next || paletteState.style !== 'Random') return false;
  if (next.brand !== filterState.brand || next.category !== filterState.category) return false;
  if (!generateFromDrawn(next.ids)) return false;
  spend(next);
  return true;
}
