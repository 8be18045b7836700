/**
 * Rims: a strip along the selection's edge that is not the wall. Trim round a window or a door,
 * a picture's mount or the top few pixels of a ceiling differ from the wall by a few ΔE only, and
 * where the line finder saw no line at their far side the superpixels there hold both and are
 * taken. Pixel by pixel the step is lost in the noise; averaged along the edge it is clear. So
 * from each pixel on the selection's edge the picture is read inwards, across the edge, and the
 * profiles of the edge pixels around it (facing the same way) are averaged: a strip of one
 * colour, then a clear step, then the wall, flat (a ramp of light is no strip), the step of one
 * sign along the edge, is cut off — where the edge runs straight (trim, a mount and a ceiling line
 * do), the strip and not the wall beyond it differs from the wall's core, and the strip runs on
 * along the edge, long and thin.
 */

/** Share of the picture's mean side out to which a strip is looked for (as the trim bands beside lines). */
const REACH = 0.06;
/** Samples of the wall beyond a strip, and as many beyond those again to see that it is flat. */
const WALL = 4;
/** Half the side of the square of edge pixels whose profiles are averaged with one's own. */
const ALONG = 8;
/** Fewest edge pixels facing the same way in that square for a decision. */
const FEWEST = 8;
/** Least cosine between two edge pixels' inward directions for their profiles to be averaged. */
const SAME_WAY = 0.9;
/** Smallest chromaticity step (×100, a*, b* over L*+16) taken as a strip's far edge (as the trim bands). */
const CHROMA_STEP = 1;
/** L*+16 above which chromaticity is steady enough for `CHROMA_STEP` as it is (L* 60, as in the flood). */
const STEADY = 76;
/** Smallest step of 100·ln(L*+16) to a lighter strip that keeps the chromaticity: white trim on an off-white wall. */
const LIGHTER = 3;
/** (L*+16) ratio from which a change of lightness alone is a change of light (as the line finder's). */
const SHADOW = 1.1;
/** Standard errors the mean step must stand out of the spread along the edge. */
const EVIDENCE = 4;
/** Share of the profiles along the edge whose step must go the mean step's way. */
const AGREE = 0.8;
/** Most the strip or the wall beyond may change within itself (a share of the step): a ramp of light is no strip. */
const FLAT = 0.35;
/** Half the side (a share of the picture's mean side) of the square over which the wall's core is averaged. */
const CORE = 0.12;
/** How much further (a share of the step) the strip must be from the wall's core than the wall beyond it. */
const CORE_MARGIN = 0.25;
/** Least length of a run of strip along the edge, in its widths. */
const LONG = 1.5;
/** Widest gap (px) along the edge within one run. */
const GAP = 3;
/** Least share of the step made across the strip's far edge (2 px either side of its blur). */
const SHARP = 0.6;
/** How much darker (a share of L*+16) the strip may be than the wall (as the trim bands beside lines). */
const DARKER = 0.05;
/**
 * How much further from neutral than the wall (a share of the step) the strip may be: a window's
 * white casing, lit by the sky through it, reads a little bluer than a warm-white wall beside it,
 * while a warm pool of lamplight on the wall, or a coloured thing, moves away from neutral by the
 * whole step.
 */
const TINTED = 0.5;
/**
 * Narrowest strip looked for: the edge's own pixel, two of the strip, one of the step's blur (a
 * strip of one pixel cannot be told from the light falling off at a wall's own edge).
 */
const MIN_WIDTH = 4;
/** Share of the clearest strip's score at which a narrower strip is taken instead. */
const NEARLY = 0.8;

/**
 * `mask` (0/255, `width` × `height`) with the strips along its edge that are not the wall cut off.
 * `lab` is the (lightly blurred) L*a*b* picture, 3 floats a pixel.
 */
export function peelRims(mask: Uint8Array, lab: Float32Array, width: number, height: number): Uint8Array {
  const reach = Math.max(3, Math.round(REACH * ((width + height) / 2)));
  // samples 0 … span−1 inwards from an edge pixel: a strip of up to `reach`, the wall, the wall beyond
  const span = reach + 2 * WALL + 2;
  const inside = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && (mask[y * width + x] as number) >= 128;
  // the edge: selected pixels with an unselected 4-neighbour (the picture's own edge is none)
  const edge: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!inside(x, y)) continue;
      const out =
        (x > 0 && !inside(x - 1, y)) ||
        (x < width - 1 && !inside(x + 1, y)) ||
        (y > 0 && !inside(x, y - 1)) ||
        (y < height - 1 && !inside(x, y + 1));
      if (out) edge.push(y * width + x);
    }
  }
  const result = mask.slice();
  if (edge.length === 0) return result;
  // the wall's core: selected pixels deeper than most strips (half the widest: a wall cut up by
  // windows and furniture has few deeper), averaged round each edge pixel (sums over a
  // summed-area table); a strip is what differs from it
  const deep = depthWithin(mask, width, height, Math.round(reach / 2));
  const sw = width + 1;
  const table = new Float64Array(sw * (height + 1) * 4);
  for (let y = 0; y < height; y++) {
    let r0 = 0;
    let r1 = 0;
    let r2 = 0;
    let r3 = 0;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (deep[p]) {
        const l = Math.max(1, (lab[p * 3] as number) + 16);
        r0 += 100 * Math.log(l);
        r1 += (100 * (lab[p * 3 + 1] as number)) / l;
        r2 += (100 * (lab[p * 3 + 2] as number)) / l;
        r3 += 1;
      }
      const o = ((y + 1) * sw + x + 1) * 4;
      const u = o - sw * 4;
      table[o] = (table[u] as number) + r0;
      table[o + 1] = (table[u + 1] as number) + r1;
      table[o + 2] = (table[u + 2] as number) + r2;
      table[o + 3] = (table[u + 3] as number) + r3;
    }
  }
  const coreAround = (x: number, y: number, out: number[]): boolean => {
    const r = Math.round(CORE * ((width + height) / 2));
    const x0 = Math.max(0, x - r);
    const y0 = Math.max(0, y - r);
    const x1 = Math.min(width, x + r + 1);
    const y1 = Math.min(height, y + r + 1);
    const at = (X: number, Y: number, c: number) => table[(Y * sw + X) * 4 + c] as number;
    const sum = (c: number) => at(x1, y1, c) - at(x0, y1, c) - at(x1, y0, c) + at(x0, y0, c);
    const n = sum(3);
    if (n < 1) return false;
    for (let c = 0; c < 3; c++) out[c] = sum(c) / n;
    return true;
  };
  const index = new Int32Array(width * height).fill(-1);
  const nx = new Float32Array(edge.length);
  const ny = new Float32Array(edge.length);
  // per edge pixel, cumulative sums over its samples of the three channels, and how many samples lie inside
  const cum = new Float32Array(edge.length * (span + 1) * 3);
  // and the samples themselves
  const val = new Float32Array(edge.length * span * 3);
  const length = new Int32Array(edge.length);
  const R = 3;
  for (let i = 0; i < edge.length; i++) {
    const p = edge[i] as number;
    index[p] = i;
    const x = p % width;
    const y = (p - x) / width;
    // inwards: towards the centroid of the selected pixels round it
    let sx = 0;
    let sy = 0;
    for (let dy = -R; dy <= R; dy++) {
      for (let dx = -R; dx <= R; dx++) {
        if (inside(x + dx, y + dy)) {
          sx += dx;
          sy += dy;
        }
      }
    }
    const norm = Math.hypot(sx, sy);
    if (norm < 2 * R) continue;
    nx[i] = sx / norm;
    ny[i] = sy / norm;
    let t = 0;
    while (t < span && inside(Math.round(x + t * (nx[i] as number)), Math.round(y + t * (ny[i] as number)))) t++;
    length[i] = t;
  }
  // the picture along an edge pixel's profile, read when first asked for (most never are)
  const read = new Uint8Array(edge.length);
  const readProfile = (i: number) => {
    read[i] = 1;
    const p = edge[i] as number;
    const x = p % width;
    const y = (p - x) / width;
    const o = i * (span + 1) * 3;
    for (let t = 0; t < (length[i] as number); t++) {
      const q = (Math.round(y + t * (ny[i] as number)) * width + Math.round(x + t * (nx[i] as number))) * 3;
      const l = Math.max(1, (lab[q] as number) + 16);
      const v = i * span * 3 + t * 3;
      val[v] = 100 * Math.log(l);
      val[v + 1] = (100 * (lab[q + 1] as number)) / l;
      val[v + 2] = (100 * (lab[q + 2] as number)) / l;
      for (let c = 0; c < 3; c++) cum[o + (t + 1) * 3 + c] = (cum[o + t * 3 + c] as number) + (val[v + c] as number);
    }
  };
  // the mean of samples a … b−1 of profile i in channel c
  const mean = (i: number, a: number, b: number, c: number) => {
    const o = i * (span + 1) * 3 + c;
    return ((cum[o + b * 3] as number) - (cum[o + a * 3] as number)) / (b - a);
  };
  const sample = (j: number, a: number, b: number, out: number[]) => {
    for (let c = 0; c < 3; c++) out[c] = (out[c] as number) + mean(j, a, b, c);
  };
  const band = [0, 0, 0];
  const wall = [0, 0, 0];
  const beyond = [0, 0, 0];
  const before = [0, 0, 0];
  const after = [0, 0, 0];
  const inner = [0, 0, 0];
  const outer = [0, 0, 0];
  const zero = (v: number[]) => v.fill(0);
  // the cumulative profile averaged over the edge pixels round one, and the mean of its samples a … b−1
  const avg = new Float64Array((span + 1) * 3);
  const count = new Int32Array(span);
  const averaged = (a: number, b: number, out: number[]) => {
    for (let c = 0; c < 3; c++) out[c] = ((avg[b * 3 + c] as number) - (avg[a * 3 + c] as number)) / (b - a);
  };
  /**
   * How clearly a strip `w` wide runs along the edge pixels `near` (0: not at all). Samples
   * 0 … w−1 are the strip, w … the wall; the step's blur takes a pixel either side.
   */
  const stripScore = (near: readonly number[], w: number, wallCore: readonly number[]): number => {
    const end = w + 1 + 2 * WALL;
    const mid = Math.max(2, Math.round(w / 2));
    const n = count[end - 1] as number;
    if (n < FEWEST) return 0;
    averaged(1, w - 1, band);
    averaged(w + 1, w + 1 + WALL, wall);
    averaged(w + 1 + WALL, end, beyond);
    averaged(Math.max(1, w - 3), w - 1, before);
    averaged(w + 1, w + 3, after);
    averaged(1, mid, inner);
    averaged(mid, w - 1, outer);
    const lBand = Math.exp((band[0] as number) / 100);
    const lWall = Math.exp((wall[0] as number) / 100);
    const dl = (band[0] as number) - (wall[0] as number);
    const da = (band[1] as number) - (wall[1] as number);
    const db = (band[2] as number) - (wall[2] as number);
    const chroma = Math.hypot(da, db);
    // the step's way, in (lightness, chromaticity): one or the other
    let dir: [number, number, number];
    let step: number;
    let score: number;
    const slack = Math.max(1, STEADY / Math.min(lBand, lWall));
    if (chroma >= CHROMA_STEP * slack) {
      // trim, a mount, a ceiling are white: the strip not much further from neutral than the wall
      // (`TINTED`), and not much darker (the wall in less light, or furniture)
      if (
        Math.hypot(band[1] as number, band[2] as number) - Math.hypot(wall[1] as number, wall[2] as number) >
        TINTED * chroma
      )
        return 0;
      if (lBand < lWall * (1 - DARKER)) return 0;
      dir = [0, da / chroma, db / chroma];
      step = chroma;
      score = chroma / slack / CHROMA_STEP;
    } else if (dl >= LIGHTER && dl < 100 * Math.log(SHADOW) && chroma <= CHROMA_STEP) {
      dir = [1, 0, 0];
      step = dl;
      score = dl / LIGHTER;
    } else return 0;
    // the strip, not the wall read beyond it, is what differs from the wall's core: where a sliver
    // of wall runs between the edge and trim, the step is the trim's and the sliver is no strip
    const off = (u: number[]) =>
      dir[0]
        ? Math.abs((u[0] as number) - (wallCore[0] as number))
        : Math.hypot((u[1] as number) - (wallCore[1] as number), (u[2] as number) - (wallCore[2] as number));
    if (off(band) < off(wall) + CORE_MARGIN * step) return 0;
    const along = (u: number[], v: number[]) =>
      ((u[0] as number) - (v[0] as number)) * dir[0] +
      ((u[1] as number) - (v[1] as number)) * dir[1] +
      ((u[2] as number) - (v[2] as number)) * dir[2];
    // a step, not a ramp: sharp (most of it across the strip's far edge), the strip flat, the wall
    // beyond flat (the light falling off from an edge changes fastest beside it)
    if (along(before, after) < SHARP * step) return 0;
    if (Math.abs(along(inner, outer)) > FLAT * step && w - 1 > mid) return 0;
    if (Math.abs(along(wall, beyond)) > FLAT * step) return 0;
    // of one sign along the edge, clear of its spread
    let agree = 0;
    let sum = 0;
    let sum2 = 0;
    const one = [0, 0, 0];
    const two = [0, 0, 0];
    for (const j of near) {
      if ((length[j] as number) < end) continue;
      zero(one);
      zero(two);
      sample(j, 1, w - 1, one);
      sample(j, w + 1, w + 1 + WALL, two);
      const e = along(one, two);
      if (e > 0) agree++;
      sum += e;
      sum2 += e * e;
    }
    const m = sum / n;
    const se = Math.sqrt(Math.max(0, sum2 / n - m * m) / n);
    return agree >= AGREE * n && m >= EVIDENCE * se ? score : 0;
  };
  const width_ = new Int32Array(edge.length);
  const nears: number[][] = [];
  const scores = new Float64Array(reach + 1);
  const wallCore = [0, 0, 0];
  for (let i = 0; i < edge.length; i++) {
    const p = edge[i] as number;
    if (length[i] === 0) continue;
    const x = p % width;
    const y = (p - x) / width;
    const near: number[] = [];
    for (let dy = -ALONG; dy <= ALONG; dy++) {
      for (let dx = -ALONG; dx <= ALONG; dx++) {
        const X = x + dx;
        const Y = y + dy;
        if (X < 0 || Y < 0 || X >= width || Y >= height) continue;
        const j = index[Y * width + X] as number;
        if (j < 0 || length[j] === 0) continue;
        if ((nx[i] as number) * (nx[j] as number) + (ny[i] as number) * (ny[j] as number) < SAME_WAY) continue;
        near.push(j);
      }
    }
    // the profiles read as far as the widest strip needs (the rest run out of the selection)
    const full = near.filter((j) => (length[j] as number) >= MIN_WIDTH + 1 + 2 * WALL);
    nears[i] = near;
    if (full.length < FEWEST) continue;
    // trim, a mount, a ceiling line run straight: the edge pixels round this one lie on a line
    if (!straight(near, edge, width)) continue;
    if (!coreAround(x, y, wallCore)) continue;
    for (const j of full) if (!read[j]) readProfile(j);
    averageProfiles(full, length, val, span, count, avg);
    // the narrowest width that makes nearly the clearest strip: past the strip's far edge a wider
    // one still steps (to the wall) but takes wall with it
    scores.fill(0);
    let top = 0;
    for (let w = MIN_WIDTH; w <= reach; w++) {
      scores[w] = stripScore(full, w, wallCore);
      top = Math.max(top, scores[w] as number);
    }
    let best = 0;
    for (let w = MIN_WIDTH; w <= reach && top > 0; w++) {
      if ((scores[w] as number) >= NEARLY * top) {
        best = w;
        break;
      }
    }
    width_[i] = best;
  }
  // a strip is of one width along the edge: a width its neighbours do not share is noise
  const kept = new Int32Array(edge.length);
  for (let i = 0; i < edge.length; i++) {
    const w = width_[i] as number;
    if (!w) continue;
    const near = nears[i] as number[];
    let same = 0;
    for (const j of near) if (Math.abs((width_[j] as number) - w) <= 2 && width_[j]) same++;
    if (same >= AGREE * near.length) kept[i] = w;
  }
  // trim is long and thin: a run of strip along the edge shorter than `LONG` times its width is
  // a patch of light or a thing's shadow, not trim
  const run = new Int32Array(edge.length).fill(-1);
  const stack: number[] = [];
  const members: number[] = [];
  for (let i = 0; i < edge.length; i++) {
    if (!kept[i] || (run[i] as number) >= 0) continue;
    members.length = 0;
    stack.push(i);
    run[i] = i;
    let widths = 0;
    while (stack.length) {
      const j = stack.pop() as number;
      members.push(j);
      widths += kept[j] as number;
      const p = edge[j] as number;
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -GAP; dy <= GAP; dy++) {
        for (let dx = -GAP; dx <= GAP; dx++) {
          const X = x + dx;
          const Y = y + dy;
          if (X < 0 || Y < 0 || X >= width || Y >= height) continue;
          const k = index[Y * width + X] as number;
          if (k < 0 || !kept[k] || (run[k] as number) >= 0) continue;
          if ((nx[j] as number) * (nx[k] as number) + (ny[j] as number) * (ny[k] as number) < SAME_WAY) continue;
          run[k] = i;
          stack.push(k);
        }
      }
    }
    if (members.length < (LONG * widths) / members.length) for (const j of members) kept[j] = 0;
  }
  for (let i = 0; i < edge.length; i++) {
    const p = edge[i] as number;
    const w = kept[i] as number;
    if (!w) continue;
    const x = p % width;
    const y = (p - x) / width;
    for (let t = 0; t < w; t += 0.5) {
      const rx = Math.round(x + t * (nx[i] as number));
      const ry = Math.round(y + t * (ny[i] as number));
      if (rx >= 0 && ry >= 0 && rx < width && ry < height) result[ry * width + rx] = 0;
    }
  }
  return result;
}

/** Most the edge pixels round one may stray (root mean square, px) from their own straight line. */
const THIN = 0.7;

/** Whether the edge pixels `near` (indices into `edge`) lie along a straight line: their positions' spread across it. */
function straight(near: readonly number[], edge: readonly number[], width: number): boolean {
  let mx = 0;
  let my = 0;
  for (const j of near) {
    const p = edge[j] as number;
    mx += p % width;
    my += Math.floor(p / width);
  }
  mx /= near.length;
  my /= near.length;
  let xx = 0;
  let xy = 0;
  let yy = 0;
  for (const j of near) {
    const p = edge[j] as number;
    const dx = (p % width) - mx;
    const dy = Math.floor(p / width) - my;
    xx += dx * dx;
    xy += dx * dy;
    yy += dy * dy;
  }
  xx /= near.length;
  xy /= near.length;
  yy /= near.length;
  // the smaller eigenvalue of the positions' covariance: the spread across their principal axis
  const across = (xx + yy) / 2 - Math.sqrt(((xx - yy) / 2) ** 2 + xy * xy);
  return across <= THIN * THIN;
}

/** 1 for the selected pixels (of `mask`) more than `d` px (chessboard) from any unselected one. */
function depthWithin(mask: Uint8Array, width: number, height: number, d: number): Uint8Array {
  const dist = new Int32Array(width * height);
  const far = width + height;
  for (let p = 0; p < dist.length; p++) dist[p] = (mask[p] as number) >= 128 ? far : 0;
  // two passes of the chessboard distance transform
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      let v = dist[p] as number;
      if (!v) continue;
      if (x > 0) v = Math.min(v, (dist[p - 1] as number) + 1);
      if (y > 0) {
        v = Math.min(v, (dist[p - width] as number) + 1);
        if (x > 0) v = Math.min(v, (dist[p - width - 1] as number) + 1);
        if (x < width - 1) v = Math.min(v, (dist[p - width + 1] as number) + 1);
      }
      dist[p] = v;
    }
  }
  const out = new Uint8Array(width * height);
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const p = y * width + x;
      let v = dist[p] as number;
      if (v) {
        if (x < width - 1) v = Math.min(v, (dist[p + 1] as number) + 1);
        if (y < height - 1) {
          v = Math.min(v, (dist[p + width] as number) + 1);
          if (x < width - 1) v = Math.min(v, (dist[p + width + 1] as number) + 1);
          if (x > 0) v = Math.min(v, (dist[p + width - 1] as number) + 1);
        }
        dist[p] = v;
      }
      out[p] = v > d ? 1 : 0;
    }
  }
  return out;
}

/**
 * Into `avg`, running sums (one sample a step, three channels) of the profiles `full` averaged
 * sample by sample over those that reach each sample (`count`, per sample); `val` holds each
 * profile's `span` samples, `length` how many lie inside.
 */
function averageProfiles(
  full: readonly number[],
  length: Int32Array,
  val: Float32Array,
  span: number,
  count: Int32Array,
  avg: Float64Array,
): void {
  count.fill(0);
  avg.fill(0);
  for (let f = 0; f < full.length; f++) {
    const j = full[f] as number;
    const o = j * span * 3;
    const n = Math.min(span, length[j] as number);
    for (let t = 0; t < n; t++) count[t] = (count[t] as number) + 1;
    for (let k = 0; k < n * 3; k++) avg[k + 3] = (avg[k + 3] as number) + (val[o + k] as number);
  }
  for (let t = 0; t < span; t++) {
    for (let c = 0; c < 3; c++) {
      const k = (t + 1) * 3 + c;
      avg[k] = (avg[k - 3] as number) + ((count[t] as number) ? (avg[k] as number) / (count[t] as number) : 0);
    }
  }
}
