import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { fitWithin, MAX_PIXELS, sniffImage } from '../../workers/image-header';

function pngBytes(width: number, height: number): Uint8Array {
  const png = new PNG({ width, height });
  png.data.fill(180);
  return new Uint8Array(PNG.sync.write(png));
}

function jpegBytes(width: number, height: number): Uint8Array {
  const data = Buffer.alloc(width * height * 4, 120);
  return new Uint8Array(jpeg.encode({ data, width, height }, 80).data);
}

const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u32le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];
const text = (s: string) => [...s].map((c) => c.charCodeAt(0));
const box = (type: string, body: number[]) => [...u32be(8 + body.length), ...text(type), ...body];

/** A minimal HEIC/AVIF container: ftyp, a meta box holding one `ispe`, and an mdat. */
function isoBytes(brand: string, width: number, height: number, mdat = 64): Uint8Array {
  const ispe = box('ispe', [0, 0, 0, 0, ...u32be(width), ...u32be(height)]);
  const meta = box('meta', [0, 0, 0, 0, ...box('iprp', box('ipco', ispe))]);
  return Uint8Array.from([
    ...box('ftyp', [...text(brand), 0, 0, 0, 0, ...text('mif1')]),
    ...meta,
    ...box('mdat', Array(mdat).fill(7)),
  ]);
}

/** A WebP with the extended (VP8X) header, which declares the canvas size in 24-bit fields. */
function webpBytes(width: number, height: number): Uint8Array {
  const w = width - 1;
  const h = height - 1;
  const vp8x = [
    ...text('VP8X'),
    ...u32le(10),
    0,
    0,
    0,
    0,
    w & 255,
    (w >> 8) & 255,
    (w >> 16) & 255,
    h & 255,
    (h >> 8) & 255,
    (h >> 16) & 255,
  ];
  const body = [...text('WEBP'), ...vp8x];
  return Uint8Array.from([...text('RIFF'), ...u32le(body.length), ...body]);
}

function withPngSize(bytes: Uint8Array, width: number, height: number): Uint8Array {
  const copy = bytes.slice();
  copy.set(u32be(width), 16);
  copy.set(u32be(height), 20);
  return copy;
}

/** Rewrites the SOF0 segment's declared size: a decompression bomb is a small file with a huge header. */
function withJpegSize(bytes: Uint8Array, width: number, height: number): Uint8Array {
  const copy = bytes.slice();
  for (let i = 2; i < copy.length - 9; i++) {
    if (copy[i] === 0xff && copy[i + 1] === 0xc0) {
      copy.set([(height >> 8) & 255, height & 255, (width >> 8) & 255, width & 255], i + 5);
      return copy;
    }
  }
  throw new Error('no SOF0');
}

describe('sniffImage reads the format and declared size from the bytes', () => {
  it('recognises PNG, JPEG, WebP, GIF, HEIC and AVIF with their sizes', () => {
    expect(sniffImage(pngBytes(40, 30))).toEqual({ ok: true, format: 'png', width: 40, height: 30 });
    expect(sniffImage(jpegBytes(64, 48))).toEqual({ ok: true, format: 'jpeg', width: 64, height: 48 });
    expect(sniffImage(webpBytes(3000, 2000))).toEqual({ ok: true, format: 'webp', width: 3000, height: 2000 });
    const gif = Uint8Array.from([...text('GIF89a'), 20, 0, 10, 0, 0, 0, 0, 0x3b]);
    expect(sniffImage(gif)).toEqual({ ok: true, format: 'gif', width: 20, height: 10 });
    expect(sniffImage(isoBytes('heic', 4032, 3024))).toEqual({ ok: true, format: 'heic', width: 4032, height: 3024 });
    expect(sniffImage(isoBytes('avif', 800, 600))).toEqual({ ok: true, format: 'avif', width: 800, height: 600 });
  });

  it('an empty file is empty, and text, PDF or SVG is not an image', () => {
    expect(sniffImage(new Uint8Array())).toEqual({ ok: false, reason: 'empty' });
    for (const content of ['hello, world', '%PDF-1.7\n', '<svg xmlns="http://www.w3.org/2000/svg"/>']) {
      expect(sniffImage(new TextEncoder().encode(content))).toEqual({ ok: false, reason: 'not-image' });
    }
  });

  it('a cut-off download is truncated', () => {
    const png = pngBytes(200, 100);
    expect(sniffImage(png.subarray(0, png.length - 20))).toMatchObject({
      ok: false,
      reason: 'truncated',
      format: 'png',
    });
    const jpg = jpegBytes(200, 100);
    expect(sniffImage(jpg.subarray(0, Math.floor(jpg.length * 0.7)))).toMatchObject({ ok: false, reason: 'truncated' });
    expect(sniffImage(jpg.subarray(0, 30))).toMatchObject({ ok: false, reason: 'truncated' });
    const webp = webpBytes(100, 100);
    expect(sniffImage(webp.subarray(0, webp.length - 4))).toMatchObject({ ok: false, reason: 'truncated' });
    const heic = isoBytes('heic', 100, 100);
    expect(sniffImage(heic.subarray(0, heic.length - 10))).toMatchObject({ ok: false, reason: 'truncated' });
  });

  it('a header declaring more than 50 megapixels is refused before any decoding (decompression bomb)', () => {
    expect(sniffImage(withPngSize(pngBytes(10, 10), 10_000, 10_000))).toEqual({
      ok: false,
      reason: 'too-large',
      format: 'png',
      width: 10_000,
      height: 10_000,
    });
    expect(sniffImage(withJpegSize(jpegBytes(16, 16), 65_000, 65_000))).toMatchObject({ reason: 'too-large' });
    expect(sniffImage(webpBytes(16_383, 16_383))).toMatchObject({ reason: 'too-large' });
    expect(sniffImage(isoBytes('heic', 12_000, 8_000))).toMatchObject({ reason: 'too-large', format: 'heic' });
    // Exactly at the limit is fine: 50 MP.
    expect(sniffImage(withPngSize(pngBytes(10, 10), 10_000, MAX_PIXELS / 10_000))).toMatchObject({ ok: true });
  });

  it('a header with a zero size, or a JPEG with no frame header, is corrupt', () => {
    expect(sniffImage(withPngSize(pngBytes(10, 10), 0, 10))).toMatchObject({ ok: false, reason: 'corrupt' });
    const noSof = Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 1, 2, 3, 0xff, 0xd9]);
    expect(sniffImage(noSof)).toMatchObject({ ok: false, reason: 'corrupt', format: 'jpeg' });
    const noIspe = Uint8Array.from([...box('ftyp', [...text('heic'), 0, 0, 0, 0]), ...box('meta', [0, 0, 0, 0])]);
    expect(sniffImage(noIspe)).toMatchObject({ ok: false, reason: 'corrupt', format: 'heic' });
  });
});

describe('EXIF orientation', () => {
  /** Inserts an APP1 Exif segment (big-endian TIFF, one IFD0 entry: Orientation) after SOI. */
  function withOrientation(bytes: Uint8Array, orientation: number): Uint8Array {
    const tiff = [
      ...text('MM'),
      0,
      42,
      0,
      0,
      0,
      8,
      0,
      1,
      0x01,
      0x12,
      0,
      3,
      0,
      0,
      0,
      1,
      0,
      orientation,
      0,
      0,
      0,
      0,
      0,
      0,
    ];
    const body = [...text('Exif'), 0, 0, ...tiff];
    const app1 = [0xff, 0xe1, ((body.length + 2) >> 8) & 255, (body.length + 2) & 255, ...body];
    return Uint8Array.from([...bytes.subarray(0, 2), ...app1, ...bytes.subarray(2)]);
  }

  it('a photo stored sideways (orientation 6, as phones save portraits) reports its upright size', () => {
    const landscape = jpegBytes(64, 48);
    expect(sniffImage(withOrientation(landscape, 6))).toEqual({ ok: true, format: 'jpeg', width: 48, height: 64 });
    expect(sniffImage(withOrientation(landscape, 8))).toMatchObject({ width: 48, height: 64 });
    expect(sniffImage(withOrientation(landscape, 1))).toMatchObject({ width: 64, height: 48 });
    expect(sniffImage(withOrientation(landscape, 3))).toMatchObject({ width: 64, height: 48 });
  });
});

describe('fitWithin', () => {
  it('keeps the aspect ratio inside the box, up or down', () => {
    expect(fitWithin(4000, 3000, 100)).toEqual({ width: 100, height: 75 });
    expect(fitWithin(30, 90, 100)).toEqual({ width: 33, height: 100 });
    expect(fitWithin(10_000, 10, 100)).toEqual({ width: 100, height: 1 });
  });
});
