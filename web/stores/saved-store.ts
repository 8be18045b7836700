import { proxy } from 'valtio';
import type { PaletteSummary } from '../lib/palette-repository';
import { authChecked, authState, initAuth } from './auth-store';
import { paletteState } from './palette-store';
import { showToast } from './toast-store';
import { openOverlay } from './ui-store';

/**
 * Saved palettes, on this device (anonymous) or on the server (signed in). This module is in the
 * first paint (badge count, S key), so it stays small: the actions live in saved-actions.ts and
 * the storage behind them in the repositories (saved-repository.ts).
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

// After the first paint: IndexedDB and the repositories are their own chunk.
if (typeof window !== 'undefined') {
  const start = () => void import('./saved-actions').then((m) => m.startSaved());
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * Generate with nothing locked makes a new palette: from then on S proposes a new palette, not a
 * version of the one loaded (or saved) before.
 */
export function startNewPalette(): void {
  savedState.loadedFrom = null;
}

/** The name of the saved palette whose colours are exactly these, in order (for exports). */
export function savedNameFor(colorIds: readonly string[]): string | null {
  const key = colorIds.join(',');
  return savedState.palettes.find((p) => p.colorIds.join(',') === key)?.name ?? null;
}

/** Set once an anonymous visitor chose to keep palettes on this device only (for this visit). */
export const localChoice = { deviceOnly: false };

/** Save button and S key: refuse an empty palette, ask an anonymous visitor to sign in. */
export function requestSave(): void {
  if (paletteState.slots.length === 0) {
    showToast('No palette to save', 'error');
    return;
  }
  if (authState.backend === 'checking') {
    // Pressed S before the start-up check answered: decide once it has, never on a guess.
    initAuth();
    void authChecked.then(requestSave);
    return;
  }
  if (authState.backend === 'available' && !authState.user && !localChoice.deviceOnly) {
    openOverlay('auth', { reason: 'save' });
    return;
  }
  openOverlay('save');
}
