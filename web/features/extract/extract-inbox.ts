import { proxy, ref } from 'valtio';
import { openOverlay } from '../../stores/ui-store';

/**
 * Hands a dropped file to the extract dialog. Kept apart from the dialog's store so the page-wide drop
 * zone adds almost nothing to the first paint (the dialog, its worker and Comlink load on demand).
 */
export const extractInbox = proxy<{ file: File | null }>({ file: null });

export function openExtractWith(file: File): void {
  extractInbox.file = ref(file);
  openOverlay('extract');
}

/** The dropped file waiting for the dialog, once. */
export function takeInboxFile(): File | null {
  const file = extractInbox.file;
  extractInbox.file = null;
  return file;
}
