import type { Band, Segment } from './room-lines';

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
