import { proxy } from 'valtio';
import type { PaletteSummary } from '../data/palette-repository';

/**
 * Saved palettes, on this device (anonymous) or on the server (signed in). This module is in the
 * first paint (badge count, S key), so it stays small and holds state only: the Save button and the
 * start-up live in saved-start-actions.ts, the rest in saved-actions.ts, and the storage behind them
 * in the repositories (saved-repository.ts).
 */
export type { PaletteSummary };

/** A localStorage mirror of how many palettes this device keeps, so the badge paints right at once. */
export const COUNT_KEY = 'savedPalettesCount';

/**
 * The palettes themselves live in IndexedDB (saved-actions loads them after the first paint).
 * Until then the badge shows the mirror, or on the first start after the move to IndexedDB the
 * length of the old localStorage list that is about to be migrated.
 */
function storedCount(): number {
  try {
    const mirror = localStorage.getItem(COUNT_KEY);
    const old = mirror === null ? (JSON.parse(localStorage.getItem('savedPalettes') ?? '[]') as unknown) : [];
    return mirror === null ? (Array.isArray(old) ? old.length : 0) : Number(mirror) || 0;
  } catch {
    return 0;
  }
}

export const savedState = proxy({
  palettes: [] as PaletteSummary[],
  /** False until the list has been read (from IndexedDB or the server): the badge shows `storedCount`. */
  loaded: false,
  storedCount: storedCount(),
  /** 'remote' once a signed-in user's list has been loaded from the server. */
  source: 'local' as 'local' | 'remote',
  /** The saved palette the current one was loaded from, and its version at that moment. */
  loadedFrom: null as { id: string; version: number } | null,
});

/** What the Saved badge says. */
export const savedCount = (snap: { loaded: boolean; palettes: readonly unknown[]; storedCount: number }) =>
  snap.loaded ? snap.palettes.length : snap.storedCount;

/** The name of the saved palette whose colours are exactly these, in order (for exports). */
export function savedNameFor(colorIds: readonly string[]): string | null {
  const key = colorIds.join(',');
  return savedState.palettes.find((p) => p.colorIds.join(',') === key)?.name ?? null;
}

/** Set once an anonymous visitor chose to keep palettes on this device only (for this visit). */
export const localChoice = { deviceOnly: false };
