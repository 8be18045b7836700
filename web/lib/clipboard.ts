import { showToast } from '../stores/toast-store';

/** The Clipboard API, else a hidden textarea: plain-http self-hosted sites have no Clipboard API. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.cssText = 'position:fixed;top:0;left:0;opacity:0;pointer-events:none';
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
      focused?.focus();
    }
  }
}

/** Copy buttons on strips, results and the detail modal: 'Copied {hex}' or 'Failed to copy'. */
export async function copyHex(hex: string): Promise<void> {
  if (await copyText(hex)) showToast(`Copied ${hex}`);
  else showToast('Failed to copy', 'error');
}
