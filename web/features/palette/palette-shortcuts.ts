import { useShortcut } from '../../lib/shortcuts';
import { uiState } from '../../stores/ui-store';
import { addColor, generate, redoChange, save, toggleLastLock, undoChange, unlockEverything } from './palette-commands';

// Keys act on the palette only while no modal or drawer covers it.
const noOverlay = () => uiState.overlays.length === 0;

/** The palette keys, Space, A, S, L, U (E is the export feature's), plus undo and redo. */
export function usePaletteShortcuts(): void {
  useShortcut(' ', generate, { when: noOverlay });
  useShortcut('a', addColor, { when: noOverlay });
  useShortcut('s', save, { when: noOverlay });
  useShortcut('l', toggleLastLock, { when: noOverlay });
  useShortcut('u', unlockEverything, { when: noOverlay });
  useShortcut('z', undoChange, { mod: true, shift: false, when: noOverlay });
  useShortcut('z', redoChange, { mod: true, shift: true, when: noOverlay });
  // Ctrl+Y is redo on Windows.
  useShortcut('y', redoChange, { mod: true, when: noOverlay });
}
