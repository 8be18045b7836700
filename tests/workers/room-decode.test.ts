import { describe, expect, it } from 'vitest';
import { jpegOrientation } from '../../workers/room-decode';

/** The start of a JPEG (SOI), an EXIF APP1 with one orientation entry in `order`, then a bare SOS. */
function jpegWithOrientation(orientation: number | null, order: 'MM' | 'II' = 'MM'): Uint8Array {
  const be = order === 'MM';
  const u16 = (v: number) => (be ? [v >> 8, v & 255] : [v & 255, v >> 8]);
  const u32 = (v: number) => (be ? [0, 0, ...u16(v)] : [...u16(v), 0, 0]);
  const tiff =
    orientation === null
      ? [...order.split('').map((c) => c.charCodeAt(0)), ...u16(42), ...u32(8), ...u16(0), ...u32(0)]
      : [
          ...order.split('').map((c) => c.charCodeAt(0)),
          ...u16(42),
          ...u32(8),
          ...u16(1),
          ...u16(0x0112),
          ...u16(3),
          ...u32(1),
          ...u16(orientation),
          0,
          0,
          ...u32(0),
        ];
  const body = [...'Exif\0\0'].map((c) => c.charCodeAt(0)).concat(tiff);
  const app1 = [0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 255, ...body];
  return Uint8Array.from([0xff, 0xd8, ...app1, 0xff, 0xda, 0, 2]);
}

describe('jpegOrientation', () => {
  it('reads the EXIF orientation, in either byte order', () => {
    expect(jpegOrientation(jpegWithOrientation(6))).toBe(6);
    expect(jpegOrientation(jpegWithOrientation(3, 'II'))).toBe(3);
    expect(jpegOrientation(jpegWithOrientation(1))).toBe(1);
  });

  it('is upright when there is no EXIF or no orientation in it', () => {
    expect(jpegOrientation(jpegWithOrientation(null))).toBe(1);
    expect(jpegOrientation(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBe(1);
  });
});
