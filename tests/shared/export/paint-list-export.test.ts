import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { toExportPalette } from '../../../shared/export/export-palette';
import { writePaletteGpl } from '../../../shared/export/gpl-export';
import { writePaintList } from '../../../shared/export/paint-list-export';
import { colorsById } from './support';

describe('paint list and GIMP palette', () => {
  it('escapes what a user typed and keeps only web links', () => {
    const [hague] = colorsById('farrow-ball-hague-blue');
    const palette = toExportPalette('<script>alert(1)</script> & "Hall"', [
      hague!,
      { ...hague!, id: 'x', colorName: 'Bad <b>link</b>', purchaseLink: 'javascript:alert(1)' },
    ]);
    const html = writePaintList(palette, new Date('2026-11-22T12:00:00Z'));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Hall&quot;');
    // Well-formed enough for an XML parser once the doctype is gone: no stray markup from the data.
    const errors: string[] = [];
    const doc = new DOMParser({ onError: (_level, message) => errors.push(message) }).parseFromString(
      html.replace('<!doctype html>', '').replace(/<meta[^>]*>/g, ''),
      'text/xml',
    );
    expect(errors).toEqual([]);
    expect(doc.getElementsByTagName('a')).toHaveLength(1);
    expect(doc.getElementsByTagName('a')[0]?.getAttribute('href')).toBe(hague!.purchaseLink);
  });

  it('keeps a GIMP palette one colour per line whatever the names hold', () => {
    const [hague] = colorsById('farrow-ball-hague-blue');
    const text = writePaletteGpl(toExportPalette('Hall\nand stairs', [hague!]));
    expect(text.split('\n').filter((l) => /^\s*\d+\s+\d+\s+\d+\t/.test(l))).toEqual([
      ` 61  78  87\tFarrow & Ball Hague Blue (No. ${hague!.number})`,
    ]);
    expect(text).toContain('Name: Hall and stairs');
  });
});
