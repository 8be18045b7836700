import type { RegionGraph } from './room-graph';

/**
 * Pieces of the tapped wall in a shadow that the flood could not reach. Under a lamp, the shadow a
 * headboard or a shelf throws up the wall is lit by the room's ambient light alone, as most of the
 * wall away from the lamps is, while the lamp's light around it moves the chromaticity of the wall
 * beside it: the shadow's edges are then lines across which the chromaticity changes, kept as
 * borders, and the flood stops there. Such a piece still shows the tapped superpixel's own
 * chromaticity (`samePaint`); is a change of light darker than the surface along at least half of
 * where they meet (directly, or across a level line's superpixels: a shadow's edge; across an
 * upright line lies another wall or an object's side, which the corner rules judge); is outlined
 * by lines and the surface (a shadow on a flat wall by its own edges and by what casts it; a white
 * sideboard in the wall's paint has the floor and the room around it), and met by the surface
 * along a share of that outline (a white fire surround under its mantel touches the wall at a few
 * points only); is enclosed (it does not reach the picture's edge, as a ceiling or a floor does);
 * and is no larger than the surface.
 * `leaf` is the inner edge above which a superpixel straddles an edge and is not taken.
 */
export function addShadowPieces(
  g: RegionGraph,
  seed: number,
  strict: Uint8Array,
  leaf: number,
  samePaint: (a: number, b: number) => boolean,
  isCorner: (k: number) => boolean,
): void {
  let own = 0;
  for (let k = 0; k < g.count; k++) if (strict[k]) own += g.size[k] as number;
  const ls = (g.lab[seed * 3] as number) + 16;
  const candidate = new Uint8Array(g.count);
  for (let k = 0; k < g.count; k++) {
    if (strict[k] || (g.opaque[k] as number) < 0.5 || (g.clipped[k] as number) > 0.5) continue;
    if ((g.line[k] as number) > 0.5 || (g.inner[k] as number) > leaf) continue;
    const lk = (g.lab[k * 3] as number) + 16;
    if (Math.max(lk, ls) / Math.min(lk, ls) > RATIO) continue;
    if (samePaint(seed, k)) candidate[k] = 1;
  }
  const seen = new Uint8Array(g.count);
  const stack: number[] = [];
  const members: number[] = [];
  for (let s = 0; s < g.count; s++) {
    if (!candidate[s] || seen[s]) continue;
    members.length = 0;
    stack.push(s);
    seen[s] = 1;
    let framed = false;
    let pixels = 0;
    // where the piece meets the surface (pairs of a member and a surface superpixel), and how
    // many of those pairs are a step down into shadow
    let pairs = 0;
    let shaded = 0;
    // its outer neighbours, and how many are neither the surface nor a line
    let around = 0;
    let loose = 0;
    while (stack.length > 0) {
      const k = stack.pop() as number;
      members.push(k);
      pixels += g.size[k] as number;
      if (g.frame[k]) framed = true;
      const lk = (g.lab[k * 3] as number) + 16;
      const meet = (m: number) => {
        pairs++;
        if ((g.lab[m * 3] as number) + 16 >= SHADOW * lk) shaded++;
      };
      for (let i = g.start[k] as number; i < (g.start[k + 1] as number); i++) {
        const j = g.to[i] as number;
        if (candidate[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
        if (!candidate[j]) {
          around++;
          if (!strict[j] && (g.line[j] as number) <= 0.5) loose++;
        }
        if (strict[j]) meet(j);
        else if ((g.line[j] as number) > 0.5) {
          for (let n = g.start[j] as number; n < (g.start[j + 1] as number); n++) {
            const m = g.to[n] as number;
            if (!strict[m]) continue;
            // across an upright line: never a step into shadow of the same wall
            if (isCorner(j)) pairs++;
            else meet(m);
          }
        }
      }
    }
    const outlined = loose <= OUTLINE_SHARE * around;
    // a shadow is cast on the wall, so the wall meets it along a share of its outline; a piece
    // that touches the surface at a few points round a long outline stands in front of it
    const within = pairs >= MEET_SHARE * around;
    if (framed || pairs === 0 || shaded < SHADED_SHARE * pairs || !outlined || !within || pixels > own) continue;
    for (const k of members) strict[k] = 1;
  }
}

/** Least (L*+16) ratio of the lit side to the shaded one: a change of light (as for lines). */
const SHADOW = 1.1;
/** Least share of where the piece meets the surface that is such a step. */
const SHADED_SHARE = 0.5;
/** Largest share of the piece's outer neighbours that may be neither the surface nor a line. */
const OUTLINE_SHARE = 1 / 3;
/**
 * Least share of the piece's outer neighbours where it meets the surface (`pairs`, as counted).
 * The shadows taken in the bench's rooms (three noise draws) meet it at 0.13 or more; the two
 * large pieces taken that were not wall (a white fire surround among them) at 0.03.
 */
const MEET_SHARE = 0.1;
/** Largest (L*+16) ratio to the tapped superpixel: as the flood's own background markers. */
const RATIO = 2;
