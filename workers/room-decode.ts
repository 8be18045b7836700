/**
 * A JPEG decoded straight to a fraction of its size: libjpeg scales while it decodes (1/2, 1/4,
 * 1/8), so a 12 MP photo wanted at under 1 MP never exists at full size, and the final resize is
 * from about the working size instead of from 12 MP (on a slow phone the resize of the whole photo
 * took longer than its decode). Through WebCodecs' `ImageDecoder`, which takes a desired size; where
 * it is missing, or the photo is stored turned (an EXIF orientation other than upright), the caller
 * decodes the usual way.
 */

interface DecodedFrame {
  image: VideoFrame;
}
interface ImageDecoderLike {
  decode(): Promise<DecodedFrame>;
  close(): void;
}
type ImageDecoderClass = {
  new (init: { data: BufferSource; type: string; desiredWidth?: number; desiredHeight?: number }): ImageDecoderLike;
  isTypeSupported(type: string): Promise<boolean>;
};

/** The EXIF orientation of a JPEG (1: upright, also when there is none), read from its APP1 segment. */
export function jpegOrientation(b: Uint8Array): number {
  let pos = 2;
  while (pos + 4 <= b.length && b[pos] === 0xff) {
    const marker = b[pos + 1] as number;
    if (marker === 0xda || marker === 0xd9) break;
    const length = ((b[pos + 2] as number) << 8) | (b[pos + 3] as number);
    const exif = pos + 4;
    if (marker === 0xe1 && String.fromCharCode(...b.subarray(exif, exif + 6)) === 'Exif\0\0') {
      const tiff = exif + 6;
      const little = b[tiff] === 0x49;
      const u16 = (at: number) =>
        little ? (b[at] as number) | ((b[at + 1] as number) << 8) : ((b[at] as number) << 8) | (b[at + 1] as number);
      const u32 = (at: number) => (u16(little ? at + 2 : at) << 16) + u16(little ? at : at + 2);
      const ifd = tiff + u32(tiff + 4);
      const end = pos + 2 + length;
      const entries = ifd + 2 <= end ? u16(ifd) : 0;
      for (let i = 0; i < entries; i++) {
        const entry = ifd + 2 + i * 12;
        if (entry + 12 > end) break;
        if (u16(entry) === 0x0112) return u16(entry + 8);
      }
      return 1;
    }
    pos += 2 + length;
  }
  return 1;
}

/**
 * `bytes` (a whole JPEG, `width` × `height` as stored) decoded at the smallest scale that is still
 * at least `size`, then resized to `size`; null when this browser cannot (the caller then decodes
 * in full).
 */
export async function scaledJpeg(
  bytes: Uint8Array<ArrayBuffer>,
  width: number,
  height: number,
  size: { width: number; height: number },
): Promise<ImageBitmap | null> {
  const decoderClass = (globalThis as { ImageDecoder?: ImageDecoderClass }).ImageDecoder;
  if (!decoderClass || jpegOrientation(bytes) !== 1) return null;
  let scale = 1;
  while (scale < 8 && Math.floor(width / (2 * scale)) >= size.width && Math.floor(height / (2 * scale)) >= size.height)
    scale *= 2;
  if (scale === 1) return null;
  try {
    if (!(await decoderClass.isTypeSupported('image/jpeg'))) return null;
    const decoder = new decoderClass({
      data: bytes,
      type: 'image/jpeg',
      desiredWidth: Math.ceil(width / scale),
      desiredHeight: Math.ceil(height / scale),
    });
    try {
      const { image } = await decoder.decode();
      try {
        // The desired size is a wish: a frame smaller than the working size would lose detail.
        if (image.displayWidth < size.width || image.displayHeight < size.height) return null;
        return await createImageBitmap(image, {
          resizeWidth: size.width,
          resizeHeight: size.height,
          resizeQuality: 'high',
        });
      } finally {
        image.close();
      }
    } finally {
      decoder.close();
    }
  } catch {
    return null;
  }
}
