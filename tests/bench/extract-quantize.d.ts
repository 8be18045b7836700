// `quantize` (color-thief's MMCQ) ships no types.
declare module 'quantize' {
  type Color = [number, number, number];
  interface ColorMap {
    palette(): Color[];
    map(color: Color): Color;
  }
  export default function quantize(pixels: Color[], maxColors: number): ColorMap | false;
}
