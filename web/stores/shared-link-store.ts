import { proxy } from 'valtio';
import { paletteState, undo } from './palette-store';
import { savedState } from './saved-store';
import { showToast } from './toast-store';

/**
 * The palette a shared link (`/share/{id}` or `#palette=`) put on screen: the app says whose it is
 * ('Shared palette', its name) until the visitor changes it or goes back to their own.
 */
export const sharedLinkState = proxy({
  shown: null as { name: string | null; colorIds: string[] } | null,
});

/** Called right after a link replaced the palette; `message` is the spec's toast for that link. */
export function announceShared(name: string | null, message: string): void {
  // Someone else's palette: saving it must not offer to overwrite the palette this one replaced.
  savedState.loadedFrom = null;
  sharedLinkState.shown = { name, colorIds: paletteState.slots.map((s) => s.colorId) };
  // The visitor's own palette is one Undo away; the toast says so and offers it.
  if (paletteState.canUndo) showToast(message, 'info', { label: 'Undo: back to your palette', run: backToOwn });
  else showToast(message);
}

export function backToOwn(): void {
  sharedLinkState.shown = null;
  undo();
}

export function dismissShared(): void {
  sharedLinkState.shown = null;
}
