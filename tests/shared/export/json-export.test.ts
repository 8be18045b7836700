import { describe, expect, it } from 'vitest';
import { toExportPalette } from '../../../shared/export/export-palette';
import { writePaletteJson } from '../../../shared/export/json-export';
import { colorsById, HOSTILE_NAMES } from './support';

const created = new Date('2026-11-22T14:30:05.123Z');

describe('JSON export', () => {
  it('has name, colors and created, each colour with name, hex, brand, rgb, description and paint number, in order, rgb read from the hex', () => {
    const colors = colorsById('farrow-ball-hague-blue', 'lick-greige-02', 'little-greene-hicks-blue');
    const parsed = JSON.parse(writePaletteJson(toExportPalette(null, colors), created));
    expect(Object.keys(parsed)).toEqual(['name', 'colors', 'created']);
    expect(parsed.name).toBe('Untitled Palette');
    expect(parsed.created).toBe('2026-11-22T14:30:05.123Z');
    expect(parsed.colors).toHaveLength(3);
    for (const entry of parsed.colors) {
      expect(Object.keys(entry)).toEqual(['name', 'hex', 'brand', 'number', 'rgb', 'description']);
      expect(Object.keys(entry.rgb)).toEqual(['r', 'g', 'b']);
    }
    expect(parsed.colors[0]).toMatchObject({
      name: 'Hague Blue',
      hex: '#3D4E57',
      brand: 'Farrow & Ball',
      number: '30',
      rgb: { r: 0x3d, g: 0x4e, b: 0x57 },
    });
    // Lick names carry their own number ("Greige 02"); the supplier gives no other.
    expect(parsed.colors[1]).toMatchObject({
      name: 'Greige 02',
      brand: 'Lick',
      number: null,
      rgb: { r: 205, g: 199, b: 184 },
    });
    expect(parsed.colors[2]).toMatchObject({ name: "Hicks' Blue", number: '208' });
    expect(parsed.colors[2].description).toBe(colors[2]?.description);
    expect(parsed.colors[2].description.length).toBeGreaterThan(20);
  });

  it('uses the saved name, whatever it holds, and still parses', () => {
    const colors = colorsById('farrow-ball-hague-blue', 'lick-greige-02', 'farrow-ball-all-white');
    for (const { name } of HOSTILE_NAMES.slice(0, 3)) {
      expect(JSON.parse(writePaletteJson(toExportPalette(name, colors), created)).name).toBe(name);
    }
    expect(JSON.parse(writePaletteJson(toExportPalette('  Living room  ', colors), created)).name).toBe('Living room');
    expect(JSON.parse(writePaletteJson(toExportPalette('   ', colors), created)).name).toBe('Untitled Palette');
  });
});
