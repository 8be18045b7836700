import type { FirstPaint } from '../../shared/session/first-paint';
import { loadCatalogue } from '../stores/catalogue-store';
import { generatePalette } from '../stores/palette-store';

/**
 * Loads the catalogue and the session code side by side, then shows the first palette. The session
 * code (with its validator, and the toast for a start-up link: start-session.ts) is its own chunk:
 * the first paint does not need it. `painted`: the server already rendered a palette, which the
 * session then keeps or replaces.
 */
export function startPalette(painted?: FirstPaint['source']): Promise<void> {
  const session = import('./start-session').catch(() => null);
  return Promise.all([loadCatalogue(), session]).then(([, module]) => {
    if (module) module.startSessionAndSay(painted);
    else if (!painted) generatePalette();
  });
}
