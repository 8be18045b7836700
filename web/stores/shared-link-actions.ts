import { paletteState, undo } from './palette-store';
import { forgetIdentity } from './identity-store';
import { dismissShared, sharedLinkState } from './shared-link-store';

/**
 * Called right after a link replaced the palette (`name`: a saved palette's share link). Answers
 * whether the visitor's own palette is one Undo away, so the caller's toast can offer `backToOwn`.
 */
export function announceShared(name: string | null): { canUndo: boolean } {
  // Someone else's palette: saving it must not offer to overwrite the palette this one replaced.
  forgetIdentity();
  const colorIds = paletteState.slots.map((s) => s.colorId);
  const shown = sharedLinkState.shown;
  // A share's page painted its label already: the same one again would only render it again.
  if (shown?.name !== name || shown.colorIds.join() !== colorIds.join()) sharedLinkState.shown = { name, colorIds };
  return { canUndo: paletteState.canUndo };
}

export function backToOwn(): void {
  dismissShared();
  undo();
}
