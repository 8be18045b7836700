import { catalogueState } from '../../stores/catalogue-store';
import { clearFilters } from '../../stores/filter-store';
import {
  addRandomColor,
  generatePalette,
  paletteState,
  redo,
  removeSlot,
  toggleLock,
  undo,
  unlockAll,
} from '../../stores/palette-store';
import { startNewPalette } from '../../stores/saved-store';
import { showToast } from '../../stores/toast-store';

/** What buttons and keys do: the store's action plus the message the spec asks for. */

const ready = () => catalogueState.status === 'ready';

export function generate(): void {
  if (!ready()) return;
  // Nothing kept: this is a new palette, no longer a version of the saved one it came from.
  if (!paletteState.slots.some((s) => s.locked)) startNewPalette();
  generatePalette();
}

export function addColor(): void {
  if (!ready()) return;
  const result = addRandomColor();
  if (!result.ok) {
    showToast('Maximum 10 colors allowed', 'error');
    return;
  }
  // Spec §4: adding clears active filters, so the new colour is in view.
  clearFilters();
  showToast('Color added');
}

/** Returns whether the colour went. */
export function removeColor(key: string): boolean {
  const result = removeSlot(key);
  showToast(result.ok ? 'Color removed' : 'Minimum 3 colors required', result.ok ? 'info' : 'error');
  return result.ok;
}

export function toggleLockAt(index: number): void {
  if (!paletteState.slots[index]) return;
  showToast(toggleLock(index) ? 'Color locked' : 'Color unlocked');
}

/** The L key: toggles the last colour (spec §4). */
export function toggleLastLock(): void {
  toggleLockAt(paletteState.slots.length - 1);
}

export function unlockEverything(): void {
  if (!paletteState.slots.some((s) => s.locked)) return;
  unlockAll();
  showToast('All colors unlocked');
}

export function undoChange(): void {
  showToast(undo() ? 'Undone' : 'Nothing to undo');
}

export function redoChange(): void {
  showToast(redo() ? 'Redone' : 'Nothing to redo');
}
