import { chromaOf, type HarmonyTerms, harmonyOfTerms, harmonyTerms, hueOf } from '../color/harmony';
import type { Random } from './generate';
import { PALETTE_DEFAULT } from './limits';
import type { PaletteStyle } from './style-names';

/**
 * Palette styles: pure functions that refill the unlocked positions of a palette so the
 * whole palette meets a style's definition, built around the locked colours. `Random` stays in
 * generate.ts; these are the guided ones.
 */

/** The definitions' thresholds, CIELAB chroma and hue angle (h_ab) in degrees. */
const STYLE_RULES = {
  /** A paint with chroma at least this has a hue people see (Hague Blue, 8.6, reads blue). */
  chromatic: 5,
  /** Near-neutral: chroma below this (Neutral + accent). */
  neutralBelow: 10,
  /** Clearly coloured: chroma above this (Neutral + accent). */
  accentAbove: 25,
  tonalArc: 30,
  tonalLrvSpread: 40,
  analogousArc: 60,
  /** The base family of Complementary spans this arc… */
  baseArc: 30,
  /** …and its accents sit at 180° ± this from the base's centre. */
  accentTolerance: 40,
} as const;

/** What a style needs of a colour: the catalogue's id, stored CIELAB and LRV. */
export interface StyleColor {
  id: string;
  lab: readonly [number, number, number];
  lrv: number;
}

export type StyleResult =
  | { ok: true; ids: string[] }
  /** `locks`: the locked colours rule the style out; `pool`: too few paints (the filter) for it. */
  | { ok: false; cause: 'locks' | 'pool' };

interface Prepared {
  id: string;
  c: number;
  h: number;
  lrv: number;
  terms: HarmonyTerms;
}

const prepare = (color: StyleColor): Prepared => {
  const lab = { l: color.lab[0], a: color.lab[1], b: color.lab[2] };
  return { id: color.id, c: chromaOf(lab), h: hueOf(lab), lrv: color.lrv, terms: harmonyTerms(lab) };
};

// The pool (the catalogue or a filtered list) is prepared once: a press then costs well under 2 ms.
const preparedPools = new WeakMap<readonly StyleColor[], Prepared[]>();
function preparePool(pool: readonly StyleColor[]): Prepared[] {
  let prepared = preparedPools.get(pool);
  if (!prepared) {
    prepared = pool.map(prepare);
    preparedPools.set(pool, prepared);
  }
  return prepared;
}

/** Degrees from `from` to `to`, going up the hue circle: 0 to 360. */
const ahead = (from: number, to: number) => (((to - from) % 360) + 360) % 360;
/** Whether hue `h` lies in the arc that starts at `start` and spans `width` degrees. */
const inArc = (h: number, start: number, width: number) => ahead(start, h) <= width;
/** The shortest distance between two hues, 0 to 180. */
const hueDistance = (x: number, y: number) => Math.min(ahead(x, y), ahead(y, x));

/** The narrowest arc holding every hue: 360 minus the widest gap between neighbours. */
function hueSpread(hues: readonly number[]): number {
  if (hues.length < 2) return 0;
  const sorted = [...hues].sort((a, b) => a - b);
  let widestGap = 360 - ((sorted.at(-1) as number) - (sorted[0] as number));
  for (let i = 1; i < sorted.length; i++) {
    widestGap = Math.max(widestGap, (sorted[i] as number) - (sorted[i - 1] as number));
  }
  return 360 - widestGap;
}

const isChromatic = (p: Prepared) => p.c >= STYLE_RULES.chromatic;

/** Whether the colours meet the style's definition (the issue's wording, made exact here). */
export function meetsStyle(style: PaletteStyle, colors: readonly StyleColor[]): boolean {
  const all = colors.map(prepare);
  const hues = all.filter(isChromatic).map((p) => p.h);
  switch (style) {
    case 'Random':
    case 'Harmonious':
      return true;
    case 'Tonal': {
      const lrvs = all.map((p) => p.lrv);
      return (
        hues.length >= 2 &&
        hueSpread(hues) <= STYLE_RULES.tonalArc &&
        Math.max(...lrvs) - Math.min(...lrvs) >= STYLE_RULES.tonalLrvSpread
      );
    }
    case 'Analogous':
      return hues.length >= 2 && hueSpread(hues) <= STYLE_RULES.analogousArc;
    case 'Complementary':
      return complementaryCentre(hues) !== null;
    case 'Neutral + accent': {
      const accents = all.filter((p) => p.c > STYLE_RULES.accentAbove).length;
      const neutrals = all.filter((p) => p.c < STYLE_RULES.neutralBelow).length;
      return accents >= 1 && accents <= 2 && neutrals === all.length - accents;
    }
  }
}

/**
 * A base-family centre for which every hue is in the base arc or among the accents (180° ± 40°),
 * with at least one in each; null when none exists. Candidate centres: each hue, its opposite, and
 * the arc edges they imply, so a whole-degree sweep is not needed.
 */
function complementaryCentre(hues: readonly number[]): number | null {
  const halfBase = STYLE_RULES.baseArc / 2;
  const tol = STYLE_RULES.accentTolerance;
  const candidates = hues.flatMap((h) => [h, h - halfBase, h + halfBase, h + 180, h + 180 - tol, h + 180 + tol]);
  for (const raw of candidates) {
    const centre = ((raw % 360) + 360) % 360;
    let base = 0;
    let accent = 0;
    let fits = true;
    for (const h of hues) {
      if (hueDistance(h, centre) <= halfBase + 1e-9) base++;
      else if (hueDistance(h, centre + 180) <= tol + 1e-9) accent++;
      else {
        fits = false;
        break;
      }
    }
    if (fits && base > 0 && accent > 0) return centre;
  }
  return null;
}

interface Job {
  size: number;
  /** The palette so far: locked colours in place, null where a colour is wanted. */
  slots: Array<Prepared | null>;
  locked: Prepared[];
  free: Prepared[];
  random: Random;
}

const pickOne = <T>(list: readonly T[], random: Random): T => list[Math.floor(random() * list.length)] as T;

/** Up to `count` distinct paints spread from light to dark: one from each LRV band of `from`. */
function ladder(from: readonly Prepared[], count: number, random: Random): Prepared[] | null {
  if (from.length < count) return null;
  if (count === 0) return [];
  const sorted = [...from].sort((a, b) => b.lrv - a.lrv);
  const out: Prepared[] = [];
  for (let i = 0; i < count; i++) {
    const lo = Math.floor((i * sorted.length) / count);
    const hi = Math.floor(((i + 1) * sorted.length) / count);
    out.push(sorted[lo + Math.floor(random() * (hi - lo))] as Prepared);
  }
  return out;
}

/** Unlocked positions get `picks`; with `lightToDark`, in LRV order (a ladder reads top to bottom). */
function place(job: Job, picks: Prepared[], lightToDark: boolean): string[] {
  const ordered = lightToDark ? [...picks].sort((a, b) => b.lrv - a.lrv) : picks;
  let next = 0;
  return job.slots.map((slot) => (slot ? slot.id : (ordered[next++] as Prepared).id));
}

const TRIES = 24;

/** Draws arcs of `width` that hold the locked hues; `fill` builds a palette in one or says null. */
function withinArc(
  job: Job,
  width: number,
  minChroma: number,
  fill: (candidates: Prepared[]) => Prepared[] | null,
  lightToDark: boolean,
): StyleResult {
  const lockedHues = job.locked.filter(isChromatic).map((p) => p.h);
  if (hueSpread(lockedHues) > width) return { ok: false, cause: 'locks' };
  const usable = job.free.filter((p) => p.c >= minChroma);
  const tryStart = (start: number) => {
    if (!lockedHues.every((h) => inArc(h, start, width))) return null;
    const picks = fill(usable.filter((p) => inArc(p.h, start, width)));
    return picks ? place(job, picks, lightToDark) : null;
  };
  // Random arcs first (a new palette every press), anchored on a locked hue or a random paint.
  for (let i = 0; i < TRIES; i++) {
    const anchor = lockedHues.length > 0 ? pickOne(lockedHues, job.random) : pickOne(usable, job.random)?.h;
    if (anchor === undefined) break;
    const ids = tryStart(anchor - job.random() * width);
    if (ids) return { ok: true, ids };
  }
  // Then every arc whose edge sits on a paint, so "impossible" is said only when it is.
  for (const h of [...lockedHues, ...usable.map((p) => p.h)]) {
    for (const start of [h, h - width]) {
      const ids = tryStart(start);
      if (ids) return { ok: true, ids };
    }
  }
  return { ok: false, cause: lockedHues.length > 0 ? 'locks' : 'pool' };
}

function tonal(job: Job): StyleResult {
  const wanted = job.slots.filter((s) => !s).length;
  const lockedChromatic = job.locked.filter(isChromatic).length;
  return withinArc(
    job,
    STYLE_RULES.tonalArc,
    // Pale and deep versions of a hue lose chroma; they still belong to the family when tinted.
    3,
    (candidates) => {
      for (let i = 0; i < 6; i++) {
        const picks = ladder(candidates, wanted, job.random);
        if (!picks) return null;
        const all = [...job.locked, ...picks];
        const lrvs = all.map((p) => p.lrv);
        if (
          Math.max(...lrvs) - Math.min(...lrvs) >= STYLE_RULES.tonalLrvSpread &&
          lockedChromatic + picks.filter(isChromatic).length >= 2
        ) {
          return picks;
        }
      }
      return null;
    },
    true,
  );
}

function analogous(job: Job): StyleResult {
  const wanted = job.slots.filter((s) => !s).length;
  return withinArc(job, STYLE_RULES.analogousArc, STYLE_RULES.chromatic, (c) => ladder(c, wanted, job.random), false);
}

const accentCount = (size: number) => (size <= 4 ? 1 : size <= 7 ? 2 : 3);

function complementary(job: Job): StyleResult {
  const halfBase = STYLE_RULES.baseArc / 2;
  const tol = STYLE_RULES.accentTolerance;
  const lockedHues = job.locked.filter(isChromatic).map((p) => p.h);
  const usable = job.free.filter(isChromatic);
  const wanted = job.slots.filter((s) => !s).length;
  const tryCentre = (centre: number): string[] | null => {
    const lockedBase = lockedHues.filter((h) => hueDistance(h, centre) <= halfBase).length;
    const lockedAccent = lockedHues.filter((h) => hueDistance(h, centre + 180) <= tol).length;
    if (lockedBase + lockedAccent < lockedHues.length) return null;
    const accentsWanted = Math.min(wanted, Math.max(0, accentCount(job.size) - lockedAccent));
    const baseWanted = wanted - accentsWanted;
    if (lockedBase + baseWanted === 0 || lockedAccent + accentsWanted === 0) return null;
    const base = ladder(
      usable.filter((p) => hueDistance(p.h, centre) <= halfBase),
      baseWanted,
      job.random,
    );
    const accents = ladder(
      usable.filter((p) => hueDistance(p.h, centre + 180) <= tol),
      accentsWanted,
      job.random,
    );
    return base && accents ? place(job, [...base, ...accents], false) : null;
  };
  for (let i = 0; i < TRIES; i++) {
    // A locked paint leads the base family first: lock Hague Blue and the accents answer it.
    const anchor = lockedHues.length > 0 ? pickOne(lockedHues, job.random) : pickOne(usable, job.random)?.h;
    if (anchor === undefined) break;
    const asAccent = lockedHues.length > 0 && i >= TRIES / 2;
    // A locked paint is the base family's centre, so its accents sit 180° ± 40° from it exactly.
    const jitter = lockedHues.length > 0 ? 0 : (job.random() * 2 - 1) * halfBase;
    const centre = asAccent ? anchor + 180 + (job.random() * 2 - 1) * tol : anchor + jitter;
    const ids = tryCentre(centre);
    if (ids) return { ok: true, ids };
  }
  for (let centre = 0; centre < 360; centre += 2) {
    const ids = tryCentre(centre);
    if (ids) return { ok: true, ids };
  }
  return { ok: false, cause: lockedHues.length > 0 ? 'locks' : 'pool' };
}

function neutralAccent(job: Job): StyleResult {
  const { accentAbove, neutralBelow } = STYLE_RULES;
  if (job.locked.some((p) => p.c >= neutralBelow && p.c <= accentAbove)) return { ok: false, cause: 'locks' };
  const lockedAccents = job.locked.filter((p) => p.c > accentAbove).length;
  const lockedNeutrals = job.locked.length - lockedAccents;
  if (lockedAccents > 2) return { ok: false, cause: 'locks' };
  const wanted = job.slots.filter((s) => !s).length;
  // One accent, or two in a larger palette; never fewer than the locked ones, never all of it.
  const options = [1, 2].filter((k) => k >= lockedAccents && k <= job.size - 1 && job.size - k >= lockedNeutrals);
  if (options.length === 0) return { ok: false, cause: 'locks' };
  const k = job.size >= 5 && options.includes(2) && job.random() < 0.5 ? 2 : (options[0] as number);
  const accents = ladder(
    job.free.filter((p) => p.c > accentAbove),
    k - lockedAccents,
    job.random,
  );
  const neutrals = ladder(
    job.free.filter((p) => p.c < neutralBelow),
    wanted - (k - lockedAccents),
    job.random,
  );
  if (!accents || !neutrals) return { ok: false, cause: 'pool' };
  // The accents land anywhere: a strip of greys with the colour always last would look staged.
  const picks = [...neutrals];
  for (const accent of accents) picks.splice(Math.floor(job.random() * (picks.length + 1)), 0, accent);
  return { ok: true, ids: place(job, picks, false) };
}

/** Two paints closer than this (CIELAB distance) read as one colour twice: Harmonious skips them. */
const HARMONIOUS_MIN_DISTANCE = 12;
/** CIELAB L* between a Harmonious palette's lightest and darkest paint: not five near-whites. */
const HARMONIOUS_MIN_LIGHTNESS_SPAN = 40;
/** Each step takes one of the best few companions at random: variety without losing the score. */
const HARMONIOUS_TOP = 6;

function harmonious(job: Job): StyleResult {
  const { free, random } = job;
  const wanted = job.slots.filter((s) => !s).length;
  // Running sums of each free paint's CH with the palette so far: one pass per added colour.
  const sums = new Float64Array(free.length);
  const blocked = new Uint8Array(free.length);
  const minSq = HARMONIOUS_MIN_DISTANCE ** 2;
  let members = 0;
  const add = (m: Prepared) => {
    members++;
    for (let i = 0; i < free.length; i++) {
      if (blocked[i]) continue;
      const p = free[i] as Prepared;
      const dl = m.terms.l - p.terms.l;
      const da = m.terms.a - p.terms.a;
      const db = m.terms.b - p.terms.b;
      if (p.id === m.id || dl * dl + da * da + db * db < minSq) blocked[i] = 1;
      else sums[i] = (sums[i] as number) + harmonyOfTerms(m.terms, p.terms);
    }
  };
  for (const m of job.locked) add(m);
  const picks: Prepared[] = [];
  const bestIndex: number[] = [];
  let lightest = Math.max(-1, ...job.locked.map((m) => m.terms.l));
  let darkest = Math.min(101, ...job.locked.map((m) => m.terms.l));
  for (let step = 0; step < wanted; step++) {
    let chosen = -1;
    // The last pick must leave the palette a light-to-dark range a room can use (walls to trim).
    const last = step === wanted - 1 && job.size >= 3;
    const spanOk = (l: number) => Math.max(lightest, l) - Math.min(darkest, l) >= HARMONIOUS_MIN_LIGHTNESS_SPAN;
    if (members === 0) {
      chosen = Math.floor(random() * free.length);
    } else {
      bestIndex.length = 0;
      for (let i = 0; i < free.length; i++) {
        if (blocked[i]) continue;
        if (last && !spanOk((free[i] as Prepared).terms.l)) continue;
        const score = sums[i] as number;
        if (bestIndex.length < HARMONIOUS_TOP || score > (sums[bestIndex.at(-1) as number] as number)) {
          let at = bestIndex.length;
          while (at > 0 && (sums[bestIndex[at - 1] as number] as number) < score) at--;
          bestIndex.splice(at, 0, i);
          if (bestIndex.length > HARMONIOUS_TOP) bestIndex.pop();
        }
      }
      // Every paint is too close to one already in: take any unused one rather than fail.
      chosen = bestIndex.length > 0 ? (pickOne(bestIndex, random) as number) : blocked.indexOf(0);
    }
    const next = free[chosen];
    if (!next) return { ok: false, cause: 'pool' };
    blocked[chosen] = 1;
    lightest = Math.max(lightest, next.terms.l);
    darkest = Math.min(darkest, next.terms.l);
    picks.push(next);
    add(next);
  }
  // The seed was drawn first; shuffled, it does not always sit in the first free position.
  for (let i = picks.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [picks[i], picks[j]] = [picks[j] as Prepared, picks[i] as Prepared];
  }
  return { ok: true, ids: place(job, picks, false) };
}

const STYLES: Record<Exclude<PaletteStyle, 'Random'>, (job: Job) => StyleResult> = {
  Harmonious: harmonious,
  Tonal: tonal,
  Analogous: analogous,
  Complementary: complementary,
  'Neutral + accent': neutralAccent,
};

/** The same paints in any order are the same palette. */
export const paletteKey = (ids: readonly string[]) => [...ids].sort().join('|');

/**
 * Refills the unlocked positions of `current` in `style` from `pool` (the catalogue, or the paints
 * a filter allows); an empty palette becomes 5 colours. Locked colours stay and the rest are built
 * around them; when the locks or the pool rule the style out, says which and changes nothing. A
 * palette in `avoid` is drawn again (a few times: with most colours locked, a repeat may be all there is).
 */
export function generateStyled(
  style: Exclude<PaletteStyle, 'Random'>,
  current: readonly StyleColor[],
  locked: readonly boolean[],
  pool: readonly StyleColor[],
  random: Random,
  /** Palettes already shown (paletteKey): a press tries again rather than show one twice. */
  avoid: ReadonlySet<string> = new Set(),
): StyleResult {
  const size = current.length === 0 ? PALETTE_DEFAULT : current.length;
  const slots: Array<Prepared | null> = Array.from({ length: size }, (_, i) =>
    locked[i] && current[i] ? prepare(current[i] as StyleColor) : null,
  );
  const lockedColors = slots.filter((s): s is Prepared => s !== null);
  if (lockedColors.length === size) return { ok: true, ids: lockedColors.map((p) => p.id) };
  const taken = new Set(lockedColors.map((p) => p.id));
  const seen = new Set<string>();
  const free = preparePool(pool).filter((p) => !taken.has(p.id) && !seen.has(p.id) && seen.add(p.id));
  // A press shows new colours where it can: the unlocked paints on screen are left out of the
  // draw unless the style cannot be met without them (a small filter, a narrow hue family).
  const onScreen = new Set(current.filter((c, i) => !locked[i] && c).map((c) => c.id));
  if (onScreen.size > 0) {
    const fresh = free.filter((p) => !onScreen.has(p.id));
    const result = draw(style, { size, slots, locked: lockedColors, free: fresh, random }, avoid);
    if (result.ok) return result;
  }
  return draw(style, { size, slots, locked: lockedColors, free, random }, avoid);
}

function draw(style: Exclude<PaletteStyle, 'Random'>, job: Job, avoid: ReadonlySet<string>): StyleResult {
  let result = STYLES[style](job);
  for (let i = 0; i < 8 && result.ok && avoid.has(paletteKey(result.ids)); i++) result = STYLES[style](job);
  return result;
}

/** What the app says when a style cannot be met; `from` names the filter ('Lick Blues') if any. */
export function styleRefusal(style: PaletteStyle, cause: 'locks' | 'pool', from = ''): string {
  if (cause === 'pool') return `Too few ${from ? `${from} ` : ''}paints for a ${style} palette`;
  const why: Record<PaletteStyle, string> = {
    Random: '',
    Harmonious: 'the locked colours leave no paints to add',
    Tonal: 'the locked colours are not one hue family (within 30°)',
    Analogous: 'the locked colours are more than 60° of hue apart',
    Complementary: 'the locked colours are neither one hue family nor its opposite',
    'Neutral + accent': 'it takes near-neutrals and at most two strong colours',
  };
  return `${style} is impossible with these locks: ${why[style]}. Unlock a colour or pick another style.`;
}
