import { paletteState, undo } from './palette-store';
import { forgetIdentity } from './identity-store';
import { dismissShared, sharedLinkState } from './shared-link-store';
import { showToast } from './toast-store';

/** Called right after a link replaced the palette; `message` is the fixed toast for that link. */
export function announceShared(name: string | null, message: string): void {
  // Someone else's palette: saving it must not offer to overwrite the palette this one replaced.
  forgetIdentity();
  sharedLinkState.shown = { name, colorIds: paletteState.slots.map((s) => s.colorId) };
  // The visitor's own palette is one Undo away; the toast says so and offers it.
  if (paletteState.canUndo) showToast(message, 'info', { label: 'Undo: back to your palette', run: backToOwn });
  else showToast(message);
}

export function backToOwn(): void {
  dismissShared();
  undo();
}
