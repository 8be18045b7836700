import type { CatalogueColor } from '../../../shared/catalogue/types';
import { copyText } from '../../lib/clipboard';
import { addColor, paletteState } from '../../stores/palette-store';
import { showToast } from '../../stores/toast-store';
import { purchaseHref } from './search-format';

/** Adds without touching the filters (the results stay); `fullMessage` differs between list and modal. */
export function addToPalette(color: CatalogueColor, fullMessage = 'Maximum 10 colours allowed'): void {
  // A second press (or a paint picked twice) must not put the same paint in two places.
  if (paletteState.slots.some((s) => s.colorId === color.id)) {
    showToast(`${color.colorName} is already in your palette`);
    return;
  }
  const result = addColor(color.id);
  if (result.ok) showToast(`Added ${color.colorName} to palette`);
  else showToast(fullMessage, 'error');
}

/** Copy buttons on results and the detail modal. */
export async function copyHex(hex: string): Promise<void> {
  if (await copyText(hex)) showToast(`Copied ${hex}`);
  else showToast('Failed to copy', 'error');
}

/** For buy buttons whose link is not a web address. */
export function openPurchase(link: string): void {
  const href = purchaseHref(link);
  if (!href) {
    showToast('Purchase link not available', 'error');
    return;
  }
  window.open(href, '_blank', 'noopener,noreferrer');
}
