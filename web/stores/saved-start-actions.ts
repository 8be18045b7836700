import { authChecked, authState } from './auth-store';
import { initAuth } from './auth-actions';
import { paletteState } from './palette-store';
import { localChoice } from './saved-store';
import { openOverlay, overlayComing } from './ui-store';

/**
 * Saved palettes' first-paint actions (the Save button, the S key and the start-up); everything else
 * is in saved-actions.ts, which arrives after the first paint.
 */

/**
 * After the first paint (web/main.tsx calls it; on a rendered page once the first palette has started):
 * IndexedDB and the repositories are their own chunk.
 */
export function startSavedAfterLoad(): void {
  const start = () => void import('./saved-actions').then((m) => m.startSaved());
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * Save button and S key: refuse an empty palette (false: the caller says so), ask an anonymous
 * visitor to sign in, else open the save dialog.
 */
export function requestSave(): boolean {
  if (paletteState.slots.length === 0) return false;
  if (authState.backend === 'checking') {
    // Pressed S before the start-up check answered: decide once it has, never on a guess.
    initAuth();
    void overlayComing(authChecked).then(requestSave);
    return true;
  }
  if (authState.backend === 'available' && !authState.user && !localChoice.deviceOnly) {
    openOverlay('auth', { reason: 'save' });
    return true;
  }
  openOverlay('save');
  return true;
}
