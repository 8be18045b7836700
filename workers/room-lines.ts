/**
 * Straight line segments of a picture, found the way LSD does (Grompone von Gioi et al. 2012):
 * pixels whose gradient points the same way (within ±22.5°) are grown into line-support regions,
 * each region is fitted with a rectangle, and a rectangle is kept only when that many aligned
 * pixels would be a surprise in noise (its number of false alarms, NFA, below 1). A crease between
 * two planes, a frame or a skirting is a long straight line even where its contrast is faint; the
 * speckle of sensor noise and JPEG is not.
 */
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Width of the fitted rectangle (pixels). */
  width: number;
}

/** Angle tolerance: a pixel is aligned with a line when its level line is within this of the line's. */
const TAU = Math.PI / 8;
/** Chance that a pixel of noise is aligned by accident. */
const P_ALIGNED = TAU / Math.PI;

/** log10 of the binomial tail P[X ≥ k], X ~ B(n, p): Hoeffding-free, summed term by term in logs. */
function logBinomialTail(n: number, k: number, p: number): number {
  if (k <= 0) return 0;
  if (k > n) return Number.NEGATIVE_INFINITY;
  const lgamma = (x: number): number => {
    // Windschitl's approximation of ln Γ(x), good to ~1e-8 for x > 1
    return 0.5 * (Math.log(2 * Math.PI) - Math.log(x)) + x * (Math.log(x + 1 / (12 * x - 1 / (10 * x))) - 1);
  };
  const logTerm = (i: number) =>
    lgamma(n + 1) - lgamma(i + 1) - lgamma(n - i + 1) + i * Math.log(p) + (n - i) * Math.log(1 - p);
  let first = logTerm(k);
  let sum = 1;
  let ratio = 1;
  for (let i = k + 1; i <= n; i++) {
    ratio *= ((n - i + 1) / i) * (p / (1 - p));
    sum += ratio;
    if (ratio < 1e-12 * sum) break;
  }
  first += Math.log(sum);
  return first / Math.LN10;
}

/** How far apart (pixels) the coarse gradient looks: a ramp of light is as steep over this as over 1 px. */
const COARSE = 4;

/**
 * Gradient of a one-channel picture (Sobel on the 3×3 neighbourhood), less the gradient over
 * ±COARSE pixels: a step (a crease, an object's edge) keeps most of its magnitude, a ramp of
 * light (a ceiling brightening towards the window) loses it, so it cannot smear a line into a
 * wide region. Also the angle of the level line (perpendicular to the gradient). A pixel whose
 * own (Sobel) gradient is below `quantum(value) / sin(TAU)` gets none: as in LSD, the error
 * the picture's quantisation may make in the gradient could turn its angle by more than TAU.
 */
function gradient(v: Float32Array, width: number, height: number, quantum: (value: number) => number) {
  const sinTau = Math.sin(TAU);
  const mag = new Float32Array(width * height);
  const angle = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    const up = Math.max(0, y - COARSE) * width;
    const down = Math.min(height - 1, y + COARSE) * width;
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const a = v[p - width - 1] as number;
      const b = v[p - width] as number;
      const c = v[p - width + 1] as number;
      const d = v[p - 1] as number;
      const e = v[p] as number;
      const f = v[p + 1] as number;
      const g = v[p + width - 1] as number;
      const h = v[p + width] as number;
      const i = v[p + width + 1] as number;
      const gx = (c + 2 * f + i - a - 2 * d - g) / 8;
      const gy = (g + 2 * h + i - a - 2 * b - c) / 8;
      const row = y * width;
      const cx =
        ((v[row + Math.min(width - 1, x + COARSE)] as number) - (v[row + Math.max(0, x - COARSE)] as number)) /
        (2 * COARSE);
      const cy = ((v[down + x] as number) - (v[up + x] as number)) / (2 * COARSE);
      const fine = Math.sqrt(gx * gx + gy * gy);
      mag[p] = fine * sinTau < quantum(e) ? 0 : Math.max(0, fine - Math.sqrt(cx * cx + cy * cy));
      angle[p] = Math.atan2(gx, -gy);
    }
  }
  return { mag, angle };
}

const angleDiff = (a: number, b: number) => {
  let d = Math.abs(a - b) % (2 * Math.PI);
  if (d > Math.PI) d = 2 * Math.PI - d;
  return d;
};

/**
 * Line segments of `value` (one channel, e.g. 100·ln(L*+16) so that a faint crease in a dim
 * corner counts as much as in a bright one). `noise` is the typical gradient of the flat picture:
 * pixels below twice it are left out, as their direction is the noise's. `quantum(v)` is LSD's
 * q: the largest error that the quantisation of the picture `value` was made from (8-bit levels)
 * can make in this Sobel gradient where the picture is `v`. Without it a smooth shade of light in
 * a noise-free picture, quantised into bands one level apart, is read as hundreds of lines.
 */
export function lineSegments(
  value: Float32Array,
  width: number,
  height: number,
  noise: number,
  quantum: (v: number) => number = () => 0,
): Segment[] {
  const { mag, angle } = gradient(value, width, height, quantum);
  const threshold = Math.max(0.05, 2 * noise);
  // pixels by falling magnitude (a bucket sort, as LSD does): strong pixels seed regions first
  const BINS = 1024;
  let top = 0;
  for (let p = 0; p < mag.length; p++) top = Math.max(top, mag[p] as number);
  if (top <= threshold) return [];
  const counts = new Int32Array(BINS + 1);
  const bin = (m: number) => Math.min(BINS - 1, Math.floor(((m - threshold) / (top - threshold)) * BINS));
  let strong = 0;
  for (let p = 0; p < mag.length; p++) {
    if ((mag[p] as number) <= threshold) continue;
    counts[BINS - 1 - bin(mag[p] as number)] = (counts[BINS - 1 - bin(mag[p] as number)] as number) + 1;
    strong++;
  }
  for (let b = 1; b <= BINS; b++) counts[b] = (counts[b] as number) + (counts[b - 1] as number);
  const order = new Int32Array(strong);
  for (let p = mag.length - 1; p >= 0; p--) {
    if ((mag[p] as number) <= threshold) continue;
    const b = BINS - 1 - bin(mag[p] as number);
    counts[b] = (counts[b] as number) - 1;
    order[counts[b] as number] = p;
  }
  const used = new Uint8Array(mag.length);
  const region = new Int32Array(mag.length);
  const segments: Segment[] = [];
  const logTests = 2.5 * Math.log10(width * height) + Math.log10(11); // (NM)^(5/2)·11 tests, as LSD counts them
  // grows the line-support region from `seed`: 8-neighbours whose level line agrees with the
  // region's (within `tau`) and lie within `radius` of the seed; returns its size
  const grow = (seed: number, tau: number, radius: number): { n: number; theta: number } => {
    let n = 0;
    region[n++] = seed;
    used[seed] = 1;
    let sx = Math.cos(angle[seed] as number);
    let sy = Math.sin(angle[seed] as number);
    let theta = angle[seed] as number;
    const seedX = seed % width;
    const seedY = Math.floor(seed / width);
    for (let i = 0; i < n; i++) {
      const p = region[i] as number;
      const px = p % width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const qx = px + dx;
          const q = p + dy * width + dx;
          if (qx < 0 || qx >= width || q < 0 || q >= mag.length || used[q]) continue;
          if ((mag[q] as number) <= threshold || angleDiff(angle[q] as number, theta) > tau) continue;
          if ((qx - seedX) ** 2 + (Math.floor(q / width) - seedY) ** 2 > radius * radius) continue;
          used[q] = 1;
          region[n++] = q;
          sx += Math.cos(angle[q] as number);
          sy += Math.sin(angle[q] as number);
          theta = Math.atan2(sy, sx);
        }
      }
    }
    return { n, theta };
  };
  const release = (n: number) => {
    for (let i = 0; i < n; i++) used[region[i] as number] = 0;
  };
  const meaningful = (n: number, r: ReturnType<typeof fitRectangle>) =>
    n >= 10 &&
    n / (r.length * r.breadth) >= DENSITY &&
    logTests + logBinomialTail(Math.max(n, Math.round(r.length * r.breadth)), n, P_ALIGNED) < 0;
  const asSegment = (r: ReturnType<typeof fitRectangle>): Segment => ({
    x1: r.cx + r.lmin * r.ux,
    y1: r.cy + r.lmin * r.uy,
    x2: r.cx + r.lmax * r.ux,
    y2: r.cy + r.lmax * r.uy,
    width: r.breadth,
  });
  // the region of `n` pixels grown from `seed` (in `region`, marked used) split into its two arms,
  // or undefined (all its pixels released) when it is not two lines
  const splitV = (
    seed: number,
    n: number,
    axis: { ux: number; uy: number; breadth: number },
  ): Segment[] | undefined => {
    const breadth = axis.breadth;
    const original = region.slice(0, n);
    const sx = seed % width;
    const sy = Math.floor(seed / width);
    let sum = 0;
    let sq = 0;
    let k = 0;
    const seedAngle = angle[seed] as number;
    for (const p of original) {
      if (((p % width) - sx) ** 2 + (Math.floor(p / width) - sy) ** 2 > breadth * breadth) continue;
      const d = Math.atan2(Math.sin((angle[p] as number) - seedAngle), Math.cos((angle[p] as number) - seedAngle));
      sum += d;
      sq += d * d;
      k++;
    }
    const tau = Math.min(TAU, 2 * (k > 1 ? Math.sqrt(Math.max(0, sq / k - (sum / k) ** 2)) : TAU));
    for (const p of original) used[p] = 0;
    let radius = Number.POSITIVE_INFINITY;
    let arm = grow(seed, tau, radius);
    let rect = fitRectangle(region, arm.n, mag, width, arm.theta);
    radius = rect.length / 2;
    while (arm.n >= 10 && arm.n / (rect.length * rect.breadth) < DENSITY) {
      release(arm.n);
      radius *= 0.75;
      arm = grow(seed, tau, radius);
      rect = fitRectangle(region, arm.n, mag, width, arm.theta);
    }
    const first = meaningful(arm.n, rect) ? asSegment(rect) : undefined;
    const firstPixels = region.slice(0, arm.n);
    // the other arm: from the strongest pixel of the first region left free
    let other = -1;
    for (const p of original) if (!used[p] && (other < 0 || (mag[p] as number) > (mag[other] as number))) other = p;
    let second: Segment | undefined;
    let secondPixels = new Int32Array(0);
    if (first && other >= 0) {
      const g = grow(other, TAU, Number.POSITIVE_INFINITY);
      const r = fitRectangle(region, g.n, mag, width, g.theta);
      secondPixels = region.slice(0, g.n);
      if (meaningful(g.n, r)) second = asSegment(r);
    }
    // arms along the region's own way are one line broken by something across it (a window's bar),
    // left as it was: a split region's arms turn away from the way it was fitted along
    const along = (q: Segment) => {
      const t = Math.abs(
        Math.atan2(
          (q.x2 - q.x1) * axis.uy - (q.y2 - q.y1) * axis.ux,
          (q.x2 - q.x1) * axis.ux + (q.y2 - q.y1) * axis.uy,
        ),
      );
      return Math.min(t, Math.PI - t);
    };
    if (first && second && Math.max(along(first), along(second)) >= TAU / 4) {
      // the arms' pixels stay used; any others of the region are free to seed again
      return [first, second];
    }
    for (const p of secondPixels) used[p] = 0;
    for (const p of firstPixels) used[p] = 0;
    for (const p of original) used[p] = 0;
    return undefined;
  };
  for (const seed of order) {
    if (used[seed]) continue;
    let { n, theta } = grow(seed, TAU, Number.POSITIVE_INFINITY);
    if (n < 10) continue;
    let rect = fitRectangle(region, n, mag, width, theta);
    // as LSD refines a region: one whose rectangle its aligned pixels fill thinly may be two lines
    // meeting at a shallow angle (a V where two creases meet at a corner's top), merged because
    // each pixel is compared with the running mean angle; it is grown again from its seed with the
    // tolerance its pixels near the seed need (twice their angles' spread), cut to a shrinking
    // radius round the seed until it fills its rectangle, and the strongest pixel it left out seeds
    // the other arm. Only when both arms are lines is the region split; a curve (a lamp's shade)
    // or a smear of shading stays one region, as first grown. Under 20 pixels it cannot be two
    // arms of 10 (the least region kept), and is not tried: the time goes on the regrowing
    if (n >= 20 && n / (rect.length * rect.breadth) < DENSITY && Math.abs(rect.uy) < Math.cos(UPRIGHT_ANGLE)) {
      const split = splitV(seed, n, rect);
      if (split) {
        segments.push(...split);
        continue;
      }
      ({ n, theta } = grow(seed, TAU, Number.POSITIVE_INFINITY));
      rect = fitRectangle(region, n, mag, width, theta);
    }
    const { cx, cy, ux, uy, lmin, lmax, length, breadth } = rect;
    // the region's own pixels are its aligned ones; the rectangle's area counts every pixel tested
    const cells = Math.max(n, Math.round(length * breadth));
    const logNfa = logTests + logBinomialTail(cells, n, P_ALIGNED);
    if (logNfa >= 0) continue;
    segments.push({
      x1: cx + lmin * ux,
      y1: cy + lmin * uy,
      x2: cx + lmax * ux,
      y2: cy + lmax * uy,
      width: breadth,
    });
  }
  return segments;
}

/** Least share of its rectangle a region's aligned pixels fill (LSD's D): below it the region is refined. */
const DENSITY = 0.7;
/** An upright line (within this of vertical) is a corner or a frame's edge, never refined: only level creases meet in a V. */
const UPRIGHT_ANGLE = (8 * Math.PI) / 180;

/** The rectangle of a line-support region (`n` pixels of `region`): centre of mass by magnitude, along its principal axis. */
function fitRectangle(region: Int32Array, n: number, mag: Float32Array, width: number, theta: number) {
  let wsum = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < n; i++) {
    const p = region[i] as number;
    const m = mag[p] as number;
    cx += m * (p % width);
    cy += m * Math.floor(p / width);
    wsum += m;
  }
  cx /= wsum;
  cy /= wsum;
  // its direction: the principal axis of the region's inertia (as LSD does), not the mean angle
  let ixx = 0;
  let iyy = 0;
  let ixy = 0;
  for (let i = 0; i < n; i++) {
    const p = region[i] as number;
    const m = mag[p] as number;
    const ex = (p % width) - cx;
    const ey = Math.floor(p / width) - cy;
    ixx += m * ey * ey;
    iyy += m * ex * ex;
    ixy -= m * ex * ey;
  }
  let axis = 0.5 * Math.atan2(-2 * ixy, iyy - ixx);
  // the axis is a line; point it the way the level lines do
  if (angleDiff(axis, theta) > Math.PI / 2) axis += Math.PI;
  const ux = Math.cos(axis);
  const uy = Math.sin(axis);
  let lmin = 0;
  let lmax = 0;
  let wmin = 0;
  let wmax = 0;
  for (let i = 0; i < n; i++) {
    const p = region[i] as number;
    const ex = (p % width) - cx;
    const ey = Math.floor(p / width) - cy;
    const l = ex * ux + ey * uy;
    const w = -ex * uy + ey * ux;
    lmin = Math.min(lmin, l);
    lmax = Math.max(lmax, l);
    wmin = Math.min(wmin, w);
    wmax = Math.max(wmax, w);
  }
  return { cx, cy, ux, uy, lmin, lmax, length: lmax - lmin + 1, breadth: wmax - wmin + 1 };
}

/** Segment `s`, found on a picture `f` times smaller (each pixel the mean of an f×f block), in the full picture's pixels. */
export function scaledSegment(s: Segment, f: number): Segment {
  const at = (v: number) => f * v + (f - 1) / 2;
  return { x1: at(s.x1), y1: at(s.y1), x2: at(s.x2), y2: at(s.y2), width: f * s.width };
}

/** How far (pixels) each segment is drawn past its ends. */
const REACH = 2;
/** Gap (a share of the picture's mean side) across which an end of a line is joined to the nearest other line. */
export const JOIN = 0.02;

/** The point of segment `s` nearest (x, y), and its squared distance. */
function nearestOn(s: Segment, x: number, y: number): [number, number, number] {
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - s.x1) * dx + (y - s.y1) * dy) / len2));
  const px = s.x1 + t * dx;
  const py = s.y1 + t * dy;
  return [px, py, (px - x) ** 2 + (py - y) ** 2];
}

/** Draws a line from (x1, y1) to (x2, y2), 4-connected, into `out`. */
export function draw(
  out: Uint8Array,
  width: number,
  height: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  reach: number,
  value = 1,
) {
  // a pixel already drawn keeps the larger value (an upright line's mark)
  const length = Math.hypot(x2 - x1, y2 - y1);
  const ux = length === 0 ? 0 : (x2 - x1) / length;
  const uy = length === 0 ? 0 : (y2 - y1) / length;
  let px = Number.NaN;
  let py = Number.NaN;
  for (let t = -reach; t <= length + reach; t += 0.25) {
    const x = Math.round(x1 + ux * t);
    const y = Math.round(y1 + uy * t);
    if (x === px && y === py) continue;
    // a diagonal step would leave a gap a 4-connected region slips through: fill the corner
    if (
      x !== px &&
      y !== py &&
      py >= 0 &&
      py < height &&
      x >= 0 &&
      x < width &&
      (out[py * width + x] as number) < value
    )
      out[py * width + x] = value;
    if (x >= 0 && y >= 0 && x < width && y < height && (out[y * width + x] as number) < value)
      out[y * width + x] = value;
    px = x;
    py = y;
  }
}

/**
 * The segments drawn one pixel wide and 4-connected (no diagonal gaps a region could slip
 * through), each a little past its ends, and each end joined to the nearest other line when that
 * is close (two lines meeting at a corner, where the detector stopped short, close it). A
 * segment's own pixels take `mark(segment)` (1 by default; the larger wins where lines cross).
 */
export function drawSegments(
  segments: readonly Segment[],
  width: number,
  height: number,
  mark: (s: Segment) => number = () => 1,
): Uint8Array {
  const out = new Uint8Array(width * height);
  const gap = JOIN * ((width + height) / 2);
  for (const [i, s] of segments.entries()) {
    const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
    draw(out, width, height, s.x1, s.y1, s.x2, s.y2, REACH, mark(s));
    for (const [x, y] of [
      [s.x1, s.y1],
      [s.x2, s.y2],
    ] as const) {
      let best: [number, number, number] = [0, 0, Math.min(gap, length) ** 2];
      let found = false;
      for (const [j, t] of segments.entries()) {
        if (j === i) continue;
        const near = nearestOn(t, x, y);
        if (near[2] < best[2]) {
          best = near;
          found = true;
        }
      }
      if (found) draw(out, width, height, x, y, best[0], best[1], 0);
      // …and carried on to the picture's edge when that is close: a region must not slip round it
      const ux = (x === s.x1 ? s.x1 - s.x2 : s.x2 - s.x1) / (length || 1);
      const uy = (y === s.y1 ? s.y1 - s.y2 : s.y2 - s.y1) / (length || 1);
      const toEdge = Math.min(
        ux > 1e-6 ? (width - 1 - x) / ux : ux < -1e-6 ? -x / ux : Number.POSITIVE_INFINITY,
        uy > 1e-6 ? (height - 1 - y) / uy : uy < -1e-6 ? -y / uy : Number.POSITIVE_INFINITY,
      );
      if (toEdge <= Math.min(2 * gap, length)) draw(out, width, height, x, y, x + ux * toEdge, y + uy * toEdge, 0);
    }
  }
  return out;
}

/** How many standard errors the step along a carried-on line must stand out of noise to be kept. */
const EVIDENCE = 4;

/**
 * Whether the picture `value` steps across the line from (x, y) to (x + dx·t, y + dy·t): the change
 * from 2 px on one side to 2 px on the other, less the ramp seen from 6 px either side (pixels of
 * the picture the lines were found on: `scale` of `value`'s), is consistently of one sign along it
 * (a faint but real edge), not zero on average (a wall).
 */
function stepsAcross(
  value: Float32Array,
  width: number,
  height: number,
  x: number,
  y: number,
  dx: number,
  dy: number,
  length: number,
  scale: number,
): boolean {
  return stepEvidence(value, width, height, x, y, dx, dy, length, scale).z > EVIDENCE;
}

/**
 * Samples (2 px apart at the lines' scale) over which a photo's noise may move together: two JPEG
 * blocks of 8 px, for a way that crosses them anywhere.
 */
const CORRELATED = 8;
/**
 * Fewest samples (64 px) from which that correlation is read: from fewer, its estimates at lags up
 * to `CORRELATED` rest on too few pairs (read on every way, it cost a real line in one bench room
 * on one draw of the noise), and the samples' own spread is used as before.
 */
const LONG_RUN = 32;

/**
 * How far (`step`, in `value`'s units, unsigned) and by how many standard errors (`z`) the picture
 * `value` steps across the line from (x, y) to (x + dx·t, y + dy·t) (see `stepsAcross`); 0 when
 * the line is too short to tell.
 *
 * Neighbouring samples are not independent: the picture is blurred, a JPEG quantises 8×8 blocks
 * whole (a block's error moves all its samples one way, so a block boundary along the way looks
 * like a step), and a strong edge a few px beside part of the way (a frame's top) makes a run of
 * large samples with nothing along the rest. The mean's error is therefore read from the samples'
 * autocovariance up to `CORRELATED` samples apart (Newey and West's estimator, Bartlett weights),
 * never smaller than their own spread says; where the noise is independent the two agree.
 */
export function stepEvidence(
  value: Float32Array,
  width: number,
  height: number,
  x: number,
  y: number,
  dx: number,
  dy: number,
  length: number,
  scale: number,
): { step: number; z: number } {
  const samples: number[] = [];
  // `value` is `scale` times smaller than the picture (x, y) are in, averaged over scale×scale blocks
  const at = (px: number, py: number) => {
    const ix = Math.round((px - (scale - 1) / 2) / scale);
    const iy = Math.round((py - (scale - 1) / 2) / scale);
    return ix < 0 || iy < 0 || ix >= width || iy >= height ? Number.NaN : (value[iy * width + ix] as number);
  };
  // samples 2 px apart at the lines' own scale: the picture is blurred, so closer ones repeat each other
  for (let t = scale; t <= length; t += 2 * scale) {
    const cx = x + dx * t;
    const cy = y + dy * t;
    const near = 2 * scale;
    const far = 6 * scale;
    const a = at(cx - dy * near, cy + dx * near);
    const b = at(cx + dy * near, cy - dx * near);
    const fa = at(cx - dy * far, cy + dx * far);
    const fb = at(cx + dy * far, cy - dx * far);
    if (Number.isNaN(a + b + fa + fb)) continue;
    samples.push(a - b - (fa - fb) / 3);
  }
  const n = samples.length;
  if (n < 4) return { step: 0, z: 0 };
  let mean = 0;
  for (const e of samples) mean += e / n;
  const covariance = (lag: number) => {
    let sum = 0;
    for (let i = lag; i < n; i++) sum += ((samples[i] as number) - mean) * ((samples[i - lag] as number) - mean);
    return sum / n;
  };
  const spread = covariance(0);
  let longRun = spread;
  if (n >= LONG_RUN)
    for (let lag = 1; lag <= CORRELATED; lag++) longRun += 2 * (1 - lag / (CORRELATED + 1)) * covariance(lag);
  const sd = Math.sqrt(Math.max(1e-9, spread, longRun));
  return { step: Math.abs(mean), z: (Math.abs(mean) * Math.sqrt(n)) / sd };
}

/**
 * Carries each segment's ends on along its own direction, over the drawn `lines`, until it meets
 * another line or the picture's edge, when that is within `reach` × its length: a head of a door or
 * a ceiling line that fades out where both sides are nearly the same white is closed the way it
 * was going, if the picture `value` (e.g. 100·ln(L*+16), `scale` times smaller than `lines`: the
 * picture the lines were found on) steps across its way there. Draws into `lines`.
 */
export function extendSegments(
  segments: readonly Segment[],
  value: Float32Array,
  lines: Uint8Array,
  width: number,
  height: number,
  reach: number,
  scale = 1,
): void {
  for (const s of segments) {
    const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
    if (length < 8) continue;
    const ux = (s.x2 - s.x1) / length;
    const uy = (s.y2 - s.y1) / length;
    for (const [x, y, dx, dy] of [
      [s.x2, s.y2, ux, uy],
      [s.x1, s.y1, -ux, -uy],
    ] as const) {
      const limit = reach * length;
      let hit = -1;
      // from just past the segment's own drawn reach
      for (let t = REACH + 1; t <= limit; t += 0.5) {
        const px = Math.round(x + dx * t);
        const py = Math.round(y + dy * t);
        if (px < 0 || py < 0 || px >= width || py >= height) {
          hit = t;
          break;
        }
        const p = py * width + px;
        if (lines[p]) {
          hit = t;
          break;
        }
      }
      if (
        hit > 0 &&
        stepsAcross(value, Math.floor(width / scale), Math.floor(height / scale), x, y, dx, dy, hit, scale)
      )
        draw(lines, width, height, x, y, x + dx * hit, y + dy * hit, 0);
    }
  }
}

/** A band of trim beside a line: the line it runs beside, and how far (signed, along the line's left normal) its far edge lies. */
export interface Band {
  from: Segment;
  offset: number;
}

/**
 * Marks 1 in `out` (`width` wide) the pixels strictly between each band's line and its far edge:
 * the trim itself.
 */
export function fillBands(bands: readonly Band[], out: Uint8Array, width: number, height: number): void {
  for (const { from: s, offset } of bands) {
    const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
    const ux = (s.x2 - s.x1) / length;
    const uy = (s.y2 - s.y1) / length;
    const sign = Math.sign(offset);
    for (let t = 0; t <= length; t += 0.5) {
      for (let d = 1; d < Math.abs(offset) - 0.5; d += 0.5) {
        const x = Math.round(s.x1 + ux * t - uy * d * sign);
        const y = Math.round(s.y1 + uy * t + ux * d * sign);
        if (x >= 0 && y >= 0 && x < width && y < height) out[y * width + x] = 1;
      }
    }
  }
}

/** Widest band (a share of the picture's mean side) beside a line whose far edge is looked for: an architrave, a skirting. */
export const BAND = 0.04;
/** Smallest chromaticity step (×100, of the profiles averaged along the line) taken as a band's far edge. */
export const BAND_STEP = 1;
/** L*+16 above which a chromaticity step is steady enough for `BAND_STEP` as it is (L* 60, as in the flood). */
const STEADY = 76;
/** How much darker (a share of L*+16) a band of trim may be than the wall beyond it: a skirting in the floor's shade. */
export const BAND_DARKER = 0.05;
/** Smallest step of 100·ln(L*+16) (a band this many % lighter than the wall) taken as a band's far edge when the chromaticity keeps. */
const BAND_LIGHTER = 3;
/** (L*+16) ratio from which a change of lightness alone is a change of light (as `LIGHT_RATIO` in room.ts). */
const SHADOW = 1.1;
/** Share of the samples along a line whose step beside it must go the mean step's way. */
const ALONG = 0.8;

/**
 * Edges parallel to the long segments, a few pixels beside them: the far side of a band of trim
 * (an architrave round a window, a skirting over the floor line, a cornice under the ceiling
 * line). Such a band is nearly the wall's colour, so its outer edge is too faint for the line
 * finder pixel by pixel; averaged along the line it runs beside, it is a clear step. For each side
 * of each segment at least `minLength` long, the chromaticity (a*, b* over L*+16: a band of another
 * paint changes it, the light over one wall hardly does) and 100·ln(L*+16) of the CIELAB picture
 * `lab` are averaged along the segment's middle 80 % at each offset up to `BAND` of the picture,
 * and the step across each offset (2 px either side) taken. A band reaches out to the largest
 * step when that is a peak within the searched width, clear of the segment's own edge (the step
 * falls to half or less between them), of one sign along the segment (`EVIDENCE` standard errors,
 * and `ALONG` of the samples), and a step towards white (trim is white): either a chromaticity
 * step of at least `BAND_STEP` (more below `STEADY`) to a band nearer neutral than the wall beyond
 * and not much darker (nor much lighter out to an upright segment: another wall in more light), or, where the chromaticity hardly changes (white trim beside an off-white
 * wall), a step of lightness of at least `BAND_LIGHTER` to a band lighter and no more coloured.
 */
export function parallelEdges(
  segments: readonly Segment[],
  lab: Float32Array,
  width: number,
  height: number,
  minLength: number,
): Band[] {
  const out: Band[] = [];
  const reach = Math.max(4, Math.round(BAND * ((width + height) / 2)));
  // offsets 0..reach+2: the step at reach looks 2 px beyond it
  const span = reach + 3;
  const chromaStrength = new Float64Array(span);
  const lightStrength = new Float64Array(span);
  const mean = new Float64Array(span * 3);
  const full = new Float64Array(span * 3);
  const done: Segment[] = [];
  for (const s of segments) {
    const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
    if (length < minLength) continue;
    const ux = (s.x2 - s.x1) / length;
    const uy = (s.y2 - s.y1) / length;
    const first = Math.max(3, Math.ceil(s.width / 2) + 2);
    if (first + 2 > reach) continue;
    // the line finder's two scales often find one line twice: its bands are the same
    if (done.some((d) => covers(d, s))) continue;
    done.push(s);
    const ts: number[] = [];
    for (let t = 0.1 * length; t <= 0.9 * length; t += 1) ts.push(t);
    for (const sign of [-1, 1]) {
      // each sample along the segment at each offset: a*, b* over L*+16 (×100) and 100·ln(L*+16)
      const samples = new Float32Array(ts.length * span * 3).fill(Number.NaN);
      for (const [i, t] of ts.entries()) {
        for (let d = 0; d < span; d++) {
          const x = Math.round(s.x1 + ux * t - uy * d * sign);
          const y = Math.round(s.y1 + uy * t + ux * d * sign);
          if (x < 0 || y < 0 || x >= width || y >= height) continue;
          const p = (y * width + x) * 3;
          const o = (i * span + d) * 3;
          const l = Math.max(1, (lab[p] as number) + 16);
          samples[o] = (100 * (lab[p + 1] as number)) / l;
          samples[o + 1] = (100 * (lab[p + 2] as number)) / l;
          samples[o + 2] = 100 * Math.log(l);
        }
      }
      // the step across offset d at sample i in channel c: 2 px beyond less 2 px before
      const stepAt = (i: number, d: number, c: number) => {
        const o = i * span * 3 + c;
        return (
          ((samples[o + (d + 1) * 3] as number) +
            (samples[o + (d + 2) * 3] as number) -
            (samples[o + (d - 1) * 3] as number) -
            (samples[o + (d - 2) * 3] as number)) /
          2
        );
      };
      // the mean step at each offset: the steps are linear in the samples, so over the samples
      // whose every offset lies in the picture (most) it is the step of their sums
      full.fill(0);
      let whole = 0;
      const partial: number[] = [];
      for (let i = 0; i < ts.length; i++) {
        const o = i * span * 3;
        if (Number.isNaN(samples[o + span * 3 - 1] as number)) {
          partial.push(i);
          continue;
        }
        for (let j = 0; j < span * 3; j++) full[j] = (full[j] as number) + (samples[o + j] as number);
        whole++;
      }
      chromaStrength.fill(0);
      lightStrength.fill(0);
      for (let d = 2; d <= reach; d++) {
        const sums = [0, 0, 0];
        let n = whole;
        if (whole) {
          for (let c = 0; c < 3; c++) {
            sums[c] =
              ((full[(d + 1) * 3 + c] as number) +
                (full[(d + 2) * 3 + c] as number) -
                (full[(d - 1) * 3 + c] as number) -
                (full[(d - 2) * 3 + c] as number)) /
              2;
          }
        }
        for (const i of partial) {
          const e0 = stepAt(i, d, 0);
          const e1 = stepAt(i, d, 1);
          const e2 = stepAt(i, d, 2);
          if (Number.isNaN(e0 + e1 + e2)) continue;
          sums[0] = (sums[0] as number) + e0;
          sums[1] = (sums[1] as number) + e1;
          sums[2] = (sums[2] as number) + e2;
          n++;
        }
        if (n < 8) continue;
        const [s0, s1, s2] = sums as [number, number, number];
        mean[d * 3] = s0 / n;
        mean[d * 3 + 1] = s1 / n;
        mean[d * 3 + 2] = s2 / n;
        chromaStrength[d] = Math.hypot(s0 / n, s1 / n);
        // outwards from a band lighter than the wall, the lightness steps down
        lightStrength[d] = Math.max(0, -s2 / n);
      }
      // the offset of the largest step when it is a peak within the band's widest (one at the edge
      // of the search may be the foot of a further edge) and clear of the segment's own edge (the
      // step dips to half or less on the way out to it); else -1
      const peakOf = (strength: Float64Array) => {
        let best = -1;
        for (let d = first; d <= reach; d++)
          if (best < 0 || (strength[d] as number) > (strength[best] as number)) best = d;
        const peak = strength[best] as number;
        if (best < 0 || best === reach || !(peak > 0)) return -1;
        if ((strength[best - 1] as number) > peak || (strength[best + 1] as number) > peak) return -1;
        let dip = Number.POSITIVE_INFINITY;
        for (let d = 2; d < best; d++) dip = Math.min(dip, strength[d] as number);
        return dip > peak / 2 ? -1 : best;
      };
      // means over offsets from..to: L*+16, and the chromaticity's distance from neutral
      const average = (from: number, to: number) => {
        let a = 0;
        let b = 0;
        let l = 0;
        let k = 0;
        for (let i = 0; i < ts.length; i++) {
          for (let d = from; d <= to; d++) {
            const o = (i * span + d) * 3;
            if (Number.isNaN(samples[o] as number)) continue;
            a += samples[o] as number;
            b += samples[o + 1] as number;
            l += Math.exp((samples[o + 2] as number) / 100);
            k++;
          }
        }
        return k ? { chroma: Math.hypot(a / k, b / k), light: l / k } : { chroma: 0, light: 0 };
      };
      // of one sign along the segment: each sample's step along the mean step (the channels
      // `from`..`to`), over `peak`, stands `EVIDENCE` standard errors out of noise, and goes the
      // mean's way at most samples (an object the offset runs across for a while makes a mean step too)
      const steady = (best: number, from: number, to: number, peak: number) => {
        let sum = 0;
        let sq = 0;
        let n = 0;
        let along = 0;
        for (let i = 0; i < ts.length; i++) {
          let e = 0;
          for (let c = from; c <= to; c++) e += (stepAt(i, best, c) * (mean[best * 3 + c] as number)) / peak;
          if (Number.isNaN(e)) continue;
          sum += e;
          sq += e * e;
          n++;
          if (e > 0) along++;
        }
        const m = sum / n;
        const sd = Math.sqrt(Math.max(1e-9, sq / n - m * m));
        return m >= (EVIDENCE * sd) / Math.sqrt(n) && along >= ALONG * n;
      };
      const chromaEdge = () => {
        const best = peakOf(chromaStrength);
        if (best < 0) return -1;
        const peak = chromaStrength[best] as number;
        const band = average(first - 1, best - 1);
        const wall = average(best + 2, best + 3);
        // trim is white: the step is in good part a loss of colour, the band nearer neutral than the
        // wall beyond by a quarter of the step or more (not all of it: white takes the light's own
        // colour, a north sky's blue); a wall's own band of another light is not
        if (average(best + 2, best + 2).chroma - band.chroma < peak / 4) return -1;
        // …and about as light as the wall beyond or lighter (L*+16 at most `BAND_DARKER` below it): a
        // band much darker than the wall is the wall in less light (under a lamp-lit ceiling), or furniture
        if (band.light < wall.light * (1 - BAND_DARKER)) return -1;
        // chromaticity is noisier where it is dark, and a camera's chroma bleeds beside a strong edge
        // there (as in the flood, the step asked for grows below L* 60)
        if (peak < BAND_STEP * Math.max(1, STEADY / Math.min(band.light, wall.light))) return -1;
        // a band much lighter than the wall out to an upright line the line finder sees itself is
        // another wall in more light (and another colour of it: one facing a north window is bluer)
        if (band.light >= SHADOW * wall.light && uprightAlong(segments, s, (best + 0.5) * sign)) return -1;
        return steady(best, 0, 1, peak) ? best : -1;
      };
      // white trim beside an off-white wall: a step of lightness alone, to a band no more coloured
      const lightEdge = () => {
        const best = peakOf(lightStrength);
        if (best < 0) return -1;
        const peak = lightStrength[best] as number;
        if (peak < BAND_LIGHTER) return -1;
        const band = average(first - 1, best - 1);
        const wall = average(best + 2, best + 3);
        if (band.chroma > wall.chroma + BAND_STEP) return -1;
        // …and lighter on the whole (the step's own few pixels can be lighter beside a dark
        // object), but by less than `SHADOW`: past that, a step of lightness alone is a shadow's or
        // a sun patch's edge (as the line finder's own lines are judged), and a white band beside an
        // off-white wall (LRV 85 beside 65 or more) is less
        if (band.light <= wall.light || band.light >= SHADOW * wall.light) return -1;
        return steady(best, 2, 2, peak) ? best : -1;
      };
      let best = chromaEdge();
      if (best < 0) best = lightEdge();
      if (best >= 0) out.push({ from: s, offset: (best + 0.5) * sign });
    }
  }
  return out;
}

/** Tan of the angle within which another segment runs along a band's far edge. */
const PARALLEL = Math.tan((5 * Math.PI) / 180);
/** Tan of the angle off the vertical within which a segment is upright (a wall corner), as in room.ts. */
const UPRIGHT = Math.tan((8 * Math.PI) / 180);

/**
 * Whether an upright one of `segments` other than `s` runs along the far edge of the band `offset`
 * beside `s` (signed, along its left normal): parallel, within 2 px of it, over half of `s` or more.
 */
function uprightAlong(segments: readonly Segment[], s: Segment, offset: number): boolean {
  const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
  const ux = (s.x2 - s.x1) / length;
  const uy = (s.y2 - s.y1) / length;
  // a point's distance across s (along its left normal) and along it
  const across = (x: number, y: number) => -(x - s.x1) * uy + (y - s.y1) * ux;
  const along = (x: number, y: number) => Math.max(0, Math.min(length, (x - s.x1) * ux + (y - s.y1) * uy));
  for (const t of segments) {
    if (t === s || Math.abs(t.x2 - t.x1) > UPRIGHT * Math.abs(t.y2 - t.y1)) continue;
    const tl = Math.hypot(t.x2 - t.x1, t.y2 - t.y1);
    if (Math.abs(((t.x2 - t.x1) * uy - (t.y2 - t.y1) * ux) / tl) > PARALLEL) continue;
    if (Math.abs((across(t.x1, t.y1) + across(t.x2, t.y2)) / 2 - offset) > 2) continue;
    if (Math.abs(along(t.x2, t.y2) - along(t.x1, t.y1)) >= length / 2) return true;
  }
  return false;
}

/** Whether segment `a` runs along all of `b`: parallel, `b`'s ends within 1.5 px of `a`'s line and within its length. */
function covers(a: Segment, b: Segment): boolean {
  const length = Math.hypot(a.x2 - a.x1, a.y2 - a.y1);
  const ux = (a.x2 - a.x1) / length;
  const uy = (a.y2 - a.y1) / length;
  for (const [x, y] of [
    [b.x1, b.y1],
    [b.x2, b.y2],
  ] as const) {
    if (Math.abs(-(x - a.x1) * uy + (y - a.y1) * ux) > 1.5) return false;
    const t = (x - a.x1) * ux + (y - a.y1) * uy;
    if (t < -1.5 || t > length + 1.5) return false;
  }
  return true;
}

/** What changes across a line (see `sideChange`). */
export interface SideChange {
  /** L*+16 of the mean colour on `s`'s left side, and on its right. */
  l0: number;
  l1: number;
  /** Chromaticity (a*, b* over L*+16, ×100) of the right side's mean colour less the left's. */
  da: number;
  db: number;
}

/**
 * How the picture changes across segment `s`, from the mean colours in strips `near`–`far` px
 * either side, along `s` from `from` to `to` px of its start (its middle 80 % when not given, and
 * never past its end); null
 * when `s` is under 4 px or one side is off the picture.
 */
export function sideChange(
  lab: Float32Array,
  width: number,
  height: number,
  s: Segment,
  strips: { near: number; far: number; from?: number; to?: number } = { near: 2, far: 5 },
): SideChange | null {
  const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
  if (length < 4) return null;
  const ux = (s.x2 - s.x1) / length;
  const uy = (s.y2 - s.y1) / length;
  const sums = new Float64Array(8); // L, a, b, n per side
  const to = Math.min(length, strips.to ?? 0.9 * length);
  for (let t = strips.from ?? 0.1 * length; t <= to; t += 1) {
    for (let d = strips.near; d <= strips.far; d++) {
      for (let side = 0; side < 2; side++) {
        const sign = side === 0 ? -1 : 1;
        const x = Math.round(s.x1 + ux * t - uy * d * sign);
        const y = Math.round(s.y1 + uy * t + ux * d * sign);
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const p = (y * width + x) * 3;
        const o = side * 4;
        for (let c = 0; c < 3; c++) sums[o + c] = (sums[o + c] as number) + (lab[p + c] as number);
        sums[o + 3] = (sums[o + 3] as number) + 1;
      }
    }
  }
  const n0 = sums[3] as number;
  const n1 = sums[7] as number;
  if (!n0 || !n1) return null;
  const l0 = (sums[0] as number) / n0 + 16;
  const l1 = (sums[4] as number) / n1 + 16;
  return {
    l0,
    l1,
    da: ((sums[5] as number) / n1) * (100 / l1) - ((sums[1] as number) / n0) * (100 / l0),
    db: ((sums[6] as number) / n1) * (100 / l1) - ((sums[2] as number) / n0) * (100 / l0),
  };
}
