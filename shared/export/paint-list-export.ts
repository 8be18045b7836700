import type { ExportPalette } from './export-palette';
import { escapeXml } from './text';

/** The honest line every page that shows paint on screen carries: a screen cannot show paint truly. */
export const APPROXIMATE_NOTE = 'Colours on screen are approximate; order a tester pot';

/** Only web links go into a page: a catalogue link that is anything else is left out. */
export function safeLink(url: string): string | null {
  return /^https?:\/\/[^\s"'<>\\]+$/i.test(url) ? url : null;
}

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, sans-serif; color: #1c1b1a; }
  body { margin: 2rem auto; max-width: 48rem; padding: 0 1rem; }
  h1 { margin: 0 0 0.25rem; font-size: 1.5rem; }
  .note { margin: 0 0 1.5rem; color: #5c5955; }
  ol { list-style: none; margin: 0; padding: 0; }
  li { display: grid; grid-template-columns: 5rem 1fr; gap: 1rem; padding: 0.75rem 0; border-top: 1px solid #dedad4; break-inside: avoid; }
  .swatch { width: 5rem; height: 5rem; border: 1px solid #dedad4; border-radius: 0.25rem; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  h2 { margin: 0; font-size: 1.1rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.1rem 0.75rem; margin: 0.35rem 0 0; font-size: 0.9rem; }
  dt { color: #5c5955; }
  dd { margin: 0; }
  a { color: #1a5fb4; }
  @media print {
    body { margin: 0; max-width: none; }
    a { color: inherit; text-decoration: none; }
    a[href]::after { content: " (" attr(href) ")"; font-size: 0.75rem; color: #5c5955; }
    .screen-only { display: none; }
  }
`;

/**
 * The printable paint list: what you hand a decorator or take to the shop. One paint per
 * row with its swatch, brand, name, number, LRV (estimates marked), finishes and the supplier's
 * page. Everything from the palette is escaped; the page runs no script.
 */
export function writePaintList(palette: ExportPalette, created: Date): string {
  const rows = palette.colors.map((c) => {
    const link = safeLink(c.purchaseLink);
    const lrv = `${Math.round(c.lrv)}${c.lrvEstimated ? ' (estimated)' : ''}`;
    return `    <li>
      <div class="swatch" style="background-color: ${escapeXml(c.hex)}" role="img" aria-label="${escapeXml(`${c.name} swatch, ${c.hex}`)}"></div>
      <div>
        <h2>${escapeXml(c.name)}</h2>
        <dl>
          <dt>Brand</dt><dd class="brand">${escapeXml(c.brand)}</dd>
          <dt>Number</dt><dd class="number">${escapeXml(c.paintNumber ?? '—')}</dd>
          <dt>Hex</dt><dd class="hex">${escapeXml(c.hex)}</dd>
          <dt>LRV</dt><dd class="lrv">${escapeXml(lrv)}</dd>
          <dt>Finishes</dt><dd class="finishes">${escapeXml(c.finishes.join(', ') || '—')}</dd>
          <dt>Buy</dt><dd class="buy">${link ? `<a href="${escapeXml(link)}">${escapeXml(`${c.brand}: ${c.name}`)}</a>` : '—'}</dd>
        </dl>
      </div>
    </li>`;
  });
  return `<!doctype html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeXml(palette.name)}: paint list</title>
  <style>${STYLE}</style>
</head>
<body>
  <h1>${escapeXml(palette.name)}</h1>
  <p class="note">${APPROXIMATE_NOTE}. Paint list from Swatchbook, ${escapeXml(created.toISOString().slice(0, 10))}.</p>
  <p class="screen-only">Print this page to take it to the shop, or save it as a PDF: Ctrl+P or ⌘P, or Print in your browser’s share menu on a phone.</p>
  <ol>
${rows.join('\n')}
  </ol>
</body>
</html>
`;
}
