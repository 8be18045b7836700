import { renamePalette } from '../../stores/saved-actions';
import { showToast } from '../../stores/toast-store';

/**
 * The name above the strips, typed onto a saved palette: renamed as in the sidebar, with the same
 * toasts. Loaded on the first such rename (with saved-actions.ts), never on the first paint.
 */
export async function renameSaved(id: string, name: string): Promise<void> {
  const result = await renamePalette(id, name);
  if (!result) return;
  if (result.ok) showToast('Palette renamed!');
  else if (result.reason === 'refused') showToast(result.message, 'error');
  else if (result.reason === 'changed-elsewhere') {
    showToast('This palette was changed elsewhere; the list now shows the latest. Rename it again.', 'error');
  } else if (result.reason === 'failed') showToast('Failed to rename palette', 'error');
}
