import { type CardFont, FONT_FAMILIES, layoutCard, paintLabel, SVG_CARD } from './card-layout';
import type { ExportPalette } from './export-palette';
import { escapeXml } from './text';

const SVG_WIDTH = SVG_CARD.width;
const SVG_HEIGHT = SVG_CARD.height;

/** A generous width estimate (no fonts in Node): text it accepts fits in any common sans-serif or mono. */
function estimateWidth(text: string, font: CardFont): number {
  let em = 0;
  if (font.family === 'mono') em = Array.from(text).length * 0.62;
  else for (const ch of text) em += /[il.,:;'|!1 ]/.test(ch) ? 0.32 : /[A-Z#@%&MWmw]/.test(ch) ? 0.74 : 0.58;
  return em * font.size * (font.weight === 600 ? 1.08 : 1);
}

/**
 * A 400×300 standalone SVG of the same card as the PNG (shared/export/card-layout.ts).
 * Every piece of text is escaped and fitted, so any name yields a file that parses and shows only text.
 */
export function writePaletteSvg(palette: ExportPalette): string {
  const ops = layoutCard(SVG_CARD, { title: palette.name, colors: palette.colors }, estimateWidth);
  const body = ops.map((op) => {
    if (op.kind === 'rect') {
      return `  <rect x="${op.x}" y="${op.y}" width="${op.w}" height="${op.h}" fill="${escapeXml(op.fill)}"/>`;
    }
    const attributes = [
      `x="${op.x}"`,
      `y="${op.y}"`,
      `font-size="${op.size}"`,
      ...(op.weight === 600 ? ['font-weight="bold"'] : []),
      ...(op.family === 'mono' ? [`font-family="${escapeXml(FONT_FAMILIES.mono)}"`] : []),
      ...(op.align === 'right' ? ['text-anchor="end"'] : []),
      `fill="${escapeXml(op.fill)}"`,
    ];
    return `  <text ${attributes.join(' ')}>${escapeXml(op.text)}</text>`;
  });
  const description = palette.colors.map((c) => `${c.name} (${paintLabel(c)}, ${c.hex})`).join('; ');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SVG_WIDTH}" height="${SVG_HEIGHT}" viewBox="0 0 ${SVG_WIDTH} ${SVG_HEIGHT}" role="img" aria-labelledby="palette-title palette-desc" font-family="${escapeXml(FONT_FAMILIES.sans)}">`,
    `  <title id="palette-title">${escapeXml(palette.name)}</title>`,
    `  <desc id="palette-desc">${escapeXml(description)}</desc>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}
