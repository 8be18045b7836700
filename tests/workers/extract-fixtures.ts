import { PNG } from 'pngjs';
import type { Catalogue } from '../../shared/catalogue/catalogue';
import type { CatalogueColor } from '../../shared/catalogue/types';
import { deltaE2000 } from '../../shared/color/difference';
import { parseHex } from '../../shared/color/hex';
import { rgbToLab } from '../../shared/color/spaces';
import type { Rgb } from '../../shared/color/types';
import type { Pixels } from '../../workers/extract';

export const rgbOf = (color: CatalogueColor): Rgb => parseHex(color.hexCode) as Rgb;
export const labOf = (color: CatalogueColor) => ({ l: color.lab[0], a: color.lab[1], b: color.lab[2] });

/**
 * `count` catalogue paints that are clearly apart (every pair ≥ `minDelta` CIEDE2000), picked by a
 * fixed stride so each test run uses the same ones.
 */
export function distinctPaints(catalogue: Catalogue, count: number, offset = 0, minDelta = 15): CatalogueColor[] {
  const picked: CatalogueColor[] = [];
  const colors = catalogue.colors;
  for (let step = 0; step < colors.length && picked.length < count; step++) {
    const candidate = colors[(offset + step * 37) % colors.length] as CatalogueColor;
    if (picked.every((p) => deltaE2000(labOf(p), labOf(candidate)) >= minDelta)) picked.push(candidate);
  }
  if (picked.length < count) throw new Error('not enough distinct paints');
  return picked;
}

/** A deterministic normal-ish noise source (sum of uniforms), so images are identical on every run. */
function noise(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  return () => uniform() + uniform() + uniform() + uniform() - 2;
}

export interface BandOptions {
  width?: number;
  height?: number;
  /** Relative band widths (default equal). */
  weights?: readonly number[];
  /** Per-channel noise amplitude (≈ 0.58 × amplitude standard deviation). */
  noise?: number;
  /** Brightness from top to bottom, e.g. [0.8, 1.2]: a wall lit from one side. */
  lighting?: readonly [number, number];
  /** Share of each band blended into the next (a soft gradient edge), 0–0.5. */
  blend?: number;
  seed?: number;
}

/** Vertical bands of paint colours, with optional noise, lighting gradient and blended edges. */
export function bandImage(colors: readonly Rgb[], options: BandOptions = {}): Pixels {
  const width = options.width ?? 300;
  const height = options.height ?? 200;
  const weights = options.weights ?? colors.map(() => 1);
  const total = weights.reduce((a, b) => a + b, 0);
  const edges: number[] = [];
  let acc = 0;
  for (const w of weights) {
    acc += w;
    edges.push((acc / total) * width);
  }
  const rand = noise(options.seed ?? 7);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const light = options.lighting
      ? options.lighting[0] + ((options.lighting[1] - options.lighting[0]) * y) / Math.max(1, height - 1)
      : 1;
    for (let x = 0; x < width; x++) {
      const band = edges.findIndex((edge) => x + 0.5 <= edge);
      let { r, g, b } = colors[band] as Rgb;
      const blend = options.blend ?? 0;
      if (blend > 0 && band < colors.length - 1) {
        const start = band === 0 ? 0 : (edges[band - 1] as number);
        const end = edges[band] as number;
        const from = end - (end - start) * blend;
        if (x >= from) {
          const t = ((x - from) / (end - from)) * 0.5;
          const next = colors[band + 1] as Rgb;
          r += (next.r - r) * t;
          g += (next.g - g) * t;
          b += (next.b - b) * t;
        }
      }
      const i = (y * width + x) * 4;
      const amp = options.noise ?? 0;
      data[i] = r * light + amp * rand();
      data[i + 1] = g * light + amp * rand();
      data[i + 2] = b * light + amp * rand();
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

/** Mean over `truth` of the CIEDE2000 to the nearest extracted paint: 0 when every source paint came back. */
export function meanDeltaToTruth(truth: readonly Rgb[], extracted: readonly Rgb[]): number {
  if (extracted.length === 0) return Number.POSITIVE_INFINITY;
  const labs = extracted.map(rgbToLab);
  const sum = truth.reduce((total, rgb) => {
    const lab = rgbToLab(rgb);
    return total + Math.min(...labs.map((x) => deltaE2000(lab, x)));
  }, 0);
  return sum / truth.length;
}

/** PNG file bytes of an RGBA image (pngjs: a pure-JS encoder, so tests make their own images). */
export function encodePng(image: Pixels): Buffer {
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return PNG.sync.write(png);
}
