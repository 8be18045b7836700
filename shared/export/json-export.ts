import type { ExportPalette } from './export-palette';

/** Spec §3 'Export JSON': exactly name, colors (name, hex, brand, rgb, description) and created. */
export function writePaletteJson(palette: ExportPalette, created: Date): string {
  const document = {
    name: palette.name,
    colors: palette.colors.map((c) => ({
      name: c.name,
      hex: c.hex,
      brand: c.brand,
      rgb: { r: c.rgb.r, g: c.rgb.g, b: c.rgb.b },
      description: c.description,
    })),
    created: created.toISOString(),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
