import { JOIN, lineSegments, type Segment, scaledSegment, stepEvidence } from './room-lines';

/**
 * Faint long lines the line finder's own threshold lets slip on one draw of a photo's noise and not
 * on another: a door's head or edge, a window's head, only a few levels lighter than the wall.
 *
 * The line finder leaves out pixels whose gradient is under twice the picture's typical gradient,
 * taken as the noise's. On the full-size picture that median is mostly noise; on the picture
 * averaged into 2×2 blocks, each pixel holds four times as much of the room (frames, furniture,
 * the grain of a floor) and the median is mostly that, ~1.5× the full size's, while the noise
 * there is half the full size's (white noise averaged over four pixels). So the half-size
 * search, meant for faint creases, drops the very pixels it is for, and a faint crease, just over
 * its threshold, is found or not as the noise falls. Looked for again at that size with the
 * threshold the noise sets, half the full size's typical gradient, the crease is found on most
 * draws; the a-contrario test (a line is kept only when so many aligned pixels are unlikely in
 * noise) still stands guard against noise. As a line carried on over a gap must
 * (`extendSegments`), each is kept only where the picture steps across it, of one sign along it, by
 * `EVIDENCE` standard errors (on `across`, the finest picture the lines were looked for on, `scale`
 * times smaller than the analysis picture): a door's edge or a crease is a step, while a plant's
 * thin stem is a ridge, the same either side, and a line along it would cut the wall seen between
 * the stems. Only lines not already found (most of their length more than 2 px from every line
 * found) are returned: what was found stays as it was.
 */
export function faintSegments(
  small: Float32Array,
  w: number,
  h: number,
  scale: number,
  noise: number,
  found: readonly Segment[],
  across: { value: Float32Array; width: number; height: number; scale: number },
  quantum?: (v: number) => number,
): Segment[] {
  const out: Segment[] = [];
  // an end of a line is joined to the next line within this gap anyway (`drawSegments`)
  const gap = (JOIN * (across.width + across.height) * across.scale) / 2;
  for (const s of lineSegments(small, w, h, noise, quantum)) {
    const seg = scaledSegment(s, scale);
    if (alreadyFound(seg, found, gap)) continue;
    const length = Math.hypot(seg.x2 - seg.x1, seg.y2 - seg.y1) || 1;
    const { z } = stepEvidence(
      across.value,
      across.width,
      across.height,
      seg.x1,
      seg.y1,
      (seg.x2 - seg.x1) / length,
      (seg.y2 - seg.y1) / length,
      length,
      across.scale,
    );
    if (z > EVIDENCE) out.push(seg);
  }
  return out;
}

/** Standard errors by which the picture must step across a faint line (as across a carried-on one). */
const EVIDENCE = 4;

/** Share of a segment's length within `NEAR` px of lines found for it to be one of them. */
const FOUND_SHARE = 0.7;
const NEAR = 2;

/**
 * Whether most of `s` lies within `NEAR` px of one of the `found` segments (beside it, not past its
 * ends) and no stretch of it off them is longer than `gap`, the gap a line's end is joined over
 * anyway. A door's head found in pieces that stop short of its corner (where the noise broke it)
 * is mostly found, but the faint line across the whole head closes the gap the flood leaks through.
 */
function alreadyFound(s: Segment, found: readonly Segment[], gap: number): boolean {
  const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1) || 1;
  let n = 0;
  let near = 0;
  let run = 0;
  for (let t = 0; t <= length; t += 2) {
    const x = s.x1 + ((s.x2 - s.x1) * t) / length;
    const y = s.y1 + ((s.y2 - s.y1) * t) / length;
    n++;
    for (const o of found) {
      const l = Math.hypot(o.x2 - o.x1, o.y2 - o.y1) || 1;
      const ux = (o.x2 - o.x1) / l;
      const uy = (o.y2 - o.y1) / l;
      const along = (x - o.x1) * ux + (y - o.y1) * uy;
      if (along < -NEAR || along > l + NEAR) continue;
      if (Math.abs((x - o.x1) * uy - (y - o.y1) * ux) <= NEAR) {
        near++;
        run = -2;
        break;
      }
    }
    run += 2;
    if (run > gap) return false;
  }
  return near >= FOUND_SHARE * n;
}
