/** Per pixel: how much sharper than its surroundings the picture changes, and the slope of its ramps. */
export interface EdgeMaps {
  /** ΔE per pixel by which the fine gradient exceeds the coarse one (0 on ramps). */
  edge: Float32Array;
  /** The coarse gradient (ΔE per pixel) where the picture is a ramp; -1 beside a step. */
  ramp: Float32Array;
}

/** How far apart (pixels) the coarse gradient looks: light changes over more than this, objects do not. */
const COARSE = 4;

/**
 * Per pixel, how much sharper the (lightly blurred) L*a*b* image changes here than over ±COARSE
 * pixels, in ΔE per pixel: as Retinex assumes, a change of paint or object is a step, a change of
 * light (fall-off, a soft shadow) a ramp, so a ramp scores ~0 and a step or a thin line stays.
 */
export function edgeMap(b: Float32Array, width: number, height: number): EdgeMaps {
  const out = new Float32Array(width * height);
  const ramp = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * width * 3;
    const row = y * width * 3;
    const down = Math.min(height - 1, y + 1) * width * 3;
    const farUp = Math.max(0, y - COARSE) * width * 3;
    const farDown = Math.min(height - 1, y + COARSE) * width * 3;
    for (let x = 0; x < width; x++) {
      const l = Math.max(0, x - 1) * 3;
      const r = Math.min(width - 1, x + 1) * 3;
      const farL = Math.max(0, x - COARSE) * 3;
      const farR = Math.min(width - 1, x + COARSE) * 3;
      const m = x * 3;
      let sum = 0;
      let fine = 0;
      let coarse = 0;
      for (let c = 0; c < 3; c++) {
        const ul = b[up + l + c] as number;
        const ur = b[up + r + c] as number;
        const dl = b[down + l + c] as number;
        const dr = b[down + r + c] as number;
        const gx = ur + 2 * (b[row + r + c] as number) + dr - ul - 2 * (b[row + l + c] as number) - dl;
        const gy = dl + 2 * (b[down + m + c] as number) + dr - ul - 2 * (b[up + m + c] as number) - ur;
        const cx = (b[row + farR + c] as number) - (b[row + farL + c] as number);
        const cy = (b[farDown + m + c] as number) - (b[farUp + m + c] as number);
        const f = (gx * gx + gy * gy) / 64;
        const k = (cx * cx + cy * cy) / (4 * COARSE * COARSE);
        const excess = Math.sqrt(f) - Math.sqrt(k);
        if (excess > 0) sum += excess * excess;
        fine += f;
        coarse += k;
      }
      out[y * width + x] = Math.sqrt(sum);
      // where fine and coarse agree the picture is a ramp here, not beside a step
      fine = Math.sqrt(fine);
      coarse = Math.sqrt(coarse);
      ramp[y * width + x] = Math.abs(fine - coarse) <= 0.35 * Math.max(fine, coarse) + 0.05 ? coarse : -1;
    }
  }
  return { edge: out, ramp };
}

/** A separable [1 2 1]/4 blur of an interleaved 3-channel image: takes the edge of noise. */
export function blur3(src: Float32Array, width: number, height: number): Float32Array {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 3;
      const l = (y * width + Math.max(0, x - 1)) * 3;
      const r = (y * width + Math.min(width - 1, x + 1)) * 3;
      for (let c = 0; c < 3; c++)
        tmp[p + c] = ((src[l + c] as number) + 2 * (src[p + c] as number) + (src[r + c] as number)) / 4;
    }
  }
  for (let y = 0; y < height; y++) {
    const u = Math.max(0, y - 1) * width;
    const d = Math.min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        out[p + c] =
          ((tmp[(u + x) * 3 + c] as number) + 2 * (tmp[p + c] as number) + (tmp[(d + x) * 3 + c] as number)) / 4;
      }
    }
  }
  return out;
}
