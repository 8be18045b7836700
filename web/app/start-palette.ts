import type { FirstPaint, PaletteSession } from '../../shared/session/first-paint';
import { loadCatalogue } from '../stores/catalogue-store';
import { generatePalette, markPaletteStarted } from '../stores/palette-store';

let sessionCode: Promise<typeof import('./start-session') | null> | null = null;

/**
 * Starts fetching what the first palette needs, the catalogue and the session code, and answers
 * with the session code: on a rendered page at once, so neither waits for the hydration. There
 * (`painted`) the session keeps what the person did before it started (`startSession`'s `shown`),
 * so a Generate tapped early need wait only for the catalogue, not for the session code too.
 */
export function prepareStart(painted = false): Promise<typeof import('./start-session') | null> {
  const catalogue = loadCatalogue();
  if (painted) catalogue.then(markPaletteStarted, () => {});
  else catalogue.catch(() => {});
  sessionCode ??= import('./start-session').catch(() => null);
  return sessionCode;
}

/**
 * Loads the catalogue and the session code side by side, then shows the first palette. The session
 * code (with its validator, and the toast for a start-up link: start-session.ts) is its own chunk:
 * the first paint does not need it. `painted`: the server already rendered a palette, which the
 * session then keeps or replaces; `shown`: what the page showed as it hydrated (input since then is
 * the person's, which a stored session equal to it keeps). Then whatever waited for the first
 * palette (a Generate tapped before the catalogue came) runs.
 */
export function startPalette(painted?: FirstPaint['source'], shown?: PaletteSession): Promise<void> {
  return Promise.all([loadCatalogue(), prepareStart()]).then(([, module]) => {
    if (module) module.startSessionAndSay(painted, shown);
    else if (!painted) generatePalette();
    markPaletteStarted();
  });
}
