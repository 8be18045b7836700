import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { type ExportPalette, toExportPalette } from '../../../shared/export/export-palette';
import { writePaletteSvg } from '../../../shared/export/svg-export';
import { colorsById, HOSTILE_NAMES, longestNamed } from './support';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A strict XML parse: any error or warning fails the test, as a picky SVG viewer would. */
function parseSvg(text: string) {
  const parser = new DOMParser({
    onError: (level: string, message: string) => {
      throw new Error(`${level}: ${message}`);
    },
  });
  const doc = parser.parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement as unknown as XmlElement;
  const all = (tag: string) => Array.from(root.getElementsByTagNameNS(SVG_NS, tag));
  return { root, all, texts: all('text').map((t) => t.textContent ?? '') };
}

const palette = (name: string | null, ...ids: string[]): ExportPalette => toExportPalette(name, colorsById(...ids));

describe('SVG export', () => {
  it('is a standalone 400×300 SVG with a row per colour in order: name, brand with paint number, hex', () => {
    const svg = writePaletteSvg(
      palette(null, 'farrow-ball-hague-blue', 'lick-greige-02', 'little-greene-hicks-blue', 'farrow-ball-all-white'),
    );
    const { root, all, texts } = parseSvg(svg);
    expect(root.localName).toBe('svg');
    expect(root.namespaceURI).toBe(SVG_NS);
    expect(root.getAttribute('width')).toBe('400');
    expect(root.getAttribute('height')).toBe('300');
    expect(root.getAttribute('viewBox')).toBe('0 0 400 300');
    const fills = all('rect').map((r) => r.getAttribute('fill'));
    expect(fills.slice(0, 4)).toEqual(['#3D4E57', '#CDC7B8', '#415968', '#FBF8F4']);
    for (const text of [
      'Hague Blue',
      'Farrow & Ball · No. 30',
      'Greige 02',
      'Lick',
      "Hicks' Blue",
      'Little Greene · 208',
      'All White',
      'Farrow & Ball · No. 2005',
      'Untitled Palette',
    ]) {
      expect(texts).toContain(text);
    }
    // The colours take the top 70 %, the black caption the rest (as on the PNG).
    expect(all('rect').map((r) => [r.getAttribute('y'), r.getAttribute('height')])).toEqual([
      ['0', '53'],
      ['53', '52'],
      ['105', '53'],
      ['158', '52'],
      ['210', '90'],
    ]);
    expect(all('desc')[0]?.textContent).toContain('Hague Blue (Farrow & Ball · No. 30, #3D4E57)');
    for (const hex of ['#3D4E57', '#CDC7B8', '#415968', '#FBF8F4']) {
      expect(texts.some((t) => t.endsWith(hex))).toBe(true);
    }
    expect(all('title')[0]?.textContent).toBe('Untitled Palette');
  });

  it('writes dark text on light paint and light text on dark paint', () => {
    const { all } = parseSvg(
      writePaletteSvg(palette(null, 'farrow-ball-hague-blue', 'farrow-ball-all-white', 'lick-greige-02')),
    );
    const textFill = (name: string) =>
      all('text')
        .find((t) => t.textContent === name)
        ?.getAttribute('fill');
    expect(textFill('Hague Blue')).toBe('#FFFFFF');
    expect(textFill('All White')).toBe('#000000');
  });

  it.each(HOSTILE_NAMES)(
    'keeps the name $name as text: the file parses and holds no markup of its own',
    ({ name, shown }) => {
      const svg = writePaletteSvg(
        palette(name, 'farrow-ball-hague-blue', 'lick-greige-02', 'little-greene-hicks-blue'),
      );
      const { root, all } = parseSvg(svg);
      const elements = new Set(Array.from(root.getElementsByTagName('*')).map((e) => e.localName));
      expect([...elements].sort()).toEqual(['desc', 'rect', 'text', 'title']);
      // Per colour: name, brand with number, and hex; then the title and the mark.
      expect(all('text')).toHaveLength(3 * 3 + 2);
      const title = all('title')[0]?.textContent ?? '';
      // What the user typed comes back as text, less only what XML cannot hold.
      expect(title.replace(/\s+/g, ' ')).toBe(shown);
    },
  );

  it('fits ten long names: each is shown whole or shortened with an ellipsis, never overflowing', () => {
    const colors = longestNamed(10);
    const { all } = parseSvg(writePaletteSvg(toExportPalette('A very long palette name '.repeat(6), colors)));
    const names = all('text')
      .filter((t) => t.getAttribute('font-weight') === 'bold')
      .slice(0, 10);
    expect(names).toHaveLength(10);
    const texts = all('text').map((t) => t.textContent ?? '');
    colors.forEach((color) => {
      expect(color.number).toBeTruthy();
      expect(texts.some((t) => t.includes(`${color.brand} · `) && t.includes(color.number ?? '?'))).toBe(true);
    });
    names.forEach((node, i) => {
      const shown = node.textContent ?? '';
      const full = colors[i]?.colorName ?? '';
      expect(shown === full || (shown.endsWith('…') && full.startsWith(shown.slice(0, -1)))).toBe(true);
      expect(shown.length).toBeGreaterThan(3);
      expect(Number(node.getAttribute('font-size'))).toBeGreaterThanOrEqual(10);
    });
    for (const rect of all('rect')) {
      const y = Number(rect.getAttribute('y'));
      expect(y + Number(rect.getAttribute('height'))).toBeLessThanOrEqual(300.01);
    }
  });
});
