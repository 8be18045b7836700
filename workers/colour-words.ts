import type { Undertone } from '../shared/catalogue/types';

/**
 * What a colour word means, as ranges over facts every catalogue colour carries: OKLCh hue and
 * chroma (from its OKLab, the space the catalogue's categories are cut in), CIELAB L*, LRV and
 * undertone. A colour is in a word's range when every bound holds; absent bounds are open.
 */
export interface ColourRange {
  /** OKLCh hue arc [from, to) in degrees; `from > to` wraps through 0. */
  hue?: readonly [number, number];
  chroma?: readonly [number, number];
  /** CIELAB L*. */
  lightness?: readonly [number, number];
  lrv?: readonly [number, number];
  undertone?: Undertone;
}

/** The facts of one colour that the ranges read. */
export interface ColourFacts {
  hue: number;
  chroma: number;
  lightness: number;
  lrv: number;
  undertone: Undertone;
}

const ANY = Number.POSITIVE_INFINITY;

/**
 * Hue words, lightness words, undertone words and the paint trade's words, cut from where the
 * catalogue's own colours of each kind sit (its categories use the same OKLCh hue arcs). A hue
 * needs some chroma: a grey with a faint green cast is not 'green'.
 */
export const COLOUR_WORDS: Readonly<Record<string, ColourRange>> = {
  red: { hue: [350, 45], chroma: [0.06, ANY], lightness: [20, 68] },
  pink: { hue: [340, 55], chroma: [0.025, ANY], lightness: [62, 100] },
  blush: { hue: [350, 60], chroma: [0.02, 0.09], lightness: [65, 100] },
  orange: { hue: [40, 78], chroma: [0.08, ANY], lightness: [45, 100] },
  terracotta: { hue: [25, 62], chroma: [0.07, ANY], lightness: [35, 68] },
  yellow: { hue: [78, 112], chroma: [0.06, ANY], lightness: [68, 100] },
  mustard: { hue: [72, 102], chroma: [0.08, ANY], lightness: [52, 82] },
  ochre: { hue: [65, 95], chroma: [0.06, ANY], lightness: [45, 80] },
  green: { hue: [100, 178], chroma: [0.02, ANY] },
  sage: { hue: [100, 160], chroma: [0.02, 0.075], lightness: [45, 85] },
  olive: { hue: [88, 125], chroma: [0.03, ANY], lightness: [0, 56] },
  teal: { hue: [170, 228], chroma: [0.015, ANY], lightness: [25, 88] },
  blue: { hue: [215, 292], chroma: [0.02, ANY] },
  navy: { hue: [215, 292], chroma: [0.015, ANY], lightness: [0, 36] },
  purple: { hue: [285, 5], chroma: [0.02, ANY] },
  lilac: { hue: [285, 5], chroma: [0.015, ANY], lightness: [60, 100] },
  brown: { hue: [20, 95], chroma: [0.02, ANY], lightness: [0, 52] },
  grey: { chroma: [0, 0.03], lightness: [25, 86] },
  white: { chroma: [0, 0.04], lrv: [65, ANY] },
  black: { chroma: [0, 0.05], lightness: [0, 25] },
  cream: { hue: [70, 108], chroma: [0.025, 0.085], lightness: [83, 100] },
  beige: { hue: [55, 105], chroma: [0.015, 0.06], lightness: [66, 90] },
  offwhite: { chroma: [0.008, 0.045], lightness: [85, 98] },
  greige: { hue: [60, 112], chroma: [0.01, 0.035], lightness: [55, 88] },
  stone: { hue: [60, 112], chroma: [0.015, 0.05], lightness: [60, 86] },
  // Lightness, on the LRV bands the catalogue's descriptions use (70, 50, 25, 10).
  pale: { lrv: [60, ANY] },
  light: { lrv: [50, ANY] },
  mid: { lrv: [20, 55] },
  dark: { lrv: [0, 20] },
  deep: { lrv: [0, 15] },
  warm: { undertone: 'warm' },
  cool: { undertone: 'cool' },
};

/** Other spellings and forms people type for the same word. */
const WORD_ALIASES: Readonly<Record<string, string>> = {
  gray: 'grey',
  violet: 'purple',
  lavender: 'lilac',
  medium: 'mid',
  dusky: 'deep',
  ocher: 'ochre',
};

/** Below this many letters a word is only taken as typed: too many short words are one edit apart. */
const TYPO_MIN_LENGTH = 5;

/** The colour word a query word means ('greens', 'purpel' and 'gray' included), if any. */
export function colourWord(word: string, within: (a: string, b: string) => boolean): string | undefined {
  if (word in COLOUR_WORDS) return word;
  const alias = WORD_ALIASES[word];
  if (alias) return alias;
  if (word.length < TYPO_MIN_LENGTH) return undefined;
  for (const known of Object.keys(COLOUR_WORDS))
    if (known.length >= TYPO_MIN_LENGTH && within(word, known)) return known;
  return undefined;
}

const inArc = (h: number, [from, to]: readonly [number, number]) =>
  from <= to ? h >= from && h < to : h >= from || h < to;
const inside = (v: number, [lo, hi]: readonly [number, number]) => v >= lo && v < hi;

/** How near `v` sits to the middle of a closed band: 1 at the centre, 0 at an edge (open bands: 1). */
function centred(v: number, [lo, hi]: readonly [number, number]): number {
  if (!Number.isFinite(hi) || lo === 0) return 1;
  return 1 - Math.abs(v - (lo + hi) / 2) / ((hi - lo) / 2);
}

/**
 * Whether a colour is in the range, and how typical of it (0–1): null when outside. The typical
 * ones (hue mid-arc, L* mid-band) come first among colours that only the range found.
 */
export function colourFit(range: ColourRange, c: ColourFacts): number | null {
  if (range.undertone && c.undertone !== range.undertone) return null;
  if (range.chroma && !inside(c.chroma, range.chroma)) return null;
  if (range.lightness && !inside(c.lightness, range.lightness)) return null;
  if (range.lrv && !inside(c.lrv, range.lrv)) return null;
  let fit = 1;
  if (range.hue) {
    if (!inArc(c.hue, range.hue)) return null;
    const [from, to] = range.hue;
    const width = (to - from + 360) % 360;
    const at = (c.hue - from + 360) % 360;
    fit *= 1 - Math.abs(at - width / 2) / (width / 2);
  }
  if (range.lightness) fit *= centred(c.lightness, range.lightness);
  return Math.max(0, fit);
}
