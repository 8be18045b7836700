import type { ExportPalette } from './export-palette';
import { escapeXml, fitText } from './text';

export const SVG_WIDTH = 400;
export const SVG_HEIGHT = 300;
const CAPTION_HEIGHT = 48;
const PAD = 16;
const FONT = `system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif`;

/** A generous width estimate (no fonts in Node): text it accepts fits in any common sans-serif. */
function estimateWidth(text: string, size: number, weight: 'normal' | 'bold' = 'normal'): number {
  let em = 0;
  for (const ch of text) em += /[il.,:;'|!1 ]/.test(ch) ? 0.32 : /[A-Z#@%&MWmw]/.test(ch) ? 0.74 : 0.58;
  return em * size * (weight === 'bold' ? 1.08 : 1);
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Spec §9: a 400×300 standalone SVG. One full-width row per colour (name and brand left, hex right,
 * in black or white for contrast), then a black caption with the palette's name. Every piece of text
 * is escaped and fitted, so any name yields a file that parses and shows nothing but text.
 */
export function writePaletteSvg(palette: ExportPalette): string {
  const bandHeight = SVG_HEIGHT - CAPTION_HEIGHT;
  const rowHeight = bandHeight / Math.max(1, palette.colors.length);
  const size = Math.max(10, Math.min(16, Math.floor(rowHeight * 0.46)));
  // Tall rows stack the brand under the name; short ones (many colours) keep one line.
  const stacked = rowHeight >= 40;
  const brandSize = size - 3;
  const inner = SVG_WIDTH - 2 * PAD;
  const rows = palette.colors.map((c, i) => {
    const y = i * rowHeight;
    const middle = y + rowHeight / 2;
    const right = stacked ? c.hex : `${c.brand} · ${c.hex}`;
    const rightText = estimateWidth(right, size) + estimateWidth(c.name, size, 'bold') + 16 <= inner ? right : c.hex;
    const nameRoom = inner - estimateWidth(rightText, size) - 16;
    const name = fitText(c.name, nameRoom, (t) => estimateWidth(t, size, 'bold'));
    const nameBaseline = round(stacked ? middle - 2 : middle + size * 0.35);
    const text = (x: number, baseline: number, fontSize: number, extra: string, content: string) =>
      `  <text x="${x}" y="${baseline}" font-size="${fontSize}"${extra} fill="${c.textColor}">${escapeXml(content)}</text>`;
    return [
      `  <rect x="0" y="${round(y)}" width="${SVG_WIDTH}" height="${round(rowHeight)}" fill="${escapeXml(c.hex)}"/>`,
      text(PAD, nameBaseline, size, ' font-weight="bold"', name),
      ...(stacked
        ? [
            text(
              PAD,
              round(middle + brandSize + 2),
              brandSize,
              '',
              fitText(c.brand, nameRoom, (t) => estimateWidth(t, brandSize)),
            ),
          ]
        : []),
      text(SVG_WIDTH - PAD, round(middle + size * 0.35), size, ' text-anchor="end"', rightText),
    ].join('\n');
  });
  const markSize = 11;
  const mark = 'Swatchbook';
  const titleSize = 18;
  const titleRoom = SVG_WIDTH - 2 * PAD - estimateWidth(mark, markSize) - 16;
  const title = fitText(palette.name, titleRoom, (t) => estimateWidth(t, titleSize, 'bold'));
  const captionBaseline = round(bandHeight + CAPTION_HEIGHT / 2 + titleSize * 0.35);
  const description = palette.colors.map((c) => `${c.name} (${c.brand}, ${c.hex})`).join('; ');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SVG_WIDTH}" height="${SVG_HEIGHT}" viewBox="0 0 ${SVG_WIDTH} ${SVG_HEIGHT}" role="img" aria-labelledby="palette-title palette-desc" font-family="${escapeXml(FONT)}">`,
    `  <title id="palette-title">${escapeXml(palette.name)}</title>`,
    `  <desc id="palette-desc">${escapeXml(description)}</desc>`,
    ...rows,
    `  <rect x="0" y="${round(bandHeight)}" width="${SVG_WIDTH}" height="${CAPTION_HEIGHT}" fill="#000000"/>`,
    `  <text x="${PAD}" y="${captionBaseline}" font-size="${titleSize}" font-weight="bold" fill="#FFFFFF">${escapeXml(title)}</text>`,
    `  <text x="${SVG_WIDTH - PAD}" y="${captionBaseline}" font-size="${markSize}" text-anchor="end" fill="#B5B5B5">${mark}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
