/**
 * SLIC superpixels (Achanta et al. 2012) in CIELAB: k-means on (L*, a*, b*, x, y) where each centre
 * only looks at a 2S×2S window, then connected pieces relabelled so every label is one blob.
 */
export interface Superpixels {
  labels: Int32Array;
  count: number;
}

const COMPACTNESS = 7;
const ITERATIONS = 4;

interface Centres {
  data: Float64Array; // L, a, b, x, y per centre
  count: number;
}

function seedCentres(lab: Float32Array, width: number, height: number, step: number): Centres {
  const cols = Math.max(1, Math.round(width / step));
  const rows = Math.max(1, Math.round(height / step));
  const data = new Float64Array(cols * rows * 5);
  let k = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = Math.min(width - 1, Math.floor(((c + 0.5) * width) / cols));
      const y = Math.min(height - 1, Math.floor(((r + 0.5) * height) / rows));
      const p = (y * width + x) * 3;
      data.set([lab[p] as number, lab[p + 1] as number, lab[p + 2] as number, x, y], k * 5);
      k++;
    }
  }
  return { data, count: k };
}

function assign(lab: Float32Array, width: number, height: number, step: number, centres: Centres, labels: Int32Array) {
  const dist = new Float32Array(width * height).fill(Number.POSITIVE_INFINITY);
  const spatial = (COMPACTNESS / step) ** 2;
  const c = centres.data;
  for (let k = 0; k < centres.count; k++) {
    const o = k * 5;
    const cx = c[o + 3] as number;
    const cy = c[o + 4] as number;
    const x0 = Math.max(0, Math.floor(cx - step));
    const x1 = Math.min(width - 1, Math.ceil(cx + step));
    const y0 = Math.max(0, Math.floor(cy - step));
    const y1 = Math.min(height - 1, Math.ceil(cy + step));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const p = y * width + x;
        const dl = (lab[p * 3] as number) - (c[o] as number);
        const da = (lab[p * 3 + 1] as number) - (c[o + 1] as number);
        const db = (lab[p * 3 + 2] as number) - (c[o + 2] as number);
        const d = dl * dl + da * da + db * db + ((x - cx) ** 2 + (y - cy) ** 2) * spatial;
        if (d < (dist[p] as number)) {
          dist[p] = d;
          labels[p] = k;
        }
      }
    }
  }
}

function update(lab: Float32Array, width: number, labels: Int32Array, centres: Centres) {
  const sums = new Float64Array(centres.count * 6);
  for (let p = 0; p < labels.length; p++) {
    const o = (labels[p] as number) * 6;
    sums[o] = (sums[o] as number) + (lab[p * 3] as number);
    sums[o + 1] = (sums[o + 1] as number) + (lab[p * 3 + 1] as number);
    sums[o + 2] = (sums[o + 2] as number) + (lab[p * 3 + 2] as number);
    sums[o + 3] = (sums[o + 3] as number) + (p % width);
    sums[o + 4] = (sums[o + 4] as number) + Math.floor(p / width);
    sums[o + 5] = (sums[o + 5] as number) + 1;
  }
  for (let k = 0; k < centres.count; k++) {
    const n = sums[k * 6 + 5] as number;
    if (n === 0) continue;
    for (let j = 0; j < 5; j++) centres.data[k * 5 + j] = (sums[k * 6 + j] as number) / n;
  }
}

/**
 * Relabels 4-connected pieces; pieces under `minSize` join the label met just before them. Pixels
 * on a line (`lines`) never share a piece with pixels off it: a superpixel straddling a line is
 * cut in two along it, and the line's own pixels stay thin pieces of their own.
 */
function enforceConnectivity(labels: Int32Array, width: number, minSize: number, lines?: Uint8Array): Superpixels {
  const out = new Int32Array(labels.length).fill(-1);
  const queue = new Int32Array(labels.length);
  let next = 0;
  for (let start = 0; start < labels.length; start++) {
    if ((out[start] as number) >= 0) continue;
    const own = labels[start] as number;
    const onLine = lines?.[start] ? 1 : 0;
    let adjacent = -1;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    out[start] = next;
    while (head < tail) {
      const p = queue[head++] as number;
      const x = p % width;
      for (let d = 0; d < 4; d++) {
        const q =
          d === 0 ? (x > 0 ? p - 1 : -1) : d === 1 ? (x < width - 1 ? p + 1 : -1) : d === 2 ? p - width : p + width;
        if (q < 0 || q >= labels.length) continue;
        const seen = out[q] as number;
        const sameSide = !lines || (lines[q] ? 1 : 0) === onLine;
        if (seen >= 0 && seen !== next) {
          if (sameSide) adjacent = seen;
        } else if (seen < 0 && labels[q] === own && sameSide) {
          out[q] = next;
          queue[tail++] = q;
        }
      }
    }
    if (tail < minSize && adjacent >= 0 && !onLine) {
      for (let i = 0; i < tail; i++) out[queue[i] as number] = adjacent;
    } else next++;
  }
  return { labels: out, count: next };
}

/** Superpixels of about `size` pixels each over an interleaved L*a*b* image, cut along `lines` if given. */
export function slic(lab: Float32Array, width: number, height: number, size: number, lines?: Uint8Array): Superpixels {
  const step = Math.max(2, Math.sqrt(size));
  const centres = seedCentres(lab, width, height, step);
  const labels = new Int32Array(width * height);
  for (let i = 0; i < ITERATIONS; i++) {
    assign(lab, width, height, step, centres, labels);
    update(lab, width, labels, centres);
  }
  return enforceConnectivity(labels, width, Math.max(1, Math.floor(size / 4)), lines);
}
