import { currentColors, type ExportFormat, sharePaletteLink } from '../../stores/export-store';
import { savedNameFor } from '../../stores/saved-store';
import { showToast } from '../../stores/toast-store';

/**
 * The export menu's first-paint half: it only starts an export; the writers, the PNG worker and the
 * download (export-writers.ts) arrive by dynamic import on first use.
 */

const loadExporter = () => import('./export-writers');

/** Fetches the export code ahead of the click (the Export button's hover or focus). */
export function preloadExport(): void {
  loadExporter().catch(() => {});
}

/** The Share button: the link copied, or the share sheet (which says nothing). */
export async function shareLink(): Promise<void> {
  const copied = await sharePaletteLink();
  if (copied) showToast('Link copied to clipboard!');
  else if (copied === false) showToast('Failed to copy link', 'error');
}

const running = new Map<ExportFormat, Promise<void>>();

/** Export menu and the E key (PNG). A second request while one is running joins it. */
export function exportPalette(format: ExportFormat): Promise<void> {
  const pending = running.get(format);
  if (pending) return pending;
  const colors = currentColors();
  if (!colors) return Promise.resolve();
  const name = savedNameFor(colors.map((c) => c.id));
  // The printable list opens in a tab of its own, opened now, inside the click (a pop-up blocker
  // allows nothing later); it shows the list once the writer has loaded.
  const page = format === 'paint-list' ? open() : null;
  // The list runs no script; the tab still gets no way back into this one.
  if (page) page.opener = null;
  const task = loadExporter()
    .then(({ runExport }) => runExport(format, name, colors, page))
    // Only a writer that could not load lands here (offline before it was cached); runExport says
    // itself which format failed.
    .catch(() => {
      page?.close();
      showToast('Failed to export: check your connection', 'error');
    })
    .finally(() => running.delete(format));
  running.set(format, task);
  return task;
}
