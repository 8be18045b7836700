/** sRGB with 0–255 integer channels: what hex codes and canvases speak. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** CIELAB under D65 (culori's `lab65`): the space CIEDE2000 is defined on. */
export interface Lab {
  l: number;
  a: number;
  b: number;
}

/** CIELAB as the catalogue file stores it, `[L, a, b]`. */
export type LabTuple = readonly [number, number, number];

/** The catalogue's stored `[L, a, b]` as the `Lab` the colour functions take. */
export function labFromTuple([l, a, b]: LabTuple): Lab {
  return { l, a, b };
}

/** OKLab: a fast perceptual space for clustering and sorting. */
export interface Oklab {
  l: number;
  a: number;
  b: number;
}
