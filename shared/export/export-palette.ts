import { formatColorNumber } from '../catalogue/ids';
import type { CatalogueColor } from '../catalogue/types';
import { normalizeHex, parseHex } from '../color/hex';
import type { Rgb } from '../color/types';
import { cleanText } from './text';

/** The title of an export whose palette matches no saved palette; users see it in the file. */
export const UNTITLED_PALETTE = 'Untitled Palette';

/** One colour as every export format needs it. */
export interface ExportColor {
  name: string;
  /** `#RRGGBB`, the catalogue's canonical form. */
  hex: string;
  brand: string;
  /** The supplier's paint number ("30", "236"), or null where it has none: the shop needs it. */
  number: string | null;
  /** The number as the UI shows it: "No. 30" for Farrow & Ball, bare for the others. */
  paintNumber: string | null;
  rgb: Rgb;
  description: string;
  /** Black or white, whichever reads better on the colour. */
  textColor: '#000000' | '#FFFFFF';
  /** Light reflectance value, 0–100, and whether it is our estimate rather than published. */
  lrv: number;
  lrvEstimated: boolean;
  finishes: readonly string[];
  /** The supplier's page for this paint. */
  purchaseLink: string;
}

export interface ExportPalette {
  name: string;
  colors: ExportColor[];
}

/** The palette as exported: the saved name (or 'Untitled Palette') and the colours in order. */
export function toExportPalette(savedName: string | null, colors: readonly CatalogueColor[]): ExportPalette {
  return {
    name: cleanText(savedName ?? '', UNTITLED_PALETTE),
    colors: colors.map((c) => ({
      name: c.colorName,
      hex: normalizeHex(c.hexCode) ?? '#000000',
      brand: c.brand,
      number: c.number,
      paintNumber: formatColorNumber(c.brand, c.number),
      rgb: parseHex(c.hexCode) ?? { r: 0, g: 0, b: 0 },
      description: c.description,
      textColor: c.textColor,
      lrv: c.lrv,
      lrvEstimated: c.lrvEstimated,
      finishes: c.finishes,
      purchaseLink: c.purchaseLink,
    })),
  };
}

/** "Farrow & Ball Hague Blue (No. 30)": a swatch's name in designers' tools, as the shop knows it. */
export function swatchName(c: Pick<ExportColor, 'brand' | 'name' | 'paintNumber'>): string {
  const name = cleanText(`${c.brand} ${c.name}`);
  return c.paintNumber ? `${name} (${cleanText(c.paintNumber)})` : name;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A file name's first part from the palette's name: letters and digits of any script, lower case,
 * everything else (slashes, dots, quotes, emoji, spaces) one dash; 'palette' when nothing is left.
 */
function fileSlug(name: string | null): string {
  const slug = (name ?? '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return slug || 'palette';
}

/** `hallway-2026-11-25.png` (`palette-2026-11-25.png` for an unnamed palette), in the user's local date. */
export function exportFileName(name: string | null, at: Date, extension: string): string {
  const date = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `${fileSlug(name)}-${date}.${extension}`;
}
