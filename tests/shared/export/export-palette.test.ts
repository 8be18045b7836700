import { describe, expect, it } from 'vitest';
import { exportFileName, toExportPalette } from '../../../shared/export/export-palette';
import { paletteHash } from '../../../shared/export/palette-hash';
import { cleanText, fitText } from '../../../shared/export/text';
import { colorsById } from './support';

describe('export names and links', () => {
  it('names files after the palette and the local date', () => {
    expect(exportFileName('Hallway', new Date(2026, 10, 25, 23, 30, 5), 'png')).toBe('hallway-2026-11-25.png');
    expect(exportFileName(null, new Date(2027, 0, 3, 4, 5, 6), 'css')).toBe('palette-2027-01-03.css');
  });

  it('keeps only letters and digits of any script in the name, one dash for the rest', () => {
    const at = new Date(2026, 10, 25);
    expect(exportFileName('Kids\' room / "west" wall…', at, 'svg')).toBe('kids-room-west-wall-2026-11-25.svg');
    expect(exportFileName('Café crème', at, 'svg')).toBe('cafe-creme-2026-11-25.svg');
    expect(exportFileName('客厅 2', at, 'json')).toBe('客厅-2-2026-11-25.json');
    expect(exportFileName('../../etc/passwd', at, 'css')).toBe('etc-passwd-2026-11-25.css');
    expect(exportFileName('🎨 ✨', at, 'png')).toBe('palette-2026-11-25.png');
    expect(exportFileName('   ', at, 'png')).toBe('palette-2026-11-25.png');
    expect(exportFileName('a'.repeat(200), at, 'png')).toBe(`${'a'.repeat(60)}-2026-11-25.png`);
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
