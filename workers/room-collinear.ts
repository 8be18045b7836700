import type { Segment } from './room-lines';

/**
 * One line the line finder broke into pieces, joined again for the trim search beside it. A
 * window's inner edge is crossed by the sash's bars and rails, and where each meets it the
 * gradient turns: the finder returns the edge as pieces, each shorter than a band of trim is
 * looked for beside, so the casing beside it is never found and the wall's flood takes it. Pieces
 * on one straight line (each within `OFF` px of the line through the others, running its way
 * within `TURN`) with gaps no longer than the shorter piece (a bar's width, not a stretch of
 * wall) are one line: its ends are the outermost ends of its pieces along their length-weighted
 * way. Only joins of two or more pieces at least `minLength` long are returned; the pieces stay
 * as they are.
 */
export function joinCollinear(segments: readonly Segment[], minLength: number): Segment[] {
  const pieces = segments.filter((s) => {
    const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
    return length >= LEAST && length < minLength;
  });
  const n = pieces.length;
  const root = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while (root[r] !== r) r = root[r] as number;
    root[i] = r;
    return r;
  };
  // only pieces within `TURN` of each other's way can be one line: sorted by their angle (0–π),
  // each is compared with those just after it (and, across π, those at the start)
  const angle = pieces.map((s) => {
    const a = Math.atan2(s.y2 - s.y1, s.x2 - s.x1);
    return a < 0 ? a + Math.PI : a >= Math.PI ? a - Math.PI : a;
  });
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => (angle[i] as number) - (angle[j] as number));
  for (let a = 0; a < n; a++) {
    const i = order[a] as number;
    for (let b = a + 1; b < a + n; b++) {
      const j = order[b % n] as number;
      const apart = (angle[j] as number) - (angle[i] as number) + (b >= n ? Math.PI : 0);
      if (apart > TURN_ANGLE) break;
      if (oneLine(pieces[i] as Segment, pieces[j] as Segment)) root[find(i)] = find(j);
    }
  }
  const groups = new Map<number, Segment[]>();
  for (let i = 0; i < n; i++) {
    const r = find(i);
    const group = groups.get(r);
    if (group) group.push(pieces[i] as Segment);
    else groups.set(r, [pieces[i] as Segment]);
  }
  const out: Segment[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const joined = lineThrough(group);
    if (joined && Math.hypot(joined.x2 - joined.x1, joined.y2 - joined.y1) >= minLength) out.push(joined);
  }
  return out;
}

/** Shortest piece (px) taken: shorter ones are too unsure of their way. */
const LEAST = 8;
/** Farthest (px) a piece's end may lie off the other piece's line. */
const OFF = 1.5;
/** Largest angle between two pieces of one line (3°), and its tan. */
const TURN_ANGLE = (3 * Math.PI) / 180;
const TURN = Math.tan(TURN_ANGLE);

/** Whether `a` and `b` lie on one straight line with a gap between them no longer than the shorter. */
function oneLine(a: Segment, b: Segment): boolean {
  const la = Math.hypot(a.x2 - a.x1, a.y2 - a.y1);
  const lb = Math.hypot(b.x2 - b.x1, b.y2 - b.y1);
  const ux = (a.x2 - a.x1) / la;
  const uy = (a.y2 - a.y1) / la;
  const vx = (b.x2 - b.x1) / lb;
  const vy = (b.y2 - b.y1) / lb;
  if (Math.abs(ux * vy - uy * vx) > TURN) return false;
  // each one's ends off the other's line
  const off = (s: Segment, wx: number, wy: number, x: number, y: number) =>
    Math.abs(-(x - s.x1) * wy + (y - s.y1) * wx);
  if (off(a, ux, uy, b.x1, b.y1) > OFF || off(a, ux, uy, b.x2, b.y2) > OFF) return false;
  if (off(b, vx, vy, a.x1, a.y1) > OFF || off(b, vx, vy, a.x2, a.y2) > OFF) return false;
  // the gap along a's way between the two
  const t1 = (b.x1 - a.x1) * ux + (b.y1 - a.y1) * uy;
  const t2 = (b.x2 - a.x1) * ux + (b.y2 - a.y1) * uy;
  const gap = Math.max(Math.min(t1, t2) - la, -Math.max(t1, t2), 0);
  return gap <= Math.min(la, lb);
}

/** The line through a group's pieces: their length-weighted way and offset, from the outermost end to the outermost. */
function lineThrough(group: readonly Segment[]): Segment | null {
  const first = group[0] as Segment;
  let dx = 0;
  let dy = 0;
  for (const s of group) {
    // every piece pointed the first one's way
    const sx = s.x2 - s.x1;
    const sy = s.y2 - s.y1;
    const same = sx * (first.x2 - first.x1) + sy * (first.y2 - first.y1) >= 0 ? 1 : -1;
    dx += same * sx;
    dy += same * sy;
  }
  const length = Math.hypot(dx, dy);
  if (!(length > 0)) return null;
  const ux = dx / length;
  const uy = dy / length;
  // a point on the line: the pieces' length-weighted centre
  let cx = 0;
  let cy = 0;
  let w = 0;
  let width = 0;
  for (const s of group) {
    const l = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
    cx += (l * (s.x1 + s.x2)) / 2;
    cy += (l * (s.y1 + s.y2)) / 2;
    w += l;
    width = Math.max(width, s.width);
  }
  cx /= w;
  cy /= w;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const s of group) {
    for (const [x, y] of [
      [s.x1, s.y1],
      [s.x2, s.y2],
    ] as const) {
      // a chain that drifted off one line is not one
      if (Math.abs(-(x - cx) * uy + (y - cy) * ux) > 2 * OFF) return null;
      const t = (x - cx) * ux + (y - cy) * uy;
      lo = Math.min(lo, t);
      hi = Math.max(hi, t);
    }
  }
  return { x1: cx + lo * ux, y1: cy + lo * uy, x2: cx + hi * ux, y2: cy + hi * uy, width };
}
