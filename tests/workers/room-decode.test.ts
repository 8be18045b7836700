import { afterEach, describe, expect, it, vi } from 'vitest';
import { jpegOrientation, scaledJpeg, uprightTransform } from '../../workers/room-decode';

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

describe('uprightTransform', () => {
  // Where the stored picture's first pixel and the end of its first row land, upright, for each
  // EXIF orientation (as the EXIF standard words it: 6 is "row 0 on the right, column 0 at the top").
  const W = 40;
  const H = 30;
  const TL = [0, 0];
  const TR = [W, 0];
  const BR = [W, H];
  const BL = [0, H];
  const cases: [number, number[], number[]][] = [
    [1, TL, TR],
    [2, TR, TL],
    [3, BR, BL],
    [4, BL, BR],
    [5, TL, BL],
    [6, TR, BR],
    [7, BR, TR],
    [8, BL, TL],
  ];
  it.each(cases)('orientation %i puts the stored corners where EXIF says', (orientation, first, rowEnd) => {
    const [a, b, c, d, e, f] = uprightTransform(orientation, W, H);
    const at = (x: number, y: number) => [a * x + c * y + e, b * x + d * y + f];
    // Stored, a quarter turn has the upright sides swapped.
    const storedWidth = orientation >= 5 ? H : W;
    expect(at(0, 0)).toEqual(first);
    expect(at(storedWidth, 0)).toEqual(rowEnd);
  });
});

describe('scaledJpeg on a photo stored turned', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A stand-in for WebCodecs' ImageDecoder whose frame is `frame`; records what it was asked for. */
  function fakeDecoder(frame: Record<string, number | boolean>) {
    const asked: { desiredWidth?: number; desiredHeight?: number }[] = [];
    class FakeDecoder {
      constructor(init: { desiredWidth?: number; desiredHeight?: number }) {
        asked.push({ desiredWidth: init.desiredWidth, desiredHeight: init.desiredHeight });
      }
      static isTypeSupported = async () => true;
      async decode() {
        return { image: { ...frame, close() {} } };
      }
      close() {}
    }
    vi.stubGlobal('ImageDecoder', FakeDecoder);
    return asked;
  }

  it('a phone portrait (orientation 6) is decoded small as stored and drawn upright by the browser', async () => {
    // Stored 4000 × 3000 on its side: 3000 × 4000 upright, wanted at 750 × 1000.
    const asked = fakeDecoder({
      codedWidth: 1000,
      codedHeight: 750,
      displayWidth: 750,
      displayHeight: 1000,
      rotation: 90,
      flip: false,
    });
    const bitmaps: unknown[][] = [];
    vi.stubGlobal('createImageBitmap', async (...args: unknown[]) => {
      bitmaps.push(args);
      return { width: 750, height: 1000, close() {} };
    });
    const bytes = jpegWithOrientation(6) as Uint8Array<ArrayBuffer>;
    const result = await scaledJpeg(bytes, 3000, 4000, { width: 750, height: 1000 });
    expect(result).not.toBeNull();
    expect(asked).toEqual([{ desiredWidth: 1000, desiredHeight: 750 }]);
    expect(bitmaps[0]?.[1]).toMatchObject({ resizeWidth: 750, resizeHeight: 1000 });
  });

  it('a frame that does not carry the turn is turned on a canvas; one turned some other way goes the slow way', async () => {
    fakeDecoder({
      codedWidth: 1000,
      codedHeight: 750,
      displayWidth: 1000,
      displayHeight: 750,
      rotation: 0,
      flip: false,
    });
    const transforms: number[][] = [];
    const draws: number[][] = [];
    class FakeCanvas {
      constructor(
        public width: number,
        public height: number,
      ) {}
      getContext() {
        return {
          setTransform: (...t: number[]) => transforms.push(t),
          drawImage: (_image: unknown, ...at: number[]) => draws.push(at),
        };
      }
      transferToImageBitmap() {
        return { width: this.width, height: this.height, close() {} };
      }
    }
    vi.stubGlobal('OffscreenCanvas', FakeCanvas);
    const bytes = jpegWithOrientation(8) as Uint8Array<ArrayBuffer>;
    const result = await scaledJpeg(bytes, 3000, 4000, { width: 750, height: 1000 });
    expect(result).toMatchObject({ width: 750, height: 1000 });
    expect(transforms).toEqual([uprightTransform(8, 750, 1000)]);
    expect(draws).toEqual([[0, 0, 1000, 750]]);

    fakeDecoder({
      codedWidth: 1000,
      codedHeight: 750,
      displayWidth: 750,
      displayHeight: 1000,
      rotation: 270,
      flip: true,
    });
    expect(
      await scaledJpeg(jpegWithOrientation(8) as Uint8Array<ArrayBuffer>, 3000, 4000, { width: 750, height: 1000 }),
    ).toBeNull();
  });
});
