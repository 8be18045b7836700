import { type Segment, sideChange } from './room-lines';

/**
 * A surface of one paint under two lights of different colours (a room's ambient light and a
 * lamp) shows, in linear RGB, a·(paint × ambient) + b·(paint × lamp): where the lamp's share grows,
 * its chromaticity (a*, b* over L*+16) walks along one line, from the paint's colour under the
 * ambient towards its colour under the lamp, the same way wherever the lamp's light falls, and
 * always as the surface gets brighter. Another paint (wood, a fabric) differs across that line,
 * or along it the wrong way for its lightness.
 */
export interface LightAxis {
  /** Unit direction of that walk in chromaticity, pointing the way the light's share, and the lightness, grows. */
  dx: number;
  dy: number;
}

/** Smallest (L*+16) ratio across a level line that a change of light makes. */
const LEAST_RATIO = 1.1;
/** Largest: a pool of lamp light's soft edge, not a dark object against a lit wall. */
const MOST_RATIO = 1.5;
/** Most the chromaticity tolerance may be widened for noise on the dimmer side: the dark's chromaticity says little. */
const MOST_SLACK = 1.5;
/** Chromaticity change across a line that only the light's strength makes (as `lightOnly` in `room.ts` allows). */
const KEPT_CHROMA = 1.5;
/** Least number of such steps for the light's walk to be read. */
const LEAST_STEPS = 3;
/** Least ratio of the steps' spread of chromaticity change along the walk to that across it. */
const LEAST_ELONGATION = 4;
/** How many times less a change of chromaticity along the light's walk counts. */
const STRETCH = 3;

/**
 * The second light's walk, read off the picture's level lines across which the light changes
 * softly (a lamp's pool on a wall, a shade's cut-off): the principal axis of their chromaticity
 * change from the dimmer side to the brighter, weighted by length, pointed the way most of it
 * goes. Edges between paints change it every which way; a second light's edges all along one
 * line. Null when the changes do not line up (one light, or none clear enough).
 */
export function lampAxis(
  lab: Float32Array,
  width: number,
  height: number,
  segments: readonly Segment[],
): LightAxis | null {
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  const steps: number[] = [];
  for (const s of segments) {
    const m = sideChange(lab, width, height, s);
    if (!m) continue;
    const { l0, l1 } = m;
    const ratio = Math.max(l0, l1) / Math.min(l0, l1);
    if (ratio < LEAST_RATIO || ratio > MOST_RATIO || 76 / Math.min(l0, l1) > MOST_SLACK) continue;
    // the brighter side's chromaticity less the dimmer's
    const bright = l1 >= l0 ? 1 : -1;
    const da = bright * m.da;
    const db = bright * m.db;
    // a step that keeps the chromaticity says nothing of a second light's colour
    if (Math.hypot(da, db) <= KEPT_CHROMA) continue;
    const w = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
    saa += w * da * da;
    sbb += w * db * db;
    sab += w * da * db;
    steps.push(w, da, db);
  }
  if (steps.length < 3 * LEAST_STEPS) return null;
  const half = (saa + sbb) / 2;
  const root = Math.sqrt(((saa - sbb) / 2) ** 2 + sab * sab);
  if (half + root <= 0 || (half + root) / Math.max(1e-12, half - root) < LEAST_ELONGATION ** 2) return null;
  const angle = 0.5 * Math.atan2(2 * sab, saa - sbb);
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  let way = 0;
  for (let i = 0; i < steps.length; i += 3)
    way += (steps[i] as number) * ((steps[i + 1] as number) * dx + (steps[i + 2] as number) * dy);
  return way >= 0 ? { dx, dy } : { dx: -dx, dy: -dy };
}

/**
 * Chromaticity distance from (a0, b0) at (L*+16) l0 to (a1, b1) at l1, the part along the light's
 * walk counting `STRETCH` times less when it goes the way the lightness does (more of the second
 * light: brighter and further along); plain distance without an axis.
 */
export function lightDistance(
  axis: LightAxis | null,
  a0: number,
  b0: number,
  l0: number,
  a1: number,
  b1: number,
  l1: number,
): number {
  const da = a1 - a0;
  const db = b1 - b0;
  if (!axis) return Math.hypot(da, db);
  const along = da * axis.dx + db * axis.dy;
  const across = db * axis.dx - da * axis.dy;
  return Math.hypot(along * (l1 - l0) >= 0 ? along / STRETCH : along, across);
}
