import type { Pixels } from '../../workers/extract';
import type { RegionGraph } from '../../workers/room-graph';
import type { Segment } from '../../workers/room-lines';

/**
 * A small synthetic room drawn the way a camera records it: reflectance × light in linear light,
 * then sRGB. A back wall and a side wall meeting at a corner, a ceiling, skirting, a floor, a window
 * with sky, a framed picture, a cupboard in nearly the wall's colour (its outline a thin shadow), light falling off from the
 * window, and a soft shadow across the back wall.
 */
export interface SyntheticRoom {
  image: Pixels;
  /** 1 where the walls are. */
  walls: Uint8Array;
  /** The same room with its walls in another paint (their bounce light changing with it). */
  withWalls(paintHex: string): Pixels;
}

export interface RoomOptions {
  width?: number;
  height?: number;
  wallHex?: string;
  /** The cupboard's paint: by default a few ΔE from the wall's. */
  cupboardHex?: string;
  /** Light colour (linear, per channel). */
  light?: readonly [number, number, number];
  /** Share of a wall's light that comes off the other walls (radiosity: E = E₀ / (1 − share·ρ)). */
  bounce?: number;
  /** Standard deviation of sensor noise, in sRGB levels. */
  noise?: number;
  seed?: number;
}

const lin = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
/** Linear light → sRGB byte. */
export const enc = (v: number) => {
  const c = Math.max(0, Math.min(1, v));
  return Math.round((c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055) * 255);
};
export const linearHex = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [lin(((n >> 16) & 255) / 255), lin(((n >> 8) & 255) / 255), lin((n & 255) / 255)];
};

type Surface = 'wall' | 'ceiling' | 'floor' | 'skirting' | 'frame' | 'sky' | 'picture' | 'cupboard' | 'gap';

/** What is at (x, y), in a room scaled to any size (unit coordinates u, v in 0–1). */
function surfaceAt(u: number, v: number): Surface {
  if (v < 0.16) return 'ceiling';
  if (v >= 0.84) return 'floor';
  if (v >= 0.79) return u >= 0.44 && u < 0.6 ? 'cupboard' : 'skirting';
  if (u >= 0.62 && u < 0.82 && v >= 0.25 && v < 0.58) {
    return u < 0.635 || u >= 0.805 || v < 0.27 || v >= 0.56 ? 'frame' : 'sky';
  }
  if (u >= 0.28 && u < 0.41 && v >= 0.29 && v < 0.46) {
    return u < 0.29 || u >= 0.4 || v < 0.305 || v >= 0.445 ? 'frame' : 'picture';
  }
  if (u >= 0.44 && u < 0.6 && v >= 0.58) return u < 0.45 || u >= 0.59 || v < 0.59 ? 'gap' : 'cupboard';
  return 'wall';
}

/** Irradiance: falls off from the window, dimmer on the side wall, a soft diagonal shadow on the back wall. */
function lightAt(u: number, v: number, surface: Surface): number {
  if (surface === 'sky') return 1;
  const d = Math.hypot(u - 0.72, (v - 0.4) * 0.75);
  let e = 0.35 + 0.6 * Math.exp(-d / 0.35);
  if (u < 0.19) e *= 1.3;
  if (surface === 'ceiling') e *= 0.8;
  const s = u - 0.3 * v;
  const shadow = Math.min(1, Math.max(0, (Math.abs(s - 0.1) - 0.03) / 0.03));
  if (u >= 0.19 && surface !== 'ceiling' && surface !== 'floor') e *= 0.6 + 0.4 * shadow;
  return e;
}

function reflectance(surface: Surface, u: number, v: number, wall: number[], cupboard: number[]): number[] {
  switch (surface) {
    case 'wall':
      return wall;
    case 'cupboard':
      return cupboard;
    case 'gap':
      return cupboard.map((c) => c * 0.6);
    case 'ceiling':
    case 'skirting':
    case 'frame':
      return u >= 0.28 && u < 0.41 && surface === 'frame' ? [0.06, 0.035, 0.02] : [0.8, 0.8, 0.78];
    case 'floor':
      return [0.25, 0.13, 0.06];
    case 'sky':
      return [0.55, 0.75, 1.1];
    case 'picture':
      return [0.1 + 0.6 * u, 0.25, 0.5 * v];
  }
}

function noiseSource(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  return () => (uniform() + uniform() + uniform() + uniform() - 2) * Math.sqrt(3);
}

export function syntheticRoom(options: RoomOptions = {}): SyntheticRoom {
  const {
    width = 320,
    height = 240,
    wallHex = '#8fa79a',
    light = [1, 0.93, 0.82],
    noise = 0,
    seed = 7,
    bounce = 0,
  } = options;
  const cupboard = linearHex(options.cupboardHex ?? '#97a898');
  const walls = new Uint8Array(width * height);
  const draw = (wall: number[]) => {
    const data = new Uint8ClampedArray(width * height * 4);
    const rand = noiseSource(seed);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const u = (x + 0.5) / width;
        const v = (y + 0.5) / height;
        const s = surfaceAt(u, v);
        const e = lightAt(u, v, s);
        const r = reflectance(s, u, v, wall, cupboard);
        const p = y * width + x;
        const fromWalls = (c: number) => (s === 'wall' ? 1 / (1 - bounce * (wall[c] as number)) : 1);
        walls[p] = s === 'wall' ? 1 : 0;
        for (let c = 0; c < 3; c++)
          data[p * 4 + c] = enc((r[c] as number) * e * (light[c] as number) * fromWalls(c)) + rand() * noise;
        data[p * 4 + 3] = 255;
      }
    }
    return { width, height, data };
  };
  const image = draw(linearHex(wallHex));
  return { image, walls, withWalls: (hex) => draw(linearHex(hex)) };
}

/** Intersection over union of a mask (≥ 128 counts) against a 0/1 truth. */
export function iou(mask: Uint8Array, truth: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let p = 0; p < truth.length; p++) {
    const m = (mask[p] as number) >= 128;
    const t = truth[p] === 1;
    if (m && t) both++;
    if (m || t) either++;
  }
  return either === 0 ? 1 : both / either;
}

/** Share of the pixels in `where` whose superpixel (`labels`) is `selected`. */
export function selectedShare(selected: Uint8Array, labels: Int32Array, where: Uint8Array): number {
  let n = 0;
  let total = 0;
  for (let p = 0; p < where.length; p++) {
    if (!where[p]) continue;
    total++;
    if (selected[labels[p] as number]) n++;
  }
  return n / total;
}

/** A straight line from (x1, y1) to (x2, y2), 2 px wide, as the line finder returns one. */
export const seg = (x1: number, y1: number, x2: number, y2: number): Segment => ({ x1, y1, x2, y2, width: 2 });

/** How many pixels of a 0/1 mask `width` wide are set in columns x0 ≤ x < x1 of rows y0 ≤ y < y1. */
export function setIn(mask: Uint8Array, width: number, x0: number, x1: number, y0: number, y1: number): number {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) n += mask[y * width + x] as number;
  return n;
}

export interface GraphNode {
  /** L*, and a*, b* over L*+16 (×100): by default a neutral. */
  l: number;
  chroma?: [number, number];
  /** 'upright' for a piece of a vertical straight line, 'level' for another line. */
  line?: 'upright' | 'level';
  /** Its centre (by default the origin). */
  at?: [number, number];
}

/**
 * A flood's graph by hand: superpixels of 40 pixels with no edge inside, touching as `pairs` says
 * with no image edge between them.
 */
export function superpixelGraph(nodes: readonly GraphNode[], pairs: ReadonlyArray<[number, number]>): RegionGraph {
  const n = nodes.length;
  const to: number[] = [];
  const start = [0];
  for (let k = 0; k < n; k++) {
    for (const [a, b] of pairs) {
      if (a === k) to.push(b);
      if (b === k) to.push(a);
    }
    start.push(to.length);
  }
  const lab = new Float32Array(n * 3);
  const chroma = new Float32Array(n * 2);
  for (const [k, node] of nodes.entries()) {
    const [ca, cb] = node.chroma ?? [0, 0];
    lab[k * 3] = node.l;
    lab[k * 3 + 1] = (ca * (node.l + 16)) / 100;
    lab[k * 3 + 2] = (cb * (node.l + 16)) / 100;
    chroma.set([ca, cb], k * 2);
  }
  return {
    count: n,
    size: new Int32Array(n).fill(40),
    lab,
    chroma,
    inner: new Float32Array(n).fill(0.1),
    line: Float32Array.from(nodes, (node) => (node.line ? 1 : 0)),
    upright: Float32Array.from(nodes, (node) => (node.line === 'upright' ? 1 : 0)),
    opaque: new Float32Array(n).fill(1),
    clipped: new Float32Array(n),
    frame: new Uint8Array(n),
    centre: Float32Array.from(nodes.flatMap((node) => node.at ?? [0, 0])),
    start: Int32Array.from(start),
    to: Int32Array.from(to),
    edge: new Float32Array(to.length).fill(0.1),
    step: new Float32Array(to.length),
    edgeNoise: 0.3,
  };
}
