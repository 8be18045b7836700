import { proxy } from 'valtio';
import type { SavedPalette } from '../lib/palette-repository';
import { authChecked, authState, initAuth } from './auth-store';
import { paletteState } from './palette-store';
import { showToast } from './toast-store';
import { openOverlay } from './ui-store';

/**
 * Saved palettes, on this device (anonymous) or on the server (signed in). This module is in the
 * first paint (badge count, S key), so it stays small: the actions live in saved-actions.ts.
 */
export type { SavedPalette };

/** The name issue 3 and 6 know it by. */
export type SavedPaletteSummary = SavedPalette;

/** The browser storage key of the spec; anonymous palettes and their events live under it. */
export const LOCAL_KEY = 'savedPalettes';

/** Only the fields the first paint needs; saved-actions reads the full records. */
function readLocalSummaries(): SavedPalette[] {
  try {
    const raw = JSON.parse(localStorage.getItem(LOCAL_KEY) ?? '[]') as unknown;
    if (!Array.isArray(raw)) return [];
    const list: SavedPalette[] = raw.flatMap((p: Partial<SavedPalette> & { timestamp?: number }) =>
      p && typeof p.id === 'string' && typeof p.name === 'string' && Array.isArray(p.colorIds)
        ? [
            {
              id: p.id,
              name: p.name,
              colorIds: p.colorIds.filter((id): id is string => typeof id === 'string'),
              createdAt: p.createdAt ?? new Date(p.timestamp ?? 0).toISOString(),
              updatedAt: p.updatedAt ?? new Date(p.timestamp ?? 0).toISOString(),
              isPublic: false,
              shareId: null,
              version: typeof p.version === 'number' ? p.version : 1,
            },
          ]
        : [],
    );
    return list.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  } catch {
    return [];
  }
}

export const savedState = proxy({
  palettes: readLocalSummaries(),
  /** 'remote' once a signed-in user's list has been loaded from the server. */
  source: 'local' as 'local' | 'remote',
  /** The saved palette the current one was loaded from, and its version at that moment. */
  loadedFrom: null as { id: string; version: number } | null,
});

// Another tab saved or deleted on this device: keep the list and the badge in step. The palette this
// tab loaded keeps its base version, so a stale save back still ends in the conflict choice.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === LOCAL_KEY && savedState.source === 'local') savedState.palettes = readLocalSummaries();
  });
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

/** Save button and S key (spec §5): refuse an empty palette, ask an anonymous visitor to sign in. */
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
