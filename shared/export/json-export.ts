import type { ExportPalette } from './export-palette';

/**
 * The JSON export: name, colors and created; each colour has name, hex, brand, rgb {r,g,b} and
 * description, plus the supplier's paint number (null where it has none), which the shop asks for.
 */
export function writePaletteJson(palette: ExportPalette, created: Date): string {
  const document = {
    name: palette.name,
    colors: palette.colors.map((c) => ({
      name: c.name,
      hex: c.hex,
      brand: c.brand,
      number: c.number,
      rgb: { r: c.rgb.r, g: c.rgb.g, b: c.rgb.b },
      description: c.description,
    })),
    created: created.toISOString(),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
