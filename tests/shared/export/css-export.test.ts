import { transform } from 'lightningcss';
import { describe, expect, it } from 'vitest';
import { type ExportColor, type ExportPalette, toExportPalette } from '../../../shared/export/export-palette';
import { writePaletteCss } from '../../../shared/export/css-export';
import { colorsById, HOSTILE_NAMES, longestNamed, realCatalogue } from './support';

/** Parses strictly (any syntax error throws) and returns each custom property of `:root`. */
function parseCss(css: string) {
  const props = new Map<string, unknown>();
  const selectors: string[] = [];
  transform({
    filename: 'palette.css',
    code: Buffer.from(css),
    errorRecovery: false,
    visitor: {
      Rule: {
        style(rule) {
          selectors.push(JSON.stringify(rule.value.selectors));
          return rule;
        },
      },
      Declaration(declaration) {
        if (declaration.property !== 'custom') throw new Error(`unexpected property ${declaration.property}`);
        if (props.has(declaration.value.name)) throw new Error(`duplicate ${declaration.value.name}`);
        const [token] = declaration.value.value;
        if (token?.type === 'color') {
          const { r, g, b } = token.value as { r: number; g: number; b: number };
          props.set(declaration.value.name, { r, g, b });
        } else if (token?.type === 'token' && token.value.type === 'string') {
          props.set(declaration.value.name, token.value.value);
        } else {
          props.set(declaration.value.name, token);
        }
        return declaration;
      },
    },
  });
  return { props, selectors };
}

const rgbOf = (hex: string) => ({
  r: Number.parseInt(hex.slice(1, 3), 16),
  g: Number.parseInt(hex.slice(3, 5), 16),
  b: Number.parseInt(hex.slice(5, 7), 16),
});

const when = new Date('2026-11-22T14:30:05Z');

describe('CSS export', () => {
  it('gives :root numbered variables and one name-based variable per colour', () => {
    const css = writePaletteCss(
      toExportPalette(null, colorsById('farrow-ball-hague-blue', 'lick-greige-02', 'little-greene-hicks-blue')),
      when,
    );
    const { props, selectors } = parseCss(css);
    expect(selectors).toHaveLength(1);
    expect(selectors[0]).toContain('root');
    expect(props.get('--color-1')).toEqual(rgbOf('#3D4E57'));
    expect(props.get('--color-2')).toEqual(rgbOf('#CDC7B8'));
    expect(props.get('--color-3')).toEqual(rgbOf('#415968'));
    expect(props.has('--color-4')).toBe(false);
    expect(props.get('--hague-blue')).toEqual(rgbOf('#3D4E57'));
    expect(props.get('--greige-02')).toEqual(rgbOf('#CDC7B8'));
    expect(props.get('--hicks-blue')).toEqual(rgbOf('#415968'));
    expect(props.get('--palette-name')).toBe('Untitled Palette');
    // Each numbered variable notes the paint the shop will ask for: name, brand and paint number.
    expect(css).toContain('--color-1: #3D4E57; /* Hague Blue, Farrow & Ball · No. 30 */');
    expect(css).toContain('--color-2: #CDC7B8; /* Greige 02, Lick */');
    expect(css).toContain("--color-3: #415968; /* Hicks' Blue, Little Greene · 208 */");
  });

  it('keeps names unique when colours share a name or a name looks like a numbered variable', () => {
    const base = toExportPalette(null, colorsById('farrow-ball-hague-blue')).colors[0] as ExportColor;
    const palette: ExportPalette = {
      name: 'Clashes',
      colors: [
        { ...base, name: 'Color 2', hex: '#111111' },
        { ...base, name: 'Stone', brand: 'Lick', hex: '#222222' },
        { ...base, name: 'Stone', brand: 'Little Greene', hex: '#333333' },
        { ...base, name: 'Stone', brand: 'Lick', hex: '#444444' },
        { ...base, name: '日本の色', hex: '#555555' },
        { ...base, name: '2nd -- best', hex: '#666666' },
      ],
    };
    const { props } = parseCss(writePaletteCss(palette, when));
    expect(props.get('--color-2')).toEqual(rgbOf('#222222'));
    const named = [...props.entries()].filter(([k]) => !/^--(color-\d+|palette-name)$/.test(k));
    expect(named).toHaveLength(6);
    expect(named.map(([, v]) => v)).toEqual(
      ['#111111', '#222222', '#333333', '#444444', '#555555', '#666666'].map(rgbOf),
    );
    for (const [name] of named) expect(name).toMatch(/^--[a-z0-9][a-z0-9-]*$/);
    expect(named.map(([k]) => k).slice(1, 4)).toEqual(['--stone', '--stone-little-greene', '--stone-lick']);
  });

  it('gives every catalogue colour a valid, unique name in a ten-colour file', () => {
    const all = realCatalogue().colors;
    for (let start = 0; start < all.length; start += 10) {
      const { props } = parseCss(writePaletteCss(toExportPalette(null, all.slice(start, start + 10)), when));
      expect(props.size).toBe(1 + 2 * Math.min(10, all.length - start));
    }
    expect(parseCss(writePaletteCss(toExportPalette(null, longestNamed()), when)).props.size).toBe(21);
  });

  it.each(HOSTILE_NAMES)('carries the palette name $name as a string that cannot break out', ({ name, shown }) => {
    const css = writePaletteCss(toExportPalette(name, colorsById('farrow-ball-hague-blue', 'lick-greige-02')), when);
    expect(css).not.toMatch(/<\/?(style|script)/i);
    const { props } = parseCss(css);
    expect(String(props.get('--palette-name')).replace(/\s+/g, ' ')).toBe(shown);
    expect(props.get('--color-1')).toEqual(rgbOf('#3D4E57'));
  });
});
