import type { Pixels } from './extract';

/** sRGB byte → linear light (0–1), the IEC 61966-2-1 curve, computed once. */
export const SRGB_TO_LINEAR = (() => {
  const lut = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    lut[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  return lut;
})();

/**
 * Cube root of the linear luminance of the RGBA pixel at byte `i` of `data`: the lightness the
 * mask's edge is fitted to (the guided filter's guide, the edge snap's profiles).
 */
export function edgeLightness(data: Pixels['data'], i: number): number {
  return Math.cbrt(
    0.2126 * (SRGB_TO_LINEAR[data[i] as number] as number) +
      0.7152 * (SRGB_TO_LINEAR[data[i + 1] as number] as number) +
      0.0722 * (SRGB_TO_LINEAR[data[i + 2] as number] as number),
  );
}

const ENCODE_STEPS = 65535;
/** Linear light quantised to 1/65535 → sRGB byte: fine enough that decode→encode is the identity. */
const LINEAR_TO_SRGB = (() => {
  const lut = new Uint8Array(ENCODE_STEPS + 1);
  for (let i = 0; i <= ENCODE_STEPS; i++) {
    const c = i / ENCODE_STEPS;
    const v = c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055;
    lut[i] = Math.round(v * 255);
  }
  return lut;
})();

/** Linear light → sRGB byte (clamped). */
export function encodeSrgb(linear: number): number {
  if (!(linear > 0)) return 0;
  if (linear >= 1) return 255;
  return LINEAR_TO_SRGB[Math.round(linear * ENCODE_STEPS)] as number;
}

/** Linear RGB of a `#rrggbb` paint, or null when the hex is not one. */
export function linearOfHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = Number.parseInt(m[1] as string, 16);
  return [
    SRGB_TO_LINEAR[(n >> 16) & 255] as number,
    SRGB_TO_LINEAR[(n >> 8) & 255] as number,
    SRGB_TO_LINEAR[n & 255] as number,
  ];
}

const labF = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);

/** CIELAB (D65) of linear RGB, written into `out` at `o` (L*, a*, b*). */
function linearToLab(r: number, g: number, b: number, out: Float32Array, o: number): void {
  const fx = labF((0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047);
  const fy = labF(0.2126729 * r + 0.7151522 * g + 0.072175 * b);
  const fz = labF((0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883);
  out[o] = 116 * fy - 16;
  out[o + 1] = 500 * (fx - fy);
  out[o + 2] = 200 * (fy - fz);
}

/** Interleaved L*a*b* per pixel (3 floats each) of an RGBA image. */
export function labImage(image: Pixels): Float32Array {
  const n = image.width * image.height;
  const lab = new Float32Array(n * 3);
  const d = image.data;
  for (let p = 0; p < n; p++) {
    const i = p * 4;
    linearToLab(
      SRGB_TO_LINEAR[d[i] as number] as number,
      SRGB_TO_LINEAR[d[i + 1] as number] as number,
      SRGB_TO_LINEAR[d[i + 2] as number] as number,
      lab,
      p * 3,
    );
  }
  return lab;
}

/** Bit 0: the pixel is there (alpha ≥ 128); bit 1: a channel is clipped (≥ 250), so its colour is unknown. */
export function pixelFlags(image: Pixels): Uint8Array {
  const n = image.width * image.height;
  const out = new Uint8Array(n);
  const d = image.data;
  for (let p = 0; p < n; p++) {
    const i = p * 4;
    const clipped = (d[i] as number) >= 250 || (d[i + 1] as number) >= 250 || (d[i + 2] as number) >= 250;
    out[p] = ((d[i + 3] as number) >= 128 ? 1 : 0) | (clipped ? 2 : 0);
  }
  return out;
}
