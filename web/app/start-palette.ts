import { loadCatalogue } from '../stores/catalogue-store';
import { generatePalette } from '../stores/palette-store';

/**
 * Loads the catalogue and the session code side by side, then shows the first palette. The session
 * code (with its validator) is its own chunk: the first paint does not need it.
 */
export function startPalette(): Promise<void> {
  const session = import('../stores/session-store').catch(() => null);
  return Promise.all([loadCatalogue(), session]).then(([, module]) => {
    if (module) module.startSession();
    else generatePalette();
  });
}
