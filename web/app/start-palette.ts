import type { FirstPaint } from '../../shared/session/first-paint';
import { loadCatalogue } from '../stores/catalogue-store';
import { generatePalette } from '../stores/palette-store';
import type { LinkOutcome } from '../stores/session-store';
import { showToast } from '../stores/toast-store';

/** The toast for what a start-up link did (web/README.md, 'Texts users see'). */
function sayLink(outcome: LinkOutcome, backToOwn: () => void): void {
  if (outcome.kind === 'no-colours') {
    showToast('No catalogue colours in that link', 'error');
    return;
  }
  const message = outcome.name === null ? 'Palette loaded from link!' : `Loaded ${outcome.name}`;
  // The visitor's own palette is one Undo away; the toast says so and offers it.
  if (outcome.canUndo) showToast(message, 'info', { label: 'Undo: back to your palette', run: backToOwn });
  else showToast(message);
}

/**
 * Loads the catalogue and the session code side by side, then shows the first palette. The session
 * code (with its validator) is its own chunk: the first paint does not need it. `painted`: the
 * server already rendered a palette, which the session then keeps or replaces.
 */
export function startPalette(painted?: FirstPaint['source']): Promise<void> {
  const session = import('../stores/session-store').catch(() => null);
  return Promise.all([loadCatalogue(), session]).then(([, module]) => {
    if (module) for (const outcome of module.startSession(painted)) sayLink(outcome, module.backToOwn);
    else if (!painted) generatePalette();
  });
}
