import type { Rgb } from './types';

const HEX6 = /^#?([0-9a-f]{6})$/i;
const HEX3 = /^#?([0-9a-f]{3})$/i;

/** Parses `#RRGGBB`, `RRGGBB`, `#RGB` or `RGB` (any case); null for anything else. */
export function parseHex(input: string): Rgb | null {
  const text = input.trim();
  const six = HEX6.exec(text);
  if (six) {
    const n = Number.parseInt(six[1] as string, 16);
    return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
  }
  const three = HEX3.exec(text);
  if (three) {
    const [r, g, b] = (three[1] as string).split('').map((c) => Number.parseInt(c + c, 16)) as [number, number, number];
    return { r, g, b };
  }
  return null;
}

/** `#RRGGBB` in upper case, the catalogue's canonical form. */
export function rgbToHex({ r, g, b }: Rgb): string {
  const part = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`.toUpperCase();
}

/** Canonical `#RRGGBB`, or null when the text is not a hex colour. */
export function normalizeHex(input: string): string | null {
  const rgb = parseHex(input);
  return rgb ? rgbToHex(rgb) : null;
}
