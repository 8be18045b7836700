import { authChecked, authState } from './auth-store';
import { initAuth } from './auth-actions';
import { paletteState } from './palette-store';
import { localChoice } from './saved-store';
import { showToast } from './toast-store';
import { openOverlay } from './ui-store';

/**
 * Saved palettes' first-paint actions (the Save button, the S key and the start-up); everything else
 * is in saved-actions.ts, which arrives after the first paint.
 */

/** After the first paint (web/main.tsx calls it): IndexedDB and the repositories are their own chunk. */
export function startSavedAfterLoad(): void {
  const start = () => void import('./saved-actions').then((m) => m.startSaved());
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

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
