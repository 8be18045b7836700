import type { FirstPaint } from '../../shared/session/first-paint';
import { loadCatalogue } from '../stores/catalogue-store';
import { generatePalette } from '../stores/palette-store';

/**
 * Loads the catalogue and the session code side by side, then shows the first palette. The session
 * code (with its validator) is its own chunk: the first paint does not need it; so is the toast for
 * a start-up link (link-toasts.ts), fetched beside it. `painted`: the server already rendered a
 * palette, which the session then keeps or replaces.
 */
export function startPalette(painted?: FirstPaint['source']): Promise<void> {
  const session = import('../stores/session-store').catch(() => null);
  const toasts = import('./link-toasts').catch(() => null);
  return Promise.all([loadCatalogue(), session, toasts]).then(([, module, say]) => {
    if (!module) {
      if (!painted) generatePalette();
      return;
    }
    for (const outcome of module.startSession(painted)) say?.sayLink(outcome);
  });
}
