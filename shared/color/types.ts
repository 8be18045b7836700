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

/** OKLab: a fast perceptual space for clustering and sorting. */
export interface Oklab {
  l: number;
  a: number;
  b: number;
}
