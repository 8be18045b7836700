import { BAND_DARKER, BAND_STEP, type Band, type Segment } from './room-lines';

/** Cosine of the angle between two bands' lines within which they may be two sides of a frame (60° off square). */
const SQUARE = 0.5;

/**
 * The corners of frames of trim: where two bands of trim (`parallelEdges`) beside roughly square
 * lines meet as the head and an upright of a window's or a door's casing, the band along each
 * line is carried from the line's end to the other band's far edge. A line's end falls short of
 * the corner (the line finder loses a crease where the sash's own edges meet it, and a band is
 * only filled along its line), so the casing's corner was left as wall and the flood kept it,
 * joined to the wall it is nearly the colour of. Two bands found on their own, each facing away
 * from the other's line and both ending within `gap` px of where their lines cross, are one
 * frame: the corner between them is as much trim as they are. Returns the carried pieces as bands.
 */
export function frameCorners(bands: readonly Band[], gap: number): Band[] {
  const out: Band[] = [];
  const dir = (s: Segment) => {
    const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
    return { ux: (s.x2 - s.x1) / length, uy: (s.y2 - s.y1) / length, length };
  };
  for (let i = 0; i < bands.length; i++) {
    for (let j = i + 1; j < bands.length; j++) {
      const a = bands[i] as Band;
      const b = bands[j] as Band;
      const da = dir(a.from);
      const db = dir(b.from);
      const cross = da.ux * db.uy - da.uy * db.ux;
      if (Math.abs(da.ux * db.ux + da.uy * db.uy) > SQUARE) continue;
      // where the two lines cross: a.from.x1 + ux·t = b.from.x1 + vx·u
      const ex = b.from.x1 - a.from.x1;
      const ey = b.from.y1 - a.from.y1;
      const ta = (ex * db.uy - ey * db.ux) / cross;
      const tb = (ex * da.uy - ey * da.ux) / cross;
      const px = a.from.x1 + da.ux * ta;
      const py = a.from.y1 + da.uy * ta;
      // each line ends near the crossing (beyond or short of its end, never through its middle)
      const endA = ta < da.length / 2 ? ta : ta - da.length;
      const endB = tb < db.length / 2 ? tb : tb - db.length;
      if (Math.abs(endA) > gap || Math.abs(endB) > gap) continue;
      // each band faces away from the other line: the outside of one frame's corner
      const na = { x: -da.uy * Math.sign(a.offset), y: da.ux * Math.sign(a.offset) };
      const nb = { x: -db.uy * Math.sign(b.offset), y: db.ux * Math.sign(b.offset) };
      const midA = { x: (a.from.x1 + a.from.x2) / 2 - px, y: (a.from.y1 + a.from.y2) / 2 - py };
      const midB = { x: (b.from.x1 + b.from.x2) / 2 - px, y: (b.from.y1 + b.from.y2) / 2 - py };
      if (na.x * midB.x + na.y * midB.y >= 0 || nb.x * midA.x + nb.y * midA.y >= 0) continue;
      // each band carried from its line's near end through the crossing to the other's far edge
      for (const [band, d, t, other] of [
        [a, da, ta, b],
        [b, db, tb, a],
      ] as const) {
        const s = band.from;
        const start = t < d.length / 2 ? 0 : d.length;
        const way = t < start ? -1 : 1;
        const end = t + way * (Math.abs(other.offset) + 0.5);
        if ((end - start) * way <= 0) continue;
        out.push({
          from: {
            x1: s.x1 + d.ux * start,
            y1: s.y1 + d.uy * start,
            x2: s.x1 + d.ux * end,
            y2: s.y1 + d.uy * end,
            width: s.width,
          },
          // run backwards, the line's left normal turns round
          offset: band.offset * way,
        });
      }
    }
  }
  return out;
}

/**
 * The fourth side of a frame whose upright's own edge the line finder found only on the wall side
 * (a casing seen at an angle shows its reveal too, and its inner edge is broken by the sash):
 * where a long line (`segments` at least `minLength` long) roughly square to a band's line runs
 * from the band's far edge (its end within `gap` px of it) past the end of the band's line, 3 to
 * `widest` px beyond that end, it is the casing's outer edge, and the strip between it and where
 * the band's line ends (the opening's edge: the head's inner edge ends there) is casing, as is the
 * corner between, when the strip is trim by its colour (nearer neutral than the wall across the
 * line, not darker) and the edge at its inner side is at least `OPENING` times the step across the
 * line (a casing's outer edge is faint, the opening's strong), and the strip is at most twice as
 * wide as the band (the casing and as much again of reveal, seen at an angle). A wall's corner
 * beside a window runs on past the head's far edge to the ceiling, so its end is not there, and a
 * strip of wall between a corner and a door has no such strong edge running along it.
 */
export function frameSides(
  bands: readonly Band[],
  segments: readonly Segment[],
  lab: Float32Array,
  width: number,
  height: number,
  minLength: number,
  gap: number,
  widest: number,
): Band[] {
  const out: Band[] = [];
  for (const b of bands) {
    const s = b.from;
    const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
    const ux = (s.x2 - s.x1) / length;
    const uy = (s.y2 - s.y1) / length;
    // the band's far side, along its line's left normal
    const nx = -uy * Math.sign(b.offset);
    const ny = ux * Math.sign(b.offset);
    for (const l of segments) {
      const ll = Math.hypot(l.x2 - l.x1, l.y2 - l.y1);
      if (ll < minLength || l === s) continue;
      const vx = (l.x2 - l.x1) / ll;
      const vy = (l.y2 - l.y1) / ll;
      const cross = ux * vy - uy * vx;
      if (Math.abs(ux * vx + uy * vy) > SQUARE) continue;
      // where l crosses the band's line (t along it) and its far edge (u along l)
      const ex = l.x1 - s.x1;
      const ey = l.y1 - s.y1;
      const t = (ex * vy - ey * vx) / cross;
      const w = t < 0 ? -t : t - length;
      // one frame: its side is the casing, as wide as the band, and at most as much again of the
      // opening's reveal (seen at an angle), never wider than `widest`
      if (w < 3 || w > Math.min(widest, 2 * Math.abs(b.offset))) continue;
      const fx = s.x1 + nx * Math.abs(b.offset);
      const fy = s.y1 + ny * Math.abs(b.offset);
      const u = ((fy - l.y1) * ux - (fx - l.x1) * uy) / cross;
      const end = u < ll / 2 ? u : u - ll;
      if (Math.abs(end) > gap) continue;
      // l runs from the far edge across the band's line, away from the band's far side
      const away = u < ll / 2 ? 1 : -1;
      if ((vx * nx + vy * ny) * away >= 0) continue;
      // the strip beside l towards the band's line's end
      const tx = t < 0 ? s.x1 : s.x2;
      const ty = t < 0 ? s.y1 : s.y2;
      const side = Math.sign(-(tx - l.x1) * vy + (ty - l.y1) * vx);
      // …and it is trim by its colour, as a band is: nearer neutral than the wall across l, and not darker
      const strip = meanBeside(lab, width, height, l, side, 2, w - 2);
      const wall = meanBeside(lab, width, height, l, -side, 2, 5);
      if (!strip || !wall) continue;
      if (strip.chroma > wall.chroma - BAND_STEP || strip.light < wall.light * (1 - BAND_DARKER)) continue;
      // …and the opening's edge at its inner side is the frame's strong edge, the outer one faint
      // (a strip of wall between a corner and a door is no frame: nothing strong runs along it)
      const inner = meanBeside(lab, width, height, l, side, w + 1, w + 3);
      const edge = meanBeside(lab, width, height, l, side, Math.max(2, w - 4), w - 2);
      if (!inner || !edge || difference(inner, edge) < OPENING * difference(strip, wall)) continue;
      out.push({ from: l, offset: side * (w + 0.5) });
      // and the band carried along its line out to l
      const from = t < 0 ? 0 : length;
      const way = t < from ? -1 : 1;
      out.push({
        from: { x1: s.x1 + ux * from, y1: s.y1 + uy * from, x2: s.x1 + ux * t, y2: s.y1 + uy * t, width: s.width },
        offset: b.offset * way,
      });
    }
  }
  return out;
}

/** How much stronger than a frame's outer edge the opening's edge inside it is. */
const OPENING = 2;

/** The step between two means: their chromaticities' distance and 100·ln of their L*+16's ratio. */
const difference = (p: Mean, q: Mean) => Math.hypot(p.a - q.a, p.b - q.b, 100 * Math.log(p.light / q.light));

/** Mean chromaticity (a*, b* over L*+16, ×100), its distance from neutral, and L*+16. */
interface Mean {
  a: number;
  b: number;
  chroma: number;
  light: number;
}

/** Mean L*+16 and chromaticity's distance from neutral (×100) beside segment `s`, `near`–`far` px off on its `side` (of its left normal). */
function meanBeside(
  lab: Float32Array,
  width: number,
  height: number,
  s: Segment,
  side: number,
  near: number,
  far: number,
): Mean | null {
  const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1);
  const ux = (s.x2 - s.x1) / length;
  const uy = (s.y2 - s.y1) / length;
  let a = 0;
  let b = 0;
  let l = 0;
  let n = 0;
  for (let t = 0.1 * length; t <= 0.9 * length; t += 1) {
    for (let d = near; d <= far; d++) {
      const x = Math.round(s.x1 + ux * t - uy * d * side);
      const y = Math.round(s.y1 + uy * t + ux * d * side);
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const p = (y * width + x) * 3;
      const light = Math.max(1, (lab[p] as number) + 16);
      a += (100 * (lab[p + 1] as number)) / light;
      b += (100 * (lab[p + 2] as number)) / light;
      l += light;
      n++;
    }
  }
  return n ? { a: a / n, b: b / n, chroma: Math.hypot(a / n, b / n), light: l / n } : null;
}
