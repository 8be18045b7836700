import { type ExportPalette, swatchName } from './export-palette';

/** One line of GIMP's palette text: no line breaks may sneak into a name. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/**
 * GIMP palette (.gpl), which Inkscape and Krita read too: a "GIMP Palette" header, Name and
 * Columns, then "R G B<TAB>name" per colour with 0–255 channels.
 */
export function writePaletteGpl(palette: ExportPalette): string {
  const pad = (v: number) => String(v).padStart(3, ' ');
  return [
    'GIMP Palette',
    `Name: ${oneLine(palette.name)}`,
    `Columns: ${palette.colors.length}`,
    '# Exported from Swatchbook. Screen colours are approximate: order a tester pot.',
    ...palette.colors.map((c) => `${pad(c.rgb.r)} ${pad(c.rgb.g)} ${pad(c.rgb.b)}\t${oneLine(swatchName(c))}`),
    '',
  ].join('\n');
}
