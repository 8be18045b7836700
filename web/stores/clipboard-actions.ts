import { copyText } from '../lib/clipboard';
import { showToast } from './toast-store';

/** Copy buttons on strips, results and the detail modal: 'Copied {hex}' or 'Failed to copy'. */
export async function copyHex(hex: string): Promise<void> {
  if (await copyText(hex)) showToast(`Copied ${hex}`);
  else showToast('Failed to copy', 'error');
}
