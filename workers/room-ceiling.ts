import { draw, type Segment, sideChange, stepEvidence } from './room-lines';

/**
 * Ceiling lines from the tops of wall corners. Walls are upright planes and the ceiling meets each
 * along a straight line from one corner's top to the next, so where the line finder found the
 * corners but not the crease between their tops (a white wall under a white ceiling that is
 * blown out or lit like it: the two differ only in how much light each catches), it is looked for
 * there, else a wall's flood leaks through the gap into the ceiling. A corner here is a long upright
 * line with one paint either side of its top (not a window's or a picture's frame) and no line
 * carrying on over it. On a side of it that no level line leaves yet, rays at every plausible slope
 * (from its top or a little over it, where the finder stopped short) that meet another long corner
 * near that one's top, and that have no other line over them (a ceiling line has the ceiling over
 * it; a window's head has the rest of the wall and its ceiling line), are read across: the one
 * with the largest step across it (as `stepEvidence` measures a carried-on line: a crease is a
 * sharp step, a ramp of light is not) whose step stands out of the noise by `ANCHORED_EVIDENCE`
 * standard errors is drawn. The rays are drawn once all are found, so one does not stop another.
 */
export function anchorCeilingLines(
  segments: readonly Segment[],
  lab: Float32Array,
  value: Float32Array,
  lines: Uint8Array,
  width: number,
  height: number,
  scale = 1,
): void {
  const small = { width: Math.floor(width / scale), height: Math.floor(height / scale) };
  const drawn: Array<[number, number, number, number]> = [];
  for (const s of segments) {
    const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
    if (length < CORNER_LENGTH * height) continue;
    const [x, y, bx, by] = s.y1 <= s.y2 ? [s.x1, s.y1, s.x2, s.y2] : [s.x2, s.y2, s.x1, s.y1];
    if (!samePaintBeside(lab, width, height, x, y, bx, by)) continue;
    // a piece of a longer upright line (broken where the light changes) has no top here
    if (continuesUp(lines, width, height, x, y, (x - bx) / length, (y - by) / length)) continue;
    const down = (LEAVES_BELOW * height) / length;
    for (const side of [-1, 1]) {
      // a level line leaving the corner a little below its top (a recess's ceiling line, the corner
      // standing proud of it) is that side's ceiling line already
      let leaves = false;
      for (let t = 0; t <= down && !leaves; t += 1 / length)
        leaves = levelLeaves(lines, width, height, x + (bx - x) * t, y + (by - y) * t, side);
      if (leaves) continue;
      let best = 0;
      let ray: [number, number, number, number, number] | undefined;
      // the line finder stops a faint corner short of the crease: its true top may be a little higher
      for (let up = 0; up <= SHORT * height; up += 2) {
        const ox = x - ((bx - x) / length) * up;
        const oy = y - ((by - y) / length) * up;
        const targets = cornerTops(segments, s, ox, oy, side, FAR_TOP * height, CORNER_LENGTH * height);
        if (targets.length === 0) continue;
        for (let a = -MAX_SLOPE; a <= MAX_SLOPE; a += SLOPE_STEP) {
          // only the slopes that can meet another corner near its top are marched, that far
          let limit = 0;
          for (const w of targets) if (a >= w.lo && a <= w.hi) limit = Math.max(limit, w.far);
          if (limit < MIN_LENGTH * height) continue;
          const dx = side * Math.cos(a);
          const dy = Math.sin(a);
          const hit = march(lines, width, height, ox, oy, dx, dy, limit);
          if (hit < MIN_LENGTH * height || hit > limit) continue;
          // a ceiling line runs from corner top to corner top (the far one may stand a little proud)
          if (!nearTopOf(segments, s, ox + dx * hit, oy + dy * hit, FAR_TOP * height, CORNER_LENGTH * height)) continue;
          if (underLine(lines, width, height, ox, oy, dx, dy, hit, CLEAR_ABOVE * height)) continue;
          const { step, z } = stepEvidence(value, small.width, small.height, ox, oy, dx, dy, hit, scale);
          if (z > ANCHORED_EVIDENCE && step > best) {
            best = step;
            ray = [ox, oy, dx, dy, hit];
          }
        }
      }
      if (ray) {
        const [ox, oy, dx, dy, hit] = ray;
        drawn.push([x, y, ox, oy]);
        drawn.push([ox, oy, ox + dx * hit, oy + dy * hit]);
      }
    }
  }
  // drawn after all are found, so one corner's new line does not stop another's ray
  for (const [x1, y1, x2, y2] of drawn) draw(lines, width, height, x1, y1, x2, y2, 0);
}

/** Least length of a corner (× the picture's height): two walls meet along a long upright line. */
const CORNER_LENGTH = 0.1;
/** How far below the far corner's top (× the picture's height) a ray may meet it. */
const FAR_TOP = 0.04;
/** Least length of a ray drawn (× the picture's height): a ceiling line crosses a wall. */
const MIN_LENGTH = 0.06;
/** Steepest slope tried (radians off level): a ceiling line seen at a wide angle near the picture's edge. */
const MAX_SLOPE = (50 * Math.PI) / 180;
const SLOPE_STEP = (1.5 * Math.PI) / 180;
/** Standard errors the best ray's step must stand out by. */
const ANCHORED_EVIDENCE = 5;
/** How much higher (× the picture's height) a corner's true top may be than the line found. */
const SHORT = 0.02;
/**
 * How far over a ray (× the picture's height) another line must not run: a ceiling line has the
 * ceiling over it, while a window's or a door's head has the rest of the wall and its ceiling line.
 */
const CLEAR_ABOVE = 0.15;
/** How far down a corner (× the picture's height) a level line leaving it is looked for. */
const LEAVES_BELOW = 0.06;
/** Radius (px) around a corner's top within which a line already leaving it is looked for. */
const AROUND = 6;

/** How far the ray from (x, y) along (dx, dy) runs before it meets a drawn line or the picture's edge. */
function march(
  lines: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
  dx: number,
  dy: number,
  limit: number,
) {
  for (let t = AROUND; t <= limit; t += 0.5) {
    const px = Math.round(x + dx * t);
    const py = Math.round(y + dy * t);
    if (px < 0 || py < 0 || px >= width || py >= height) return t;
    if (lines[py * width + px]) return t;
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * The slopes (radians off level, `lo`–`hi`) at which a ray from (x, y) on `side` meets an upright
 * segment other than `not`, at least `corner` long (another corner, not a frame's or a mirror's
 * short side), within `below` px of its top, and how far away that is at most (`far`).
 */
function cornerTops(
  segments: readonly Segment[],
  not: Segment,
  x: number,
  y: number,
  side: number,
  below: number,
  corner: number,
) {
  const out: Array<{ lo: number; hi: number; far: number }> = [];
  for (const u of segments) {
    if (u === not) continue;
    const length = Math.hypot(u.x2 - u.x1, u.y2 - u.y1);
    if (length < corner) continue;
    const [tx, ty, bx, by] = u.y1 <= u.y2 ? [u.x1, u.y1, u.x2, u.y2] : [u.x2, u.y2, u.x1, u.y1];
    const ux = (bx - tx) / length;
    const uy = (by - ty) / length;
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    let far = 0;
    for (const k of [-below, below]) {
      const vx = (tx + ux * k - x) * side;
      const vy = ty + uy * k - y;
      if (vx <= NEAR) continue;
      const d = Math.hypot(vx, vy);
      const a = Math.atan2(vy, vx);
      const tolerance = Math.asin(Math.min(1, NEAR / d));
      lo = Math.min(lo, a - tolerance);
      hi = Math.max(hi, a + tolerance);
      far = Math.max(far, d + NEAR);
    }
    if (far > 0 && hi >= -MAX_SLOPE && lo <= MAX_SLOPE) out.push({ lo, hi, far });
  }
  return out;
}

/** Whether a drawn line already leaves (x, y) on `side` (−1 left, 1 right) at a level slope. */
function levelLeaves(lines: Uint8Array, width: number, height: number, x: number, y: number, side: number) {
  for (let a = -MAX_SLOPE; a <= MAX_SLOPE; a += SLOPE_STEP) {
    const px = Math.round(x + side * Math.cos(a) * AROUND);
    const py = Math.round(y + Math.sin(a) * AROUND);
    if (px < 0 || py < 0 || px >= width || py >= height) return true;
    if (lines[py * width + px]) return true;
  }
  return false;
}

/** Whether an upright line carries on from a corner's top (x, y) up its own way (ux, uy), past its drawn reach. */
function continuesUp(lines: Uint8Array, width: number, height: number, x: number, y: number, ux: number, uy: number) {
  for (let t = AROUND - 2; t <= AROUND + 2; t += 1) {
    const px = Math.round(x + ux * t);
    const py = Math.round(y + uy * t);
    if (px >= 0 && py >= 0 && px < width && py < height && lines[py * width + px] === 2) return true;
  }
  return false;
}

/** Whether (x, y) lies on an upright segment other than `not`, at least `corner` long, within `below` px of its top. */
function nearTopOf(
  segments: readonly Segment[],
  not: Segment,
  x: number,
  y: number,
  below: number,
  corner: number,
): boolean {
  for (const u of segments) {
    if (u === not) continue;
    const length = Math.hypot(u.x2 - u.x1, u.y2 - u.y1);
    if (length < corner) continue;
    const [tx, ty, bx, by] = u.y1 <= u.y2 ? [u.x1, u.y1, u.x2, u.y2] : [u.x2, u.y2, u.x1, u.y1];
    const ux = (bx - tx) / length;
    const uy = (by - ty) / length;
    const along = (x - tx) * ux + (y - ty) * uy;
    const off = Math.abs((x - tx) * uy - (y - ty) * ux);
    if (off <= NEAR && along >= -below && along <= below) return true;
  }
  return false;
}

/** How near (px) a ray's end must come to another corner. */
const NEAR = 3;

/**
 * Whether a drawn line runs over most of the ray from (x, y) along (dx, dy), `length` long, within
 * `above` px: a ceiling line has the ceiling over it, not another line (the wall's own ceiling line
 * over a shading's edge).
 */
function underLine(
  lines: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
  dx: number,
  dy: number,
  length: number,
  above: number,
): boolean {
  // the normal pointing up the picture
  const [nx, ny] = dx > 0 ? [dy, -dx] : [-dy, dx];
  let covered = 0;
  let n = 0;
  for (let t = 0.2 * length; t <= 0.8 * length; t += 2) {
    n++;
    for (let d = 3; d <= above; d++) {
      const px = Math.round(x + dx * t + nx * d);
      const py = Math.round(y + dy * t + ny * d);
      if (px < 0 || py < 0 || px >= width || py >= height) break;
      if (lines[py * width + px]) {
        covered++;
        break;
      }
    }
  }
  return covered > n / 2;
}

/** Chromaticity step (a*, b* over L*+16, ×100) allowed across a corner: one light falls on both walls. */
const CORNER_CHROMA = 3;
/** (L*+16) ratio allowed across a corner: one wall faces the light, the other turns away. */
const CORNER_RATIO = 2.5;
/** How much of a corner (× the picture's height, from its top) its two sides are compared over. */
const BESIDE = 0.08;

/**
 * Whether the upright line from its top (x, y) towards (bx, by) has one paint either side near its
 * top (strips 3–6 px away): two walls meeting, not a window's, a picture's or a door's frame.
 */
function samePaintBeside(
  lab: Float32Array,
  width: number,
  height: number,
  x: number,
  y: number,
  bx: number,
  by: number,
) {
  const s = { x1: x, y1: y, x2: bx, y2: by, width: 1 };
  const change = sideChange(lab, width, height, s, { near: 3, far: 6, from: 0, to: BESIDE * height });
  if (!change) return false;
  const { l0, l1, da, db } = change;
  // chromaticity is noisier where it is dark (as in the tap's flood)
  const slack = Math.max(1, 76 / Math.min(l0, l1));
  return Math.max(l0, l1) / Math.min(l0, l1) <= CORNER_RATIO && Math.hypot(da, db) <= CORNER_CHROMA * slack;
}
