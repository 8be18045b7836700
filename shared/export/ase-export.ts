import { type ExportPalette, swatchName } from './export-palette';

/**
 * Adobe Swatch Exchange (.ase), read by Photoshop, Illustrator and InDesign: big-endian, "ASEF",
 * version 1.0, a group named after the palette holding one RGB colour block per paint (float
 * channels 0–1, UTF-16 names with a terminating NUL).
 */
const GROUP_START = 0xc001;
const GROUP_END = 0xc002;
const COLOR_ENTRY = 0x0001;
const GLOBAL_COLOR = 0;

/** A UTF-16BE string with its length (in code units, the NUL included) in front. */
function utf16(text: string): Uint8Array {
  const out = new Uint8Array(2 + (text.length + 1) * 2);
  const view = new DataView(out.buffer);
  view.setUint16(0, text.length + 1);
  for (let i = 0; i < text.length; i++) view.setUint16(2 + i * 2, text.charCodeAt(i));
  return out;
}

function block(type: number, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(6 + body.length);
  const view = new DataView(out.buffer);
  view.setUint16(0, type);
  view.setUint32(2, body.length);
  out.set(body, 6);
  return out;
}

function colorBody(name: string, rgb: { r: number; g: number; b: number }): Uint8Array {
  const label = utf16(name);
  const out = new Uint8Array(label.length + 4 + 12 + 2);
  out.set(label, 0);
  const view = new DataView(out.buffer);
  let at = label.length;
  for (const c of 'RGB ') out[at++] = c.charCodeAt(0);
  for (const v of [rgb.r, rgb.g, rgb.b]) {
    view.setFloat32(at, v / 255);
    at += 4;
  }
  view.setUint16(at, GLOBAL_COLOR);
  return out;
}

export function writePaletteAse(palette: ExportPalette): Uint8Array {
  const blocks = [
    block(GROUP_START, utf16(palette.name)),
    ...palette.colors.map((c) => block(COLOR_ENTRY, colorBody(swatchName(c), c.rgb))),
    block(GROUP_END, new Uint8Array(0)),
  ];
  const size = 12 + blocks.reduce((n, b) => n + b.length, 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set([0x41, 0x53, 0x45, 0x46], 0);
  view.setUint16(4, 1);
  view.setUint16(6, 0);
  view.setUint32(8, blocks.length);
  let at = 12;
  for (const b of blocks) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}
