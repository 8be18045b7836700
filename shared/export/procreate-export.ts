import type { ExportPalette } from './export-palette';

/** Procreate holds 30 swatches a palette. */
const PROCREATE_SLOTS = 30;

/**
 * The Swatches.json a Procreate `.swatches` file (a ZIP) holds: the palette's name and each colour
 * as hue, saturation and brightness (HSB, 0–1), colour space 0 (sRGB). Procreate keeps no swatch
 * names, so the paint names stay in the other formats.
 */
export function writeProcreateSwatchesJson(palette: ExportPalette): string {
  const swatches = palette.colors.slice(0, PROCREATE_SLOTS).map(({ rgb }) => {
    const r = rgb.r / 255;
    const g = rgb.g / 255;
    const b = rgb.b / 255;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const d = max - min;
    let h = 0;
    if (d > 0) {
      if (max === r) h = ((g - b) / d + 6) % 6;
      else if (max === g) h = (b - r) / d + 2;
      else h = (r - g) / d + 4;
    }
    return { hue: h / 6, saturation: max === 0 ? 0 : d / max, brightness: max, alpha: 1, colorSpace: 0 };
  });
  return JSON.stringify([{ name: palette.name, swatches }]);
}
