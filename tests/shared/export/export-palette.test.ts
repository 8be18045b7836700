import { describe, expect, it } from 'vitest';
import { exportFileName, toExportPalette } from '../../../shared/export/export-palette';
import { paletteHash } from '../../../shared/export/palette-hash';
import { cleanText, fitText } from '../../../shared/export/text';
import { colorsById } from './support';

describe('export names and links', () => {
  it('names files with the local date and time', () => {
    expect(exportFileName(new Date(2026, 10, 22, 14, 30, 5), 'png')).toBe('palette-20261122-143005.png');
    expect(exportFileName(new Date(2027, 0, 3, 4, 5, 6), 'css')).toBe('palette-20270103-040506.css');
  });

  it('builds the share hash from the hexes without # and dash separated', () => {
    const palette = toExportPalette(
      null,
      colorsById('farrow-ball-hague-blue', 'lick-greige-02', 'farrow-ball-all-white'),
    );
    expect(paletteHash(palette.colors.map((c) => c.hex))).toBe('#palette=3d4e57-cdc7b8-fbf8f4');
  });
});

describe('text for exports', () => {
  const measure = (text: string) => Array.from(text).length * 10;

  it('shortens text with an ellipsis to fit, keeping it whole when it fits', () => {
    expect(fitText('Hague Blue', 100, measure)).toBe('Hague Blue');
    expect(fitText('Hague Blue', 60, measure)).toBe('Hague…');
    expect(fitText('Hague Blue', 5, measure)).toBe('');
  });

  it('never splits an emoji', () => {
    expect(fitText('🍋🍋🍋🍋', 30, measure)).toBe('🍋🍋…');
  });

  it('makes one clean line of a name, with a fallback for blank ones', () => {
    expect(cleanText('  Living\n\nroom\u0000 ')).toBe('Living room');
    expect(cleanText(' \t ', 'Untitled Palette')).toBe('Untitled Palette');
    expect(Array.from(cleanText('x'.repeat(500)))).toHaveLength(120);
  });
});
