/** The largest image we agree to decode: 50 megapixels (about 200 MB of RGBA once decoded). */
export const MAX_PIXELS = 50_000_000;

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'bmp' | 'heic' | 'avif';

type HeaderProblem = 'empty' | 'not-image' | 'truncated' | 'corrupt' | 'too-large';

export type ImageHeader =
  | { ok: true; format: ImageFormat; width: number; height: number }
  | { ok: false; reason: HeaderProblem; format?: ImageFormat; width?: number; height?: number };

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at] ?? 0) * 0x1000000 + (u16be(b, at + 1) << 8)) | (b[at + 3] ?? 0);
const u32le = (b: Uint8Array, at: number) => u16le(b, at) + u16le(b, at + 2) * 0x10000;

function png(b: Uint8Array): ImageHeader {
  if (b.length < 33 || ascii(b, 12, 4) !== 'IHDR') return { ok: false, reason: 'truncated', format: 'png' };
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  // Walk the chunk list: a cut-off download loses IEND, or a chunk runs past the end.
  let pos = 8;
  while (pos + 12 <= b.length) {
    const length = u32be(b, pos);
    const type = ascii(b, pos + 4, 4);
    if (pos + 12 + length > b.length) break;
    if (type === 'IEND') return { ok: true, format: 'png', width, height };
    pos += 12 + length;
  }
  return { ok: false, reason: 'truncated', format: 'png', width, height };
}

const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** The EXIF orientation (tag 0x0112) of the TIFF block at `tiff`, ending at `end`: 1 (upright) when absent. */
export function exifOrientation(b: Uint8Array, tiff: number, end: number): number {
  const little = ascii(b, tiff, 2) === 'II';
  const u16 = (at: number) => (little ? u16le(b, at) : u16be(b, at));
  const u32 = (at: number) => (little ? u32le(b, at) : u32be(b, at));
  const ifd = tiff + u32(tiff + 4);
  const entries = ifd + 2 <= end ? u16(ifd) : 0;
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) break;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return 1;
}

/** True when the EXIF orientation turns the picture a quarter: phones store portraits that way. */
function exifRotates(b: Uint8Array, tiff: number, end: number): boolean {
  const orientation = exifOrientation(b, tiff, end);
  return orientation >= 5 && orientation <= 8;
}

function jpeg(b: Uint8Array): ImageHeader {
  let pos = 2;
  let width = 0;
  let height = 0;
  let rotated = false;
  while (pos + 4 <= b.length) {
    if (b[pos] !== 0xff) return { ok: false, reason: 'corrupt', format: 'jpeg' };
    const marker = b[pos + 1] as number;
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      pos += 2;
      continue;
    }
    const length = u16be(b, pos + 2);
    if (marker === 0xe1 && ascii(b, pos + 4, 6) === 'Exif\0\0') rotated = exifRotates(b, pos + 10, pos + 2 + length);
    if (isSof(marker) && pos + 9 <= b.length) {
      height = u16be(b, pos + 5);
      width = u16be(b, pos + 7);
    }
    if (marker === 0xda) {
      if (width === 0 || height === 0) return { ok: false, reason: 'corrupt', format: 'jpeg' };
      // Entropy-coded data never holds FF D9 (a data FF is always followed by 00 or a restart marker), so
      // the end-of-image marker after the first scan proves the file is whole.
      const scanStart = pos + 2 + length;
      for (let i = b.lastIndexOf(0xd9); i > scanStart; i = b.lastIndexOf(0xd9, i - 1)) {
        if (b[i - 1] === 0xff) {
          return rotated
            ? { ok: true, format: 'jpeg', width: height, height: width }
            : { ok: true, format: 'jpeg', width, height };
        }
      }
      return { ok: false, reason: 'truncated', format: 'jpeg', width, height };
    }
    if (marker === 0xd9) break;
    pos += 2 + length;
  }
  return { ok: false, reason: 'truncated', format: 'jpeg', width, height };
}

function webp(b: Uint8Array): ImageHeader {
  if (b.length < 30) return { ok: false, reason: 'truncated', format: 'webp' };
  const chunk = ascii(b, 12, 4);
  let width = 0;
  let height = 0;
  if (chunk === 'VP8 ') {
    width = u16le(b, 26) & 0x3fff;
    height = u16le(b, 28) & 0x3fff;
  } else if (chunk === 'VP8L') {
    const [b1, b2, b3, b4] = [b[21] ?? 0, b[22] ?? 0, b[23] ?? 0, b[24] ?? 0];
    width = 1 + (((b2 & 0x3f) << 8) | b1);
    height = 1 + (((b4 & 0x0f) << 10) | (b3 << 2) | ((b2 & 0xc0) >> 6));
  } else if (chunk === 'VP8X') {
    width = 1 + u24le(b, 24);
    height = 1 + u24le(b, 27);
  } else {
    return { ok: false, reason: 'corrupt', format: 'webp' };
  }
  if (b.length < 8 + u32le(b, 4)) return { ok: false, reason: 'truncated', format: 'webp', width, height };
  return { ok: true, format: 'webp', width, height };
}

function gif(b: Uint8Array): ImageHeader {
  const width = u16le(b, 6);
  const height = u16le(b, 8);
  // Every GIF ends with the trailer byte 0x3B.
  if (b.length < 14 || b[b.length - 1] !== 0x3b)
    return { ok: false, reason: 'truncated', format: 'gif', width, height };
  return { ok: true, format: 'gif', width, height };
}

function bmp(b: Uint8Array): ImageHeader {
  if (b.length < 26) return { ok: false, reason: 'truncated', format: 'bmp' };
  const width = Math.abs(u32le(b, 18) | 0);
  const height = Math.abs(u32le(b, 22) | 0);
  if (b.length < u32le(b, 2)) return { ok: false, reason: 'truncated', format: 'bmp', width, height };
  return { ok: true, format: 'bmp', width, height };
}

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

/** HEIC and AVIF are ISO-BMFF boxes; each image item declares its size in an `ispe` property. */
function isoBmff(b: Uint8Array, format: 'heic' | 'avif'): ImageHeader {
  let pos = 0;
  let sawMeta = false;
  while (pos + 8 <= b.length) {
    let size = u32be(b, pos);
    const type = ascii(b, pos + 4, 4);
    if (size === 1) size = u32be(b, pos + 8) * 0x100000000 + u32be(b, pos + 12);
    else if (size === 0) size = b.length - pos;
    if (size < 8 || pos + size > b.length) return { ok: false, reason: 'truncated', format };
    if (type === 'meta') sawMeta = true;
    pos += size;
  }
  if (!sawMeta) return { ok: false, reason: 'corrupt', format };
  // The largest declared item is the whole picture (a grid image also declares its tiles).
  let width = 0;
  let height = 0;
  for (let i = b.indexOf(0x69); i >= 4 && i + 16 <= b.length; i = b.indexOf(0x69, i + 1)) {
    if (ascii(b, i, 4) !== 'ispe') continue;
    const w = u32be(b, i + 8);
    const h = u32be(b, i + 12);
    if (w * h > width * height) [width, height] = [w, h];
  }
  if (width === 0 || height === 0) return { ok: false, reason: 'corrupt', format };
  return { ok: true, format, width, height };
}

function detect(b: Uint8Array): ImageHeader {
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, 3) === 'PNG' && u32be(b, 4) === 0x0d0a1a0a) return png(b);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b);
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return webp(b);
  if (b.length >= 6 && /^GIF8[79]a$/.test(ascii(b, 0, 6))) return gif(b);
  if (b.length >= 2 && ascii(b, 0, 2) === 'BM' && b.length >= 14) return bmp(b);
  if (b.length >= 12 && ascii(b, 4, 4) === 'ftyp') {
    const brand = ascii(b, 8, 4);
    if (brand === 'avif' || brand === 'avis') return isoBmff(b, 'avif');
    if (HEIC_BRANDS.has(brand)) return isoBmff(b, 'heic');
  }
  return { ok: false, reason: 'not-image' };
}

/**
 * Reads what the file claims to be from its bytes (never its name or MIME type), and its declared size,
 * so a decompression bomb or a cut-off download is refused before a single pixel is decoded.
 */
export function sniffImage(bytes: Uint8Array): ImageHeader {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  const header = detect(bytes);
  if (!header.ok) return header;
  const { width, height, format } = header;
  if (width <= 0 || height <= 0) return { ok: false, reason: 'corrupt', format };
  if (width * height > MAX_PIXELS) return { ok: false, reason: 'too-large', format, width, height };
  return header;
}

/** The size that fits inside `box`×`box` keeping the aspect ratio (never smaller than 1 px). */
export function fitWithin(width: number, height: number, box: number): { width: number; height: number } {
  const scale = Math.min(box / width, box / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
