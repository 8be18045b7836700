import { currentColors, type ExportFormat } from '../../stores/export-store';
import { savedNameFor } from '../../stores/saved-store';
import { showToast } from '../../stores/toast-store';

/**
 * The export menu's first-paint half: it only starts an export; the writers, the PNG worker and the
 * download (export-actions.ts) arrive by dynamic import on first use.
 */
const FAILURE: Record<ExportFormat, string> = {
  png: 'Failed to export image',
  svg: 'Failed to export SVG',
  json: 'Failed to export JSON',
  css: 'Failed to export CSS',
  ase: 'Failed to export Adobe swatches',
  gpl: 'Failed to export GIMP palette',
  swatches: 'Failed to export Procreate swatches',
  'paint-list': 'Failed to export the paint list',
};

const loadExporter = () => import('./export-actions');

/** Fetches the export code ahead of the click (the Export button's hover or focus). */
export function preloadExport(): void {
  loadExporter().catch(() => {});
}

const running = new Map<ExportFormat, Promise<void>>();

/** Export menu and the E key (PNG). A second request while one is running joins it. */
export function exportPalette(format: ExportFormat): Promise<void> {
  const pending = running.get(format);
  if (pending) return pending;
  const colors = currentColors();
  if (!colors) return Promise.resolve();
  const name = savedNameFor(colors.map((c) => c.id));
  const task = loadExporter()
    .then(({ runExport }) => runExport(format, name, colors))
    .catch(() => showToast(FAILURE[format], 'error'))
    .finally(() => running.delete(format));
  running.set(format, task);
  return task;
}
