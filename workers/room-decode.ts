/**
 * A JPEG decoded straight to a fraction of its size: libjpeg scales while it decodes (1/2, 1/4,
 * 1/8), so a 12 MP photo wanted at under 1 MP never exists at full size, and the final resize is
 * from about the working size instead of from 12 MP (on a slow phone the resize of the whole photo
 * took longer than its decode). Through WebCodecs' `ImageDecoder`, which takes a desired size; where
 * it is missing or fails, the caller decodes the usual way. A photo stored turned (an EXIF orientation
 * other than upright: most phone portraits) takes this way too: Chromium's frame carries the turn
 * (`rotation`, `flip`) and applies it when drawn; a frame that comes back as stored is turned here.
 */
import { exifOrientation } from './image-header';

interface DecodedFrame {
  image: VideoFrame & { rotation?: number; flip?: boolean };
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
      return exifOrientation(b, exif + 6, pos + 2 + length);
    }
    pos += 2 + length;
  }
  return 1;
}

/** The turn each EXIF orientation asks for: clockwise degrees after an optional left-right flip. */
const TURNS: Record<number, { rotation: number; flip: boolean }> = {
  1: { rotation: 0, flip: false },
  2: { rotation: 0, flip: true },
  3: { rotation: 180, flip: false },
  4: { rotation: 180, flip: true },
  5: { rotation: 90, flip: true },
  6: { rotation: 90, flip: false },
  7: { rotation: 270, flip: true },
  8: { rotation: 270, flip: false },
};

/**
 * The canvas transform that draws a picture stored with EXIF `orientation` upright on a canvas of
 * `width` × `height` (the upright size), as [a, b, c, d, e, f] for `setTransform`.
 */
export function uprightTransform(
  orientation: number,
  width: number,
  height: number,
): [number, number, number, number, number, number] {
  switch (orientation) {
    case 2:
      return [-1, 0, 0, 1, width, 0];
    case 3:
      return [-1, 0, 0, -1, width, height];
    case 4:
      return [1, 0, 0, -1, 0, height];
    case 5:
      return [0, 1, 1, 0, 0, 0];
    case 6:
      return [0, 1, -1, 0, width, 0];
    case 7:
      return [0, -1, -1, 0, width, height];
    case 8:
      return [0, -1, 1, 0, 0, height];
    default:
      return [1, 0, 0, 1, 0, 0];
  }
}

/** `frame` (as stored) drawn upright at `size`, turned as EXIF `orientation` asks. */
function turned(frame: VideoFrame, orientation: number, size: { width: number; height: number }): ImageBitmap {
  const canvas = new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.imageSmoothingQuality = 'high';
  context.setTransform(...uprightTransform(orientation, size.width, size.height));
  const quarter = orientation >= 5;
  context.drawImage(frame, 0, 0, quarter ? size.height : size.width, quarter ? size.width : size.height);
  return canvas.transferToImageBitmap();
}

/**
 * `bytes` (a whole JPEG, `width` × `height` upright, after its EXIF orientation) decoded at the
 * smallest scale that is still at least `size`, then turned upright and resized to `size`; null when
 * this browser cannot (the caller then decodes in full).
 */
export async function scaledJpeg(
  bytes: Uint8Array<ArrayBuffer>,
  width: number,
  height: number,
  size: { width: number; height: number },
): Promise<ImageBitmap | null> {
  const decoderClass = (globalThis as { ImageDecoder?: ImageDecoderClass }).ImageDecoder;
  if (!decoderClass) return null;
  const orientation = jpegOrientation(bytes);
  const turn = TURNS[orientation];
  if (!turn) return null;
  // The decoder works on the picture as stored: a quarter turn swaps its sides.
  const quarter = turn.rotation % 180 !== 0;
  const stored = quarter ? { width: height, height: width } : { width, height };
  const want = quarter ? { width: size.height, height: size.width } : size;
  let scale = 1;
  while (
    scale < 8 &&
    Math.floor(stored.width / (2 * scale)) >= want.width &&
    Math.floor(stored.height / (2 * scale)) >= want.height
  )
    scale *= 2;
  if (scale === 1) return null;
  try {
    if (!(await decoderClass.isTypeSupported('image/jpeg'))) return null;
    const decoder = new decoderClass({
      data: bytes,
      type: 'image/jpeg',
      desiredWidth: Math.ceil(stored.width / scale),
      desiredHeight: Math.ceil(stored.height / scale),
    });
    try {
      const { image } = await decoder.decode();
      try {
        // The desired size is a wish: a frame smaller than the working size would lose detail.
        if (image.codedWidth < want.width || image.codedHeight < want.height) return null;
        if (orientation === 1) return await createImageBitmap(image, resizeTo(size));
        const rotation = image.rotation ?? 0;
        const flip = image.flip ?? false;
        // Chromium reads the orientation into the frame and turns it when drawn.
        if (rotation === turn.rotation && flip === turn.flip) return await createImageBitmap(image, resizeTo(size));
        // A frame with no turn of its own is turned here when its shape shows it is as stored (a
        // quarter turn); a half turn or a mirror cannot be told from one already applied, so those
        // and anything else go the slow way.
        if (rotation !== 0 || flip || !quarter || image.displayWidth !== image.codedWidth) return null;
        if (
          image.displayWidth === image.displayHeight ||
          image.displayWidth < image.displayHeight !== stored.width < stored.height
        )
          return null;
        return turned(image, orientation, size);
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

function resizeTo(size: { width: number; height: number }): ImageBitmapOptions {
  return { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'high' };
}
