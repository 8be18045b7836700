import type { CatalogueColor } from '../../../shared/catalogue/types';
import { writePaletteAse } from '../../../shared/export/ase-export';
import { writePaletteCss } from '../../../shared/export/css-export';
import { type ExportPalette, exportFileName, toExportPalette } from '../../../shared/export/export-palette';
import { writePaletteGpl } from '../../../shared/export/gpl-export';
import { writePaletteJson } from '../../../shared/export/json-export';
import { writePaintList } from '../../../shared/export/paint-list-export';
import { writeProcreateSwatchesJson } from '../../../shared/export/procreate-export';
import { writePaletteSvg } from '../../../shared/export/svg-export';
import type { ExportFormat } from '../../stores/export-store';
import { showToast } from '../../stores/toast-store';
import { renderPng } from './render-client';
import { saveFile } from '../../lib/save-file';

/** What a failed export says, by format (the writers' module: the first paint carries none of it). */
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

/** Loaded on first export (or when the Export button is hovered): none of this is first-paint code. */
const FORMATS: Record<
  ExportFormat,
  { extension: string; success: string; make: (palette: ExportPalette, at: Date) => Promise<Blob> | Blob }
> = {
  png: {
    extension: 'png',
    success: 'Palette exported as image!',
    make: (p) =>
      renderPng({
        title: p.name,
        colors: p.colors.map(({ name, hex, brand, paintNumber, textColor }) => ({
          name,
          hex,
          brand,
          paintNumber,
          textColor,
        })),
      }),
  },
  svg: {
    extension: 'svg',
    success: 'Palette exported as SVG!',
    make: (p) => new Blob([writePaletteSvg(p)], { type: 'image/svg+xml;charset=utf-8' }),
  },
  json: {
    extension: 'json',
    success: 'Palette exported as JSON!',
    make: (p, at) => new Blob([writePaletteJson(p, at)], { type: 'application/json;charset=utf-8' }),
  },
  css: {
    extension: 'css',
    success: 'Palette exported as CSS!',
    make: (p, at) => new Blob([writePaletteCss(p, at)], { type: 'text/css;charset=utf-8' }),
  },
  ase: {
    extension: 'ase',
    success: 'Palette exported as Adobe swatches!',
    make: (p) => new Blob([writePaletteAse(p) as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }),
  },
  gpl: {
    extension: 'gpl',
    success: 'Palette exported as a GIMP palette!',
    make: (p) => new Blob([writePaletteGpl(p)], { type: 'text/plain;charset=utf-8' }),
  },
  swatches: {
    extension: 'swatches',
    success: 'Palette exported for Procreate!',
    make: async (p) => {
      // The ZIP code arrives only for this format.
      const { strToU8, zipSync } = await import('fflate');
      const zip = zipSync({ 'Swatches.json': strToU8(writeProcreateSwatchesJson(p)) });
      return new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
    },
  },
  'paint-list': {
    extension: 'html',
    success: 'Paint list ready to print!',
    make: (p, at) => new Blob([writePaintList(p, at)], { type: 'text/html;charset=utf-8' }),
  },
};

/**
 * Writes the palette in one format and says so, or says which format failed. The paint list goes to `page`
 * (a tab the click opened) to be printed or saved as a PDF; every other format, or the list when no
 * tab could be opened, is downloaded.
 */
export async function runExport(
  format: ExportFormat,
  savedName: string | null,
  colors: readonly CatalogueColor[],
  page: Window | null = null,
): Promise<void> {
  try {
    const at = new Date();
    const spec = FORMATS[format];
    const blob = await spec.make(toExportPalette(savedName, colors), at);
    if (page && !page.closed) {
      // The list's own tab keeps its address for as long as it is open: the URL is never revoked.
      page.location.href = URL.createObjectURL(blob);
      showToast('Paint list opened: print it or save it as a PDF');
      return;
    }
    saveFile(blob, exportFileName(savedName, at, spec.extension));
    showToast(spec.success);
  } catch {
    page?.close();
    showToast(FAILURE[format], 'error');
  }
}
