import type { PaletteVersion } from '../../../shared/palette/palette-evolve';
import * as saved from '../../stores/saved-actions';
import type { Deleted, SavedFailure } from '../../stores/saved-actions';
import type { PaletteSummary } from '../../stores/saved-store';
import { showToast } from '../../stores/toast-store';

/**
 * What the save dialog, the sidebar and the history do: the action in stores/saved-actions.ts, then
 * the toast its answer calls for (web/README.md, 'Texts users see').
 */

/**
 * A failure's toast: the server's own words when it refused, the fixed text otherwise; `again`
 * (what to do once the list shows the latest) when someone changed it elsewhere. An ended session
 * is said by its notice.
 */
function sayFailure(failure: SavedFailure, text: string, again?: string): void {
  if (failure.reason === 'signed-out') return;
  if (failure.reason === 'refused') showToast(failure.message, 'error');
  else if (failure.reason === 'changed-elsewhere' && again) {
    showToast(`This palette was changed elsewhere; the list now shows the latest. ${again}.`, 'error');
  } else showToast(text, 'error');
}

export async function saveAsNew(name: string, colorIds: readonly string[]): Promise<boolean> {
  const result = await saved.saveAsNew(name, colorIds);
  if (result.ok) showToast('Palette saved!');
  else sayFailure(result, 'Failed to save palette');
  return result.ok;
}

export async function saveBack(
  id: string,
  baseVersion: number,
  change: { name: string; colorIds: readonly string[] },
): Promise<saved.SaveBackResult> {
  const result = await saved.saveBack(id, baseVersion, change);
  if (result.kind === 'saved') showToast(`Saved as version ${result.palette.version} of ${result.palette.name}`);
  else if (result.kind === 'failed') sayFailure(result.failure, 'Failed to save palette');
  return result;
}

/** Trimmed, non-empty and different, otherwise nothing happens (no request, no toast). */
export async function renamePalette(id: string, name: string): Promise<void> {
  const result = await saved.renamePalette(id, name);
  if (result?.ok) showToast('Palette renamed!');
  else if (result) sayFailure(result, 'Failed to rename palette', 'Rename it again');
}

/** One delete for one palette or many: the toast texts differ, the steps and the Undo do not. */
async function remove(ids: readonly string[], texts: { failed: string; done: string }): Promise<boolean> {
  const result = await saved.deletePalettes(ids);
  if (!result.ok) {
    sayFailure(result, texts.failed);
    return false;
  }
  const deleted = result.value;
  showToast(texts.done, 'info', { label: 'Undo', run: () => void undoDelete(deleted) });
  return true;
}

export async function deletePalette(id: string): Promise<void> {
  await remove([id], { failed: 'Failed to delete palette', done: 'Palette deleted' });
}

export async function deletePalettes(ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return false;
  return remove(ids, { failed: 'Failed to delete palettes', done: `Deleted ${ids.length} palette(s)` });
}

/** The delete toast's Undo. */
async function undoDelete(deleted: Deleted): Promise<void> {
  const result = await saved.undoDelete(deleted);
  if (result.ok) {
    const back = result.value;
    if (back === 0) showToast('Nothing to restore: it is back already', 'error');
    else showToast(back === 1 ? 'Palette restored' : `Restored ${back} palettes`);
  } else if (result.reason === 'signed-out-since') showToast('Could not undo: you signed out since', 'error');
  else if (result.reason === 'signed-in-since') showToast('Could not undo: you signed in since', 'error');
  else sayFailure(result, 'Could not undo the delete');
}

/** Loads a saved palette (or one of its versions) into the main screen and closes the sidebar. */
export function loadPalette(palette: PaletteSummary, colorIds?: readonly string[]): void {
  saved.loadPalette(palette, colorIds);
  showToast(`Loaded ${palette.name}`);
}

/** The share sheet's switch. */
export async function toggleSharing(id: string): Promise<void> {
  const result = await saved.toggleSharing(id);
  if (!result) return;
  if (!result.ok) {
    sayFailure(result, 'Failed to update sharing settings', 'Check it and change the sharing again');
    return;
  }
  const { isPublic, shareId } = result.value;
  if (!isPublic) showToast('Palette is now private');
  // Queued offline: the server makes the link when the change lands; the sidebar marks it waiting.
  else if (!shareId) showToast('Palette will be shared when the connection returns');
  else showToast('Palette is now public');
}

/** Every version, newest first (null: none to show, and the toast says why). */
export async function loadHistory(id: string): Promise<PaletteVersion[] | null> {
  const result = await saved.loadHistory(id);
  if (result.ok) return result.value;
  if (result.reason === 'gone') showToast('This palette no longer exists on this device', 'error');
  else sayFailure(result, 'Failed to load the history');
  return null;
}

/** Appends a version that brings `version` back. */
export async function restoreVersion(id: string, version: number): Promise<boolean> {
  const result = await saved.restoreVersion(id, version);
  if (result.ok) showToast(`Restored version ${version}`);
  else sayFailure(result, 'Failed to restore this version', 'Look at its history and restore again');
  return result.ok;
}
