import type { FirstPaint, PaletteSession } from '../../shared/session/first-paint';
import { type LinkOutcome, startSession } from '../stores/session-store';
import { backToOwn } from '../stores/shared-link-actions';
import { showToast } from '../stores/toast-store';

/**
 * The session's start (stores/session-store.ts) and the toast for what a start-up link did
 * (web/README.md, 'Texts users see'). Loaded by start-palette.ts beside the catalogue: the first
 * paint carries none of it.
 */
export function startSessionAndSay(painted?: FirstPaint['source'], shown?: PaletteSession): void {
  const said = startSession(painted, shown);
  // In a task after the start's: with the toast's render they made one long task on a slow phone.
  if (said.length > 0) setTimeout(() => said.forEach(sayLink));
}

function sayLink(outcome: LinkOutcome): void {
  if (outcome.kind === 'no-colours') {
    showToast('No catalogue colours in that link', 'error');
    return;
  }
  const message = outcome.name === null ? 'Palette loaded from link!' : `Loaded ${outcome.name}`;
  // The visitor's own palette is one Undo away; the toast says so and offers it.
  if (outcome.canUndo) showToast(message, 'info', { label: 'Undo: back to your palette', run: backToOwn });
  else showToast(message);
}
