import { PALETTE_MAX, PALETTE_MIN } from '../../../shared/palette/limits';
import { copyText } from '../../lib/clipboard';
import { catalogueState } from '../../stores/catalogue-store';
import { clearFilters, filterState, isFilterActive, showPalette } from '../../stores/filter-store';
import {
  addRandomColor,
  afterPaletteStarted,
  generatePalette,
  loadStyles,
  paletteState,
  redo,
  removeSlot,
  stylesReady,
  toggleLock,
  undo,
  unlockAll,
} from '../../stores/palette-store';
import { requestSave } from '../../stores/saved-start-actions';
import { showToast } from '../../stores/toast-store';

/** What buttons and keys do: the store's action plus its fixed toast (web/README.md, 'Texts users see'). */

/**
 * Whether an action that draws from the whole catalogue may run now. Before the catalogue has
 * arrived (the page is live as soon as it hydrates) the action waits for it (`markPaletteStarted`),
 * then runs once; with no catalogue to come (its retry screen shows) it does nothing.
 */
function ready(action: () => void): boolean {
  if (catalogueState.status === 'ready') return true;
  if (catalogueState.status === 'loading') afterPaletteStarted(action);
  return false;
}

/** Why Add and Remove are disabled at the limits: their tooltips and accessible descriptions. */
export const ADD_REASON = `A palette holds at most ${PALETTE_MAX} colours`;
export const REMOVE_REASON = `A palette needs at least ${PALETTE_MIN} colours`;

/**
 * Generate always shows what it made: with results on screen it brings the palette back. A chosen
 * supplier or category shapes the palette (as Coolors' generator keeps its constraints) and says so.
 */
export function generate(): void {
  // With every position locked there is nothing to refill: say so rather than do nothing.
  if (paletteState.slots.length > 0 && paletteState.slots.every((s) => s.locked)) {
    if (isFilterActive()) showPalette();
    showToast('All colours are locked — unlock one to generate');
    return;
  }
  const { brand, category } = filterState;
  const from = [brand, category].filter(Boolean).join(' ');
  if (catalogueState.status === 'loading' && beforeCatalogue?.()) {
    generated(from);
    return;
  }
  if (!ready(generate)) return;
  const style = paletteState.style;
  if (style !== 'Random' && !stylesReady()) {
    // First press with a style before its code arrived (it loads when the style is chosen).
    loadStyles().then(generate, () => showToast(`Could not load the ${style} style`, 'error'));
    return;
  }
  const result = generatePalette({ brand, category });
  if (!result.ok) {
    if (result.reason === 'style') {
      void loadStyles().then(({ styleRefusal }) => showToast(styleRefusal(style, result.cause, from), 'error'));
      return;
    }
    showToast(
      `Only ${result.count} ${from} ${result.count === 1 ? 'paint' : 'paints'}: too few for a new palette`,
      'error',
    );
    return;
  }
  generated(from);
}

function generated(from: string): void {
  if (isFilterActive()) showPalette();
  if (from) showToast(`New palette from ${from} only`);
}

/**
 * On a page the server rendered (`web/app/early-generate.ts`): a Random Generate before the catalogue
 * is in. Answers what a Generate says once it took effect, for the one the page showed before it was live.
 */
let beforeCatalogue: (() => boolean) | null = null;
export function drawBeforeCatalogue(draw: () => boolean): (from: string) => void {
  beforeCatalogue = draw;
  return generated;
}

export function addColor(): void {
  if (!ready(addColor)) return;
  const result = addRandomColor();
  if (!result.ok) {
    showToast('Maximum 10 colours allowed', 'error');
    return;
  }
  // Adding clears active filters, so the new colour is in view.
  clearFilters();
  showToast('Colour added');
}

/** Returns whether the colour went. */
export function removeColor(key: string): boolean {
  const result = removeSlot(key);
  showToast(result.ok ? 'Colour removed' : 'Minimum 3 colours required', result.ok ? 'info' : 'error');
  return result.ok;
}

export function toggleLockAt(index: number): void {
  if (!paletteState.slots[index]) return;
  showToast(toggleLock(index) ? 'Colour locked' : 'Colour unlocked');
}

/** The L key: toggles the last colour. */
export function toggleLastLock(): void {
  toggleLockAt(paletteState.slots.length - 1);
}

export function unlockEverything(): void {
  if (!paletteState.slots.some((s) => s.locked)) return;
  unlockAll();
  showToast('All colours unlocked');
}

export function undoChange(): void {
  showToast(undo() ? 'Undone' : 'Nothing to undo');
}

export function redoChange(): void {
  showToast(redo() ? 'Redone' : 'Nothing to redo');
}

/** A strip's copy button. */
export async function copyHex(hex: string): Promise<void> {
  if (await copyText(hex)) showToast(`Copied ${hex}`);
  else showToast('Failed to copy', 'error');
}

/** The Save button and the S key: an empty palette is refused with a toast. */
export function save(): void {
  if (!requestSave()) showToast('No palette to save', 'error');
}
