import {
  BRANDS,
  type Brand,
  CATEGORIES,
  type CatalogueColor,
  type Category,
  type Undertone,
  UNDERTONES,
} from '../shared/catalogue/types';
import { deltaE2000From } from '../shared/color/difference';
import { parseHex } from '../shared/color/hex';
import { rgbToLab } from '../shared/color/spaces';
import { COLOUR_WORDS, colourFit, colourWord } from './colour-words';

/** What the search box and the filters ask for; an empty text lists every colour the filters allow. */
export interface SearchQuery {
  text: string;
  brand?: Brand | null;
  category?: Category | null;
  /** LRV from `min` (inclusive) to `max` (exclusive): the lightness filter. */
  lrv?: { min: number; max: number } | null;
  undertone?: Undertone | null;
  /** Only the best `limit` results (suggestions); all of them when absent. */
  limit?: number;
}

/** Ids best first, with their scores: the list is rendered from the catalogue the page already has. */
export interface SearchResult {
  ids: string[];
  scores: number[];
  /** Only when nothing matches: the colour (or words) the query most likely meant, e.g. 'Hague Blue'. */
  suggestion?: string;
}

/** The same answer as positions in the catalogue: one transferable buffer instead of many strings. */
export interface DocsResult {
  docs: Int32Array;
  suggestion?: string;
}

export interface SearchIndex {
  readonly size: number;
  search(query: SearchQuery): SearchResult;
  searchDocs(query: SearchQuery): DocsResult;
}

// Field codes of a posting, and what a match in each field is worth.
const NAME = 0;
const NUMBER = 1;
const BRAND = 2;
const CATEGORY = 3;
const DESCRIPTION = 4;
const WEIGHT = [10, 9, 6, 5, 1];

// How good a match of one query word is; exact and prefix name matches must outrank everything fuzzy.
const EXACT = 1;
const PREFIX = 0.8;
const FUZZY = 0.6;
const FUZZY_PREFIX = 0.5;
/**
 * A colour in a colour word's range scores between half this and this (typical ones more): below
 * a name's weight even with a one-edit name match added, so a name typed right always wins.
 */
const COLOUR_WEIGHT = 3.5;
const HEX_EXACT = 40;
const HEX_PREFIX = 8;
const NAME_EXACT_BONUS = 100;
const NAME_PREFIX_BONUS = 50;
const ALL_IN_NAME_BONUS = 20;

/**
 * Up to this many colours the page answers each keystroke itself, from the index the worker built and
 * transferred. Chosen from the bench row 'search query per keystroke, synthetic 2000 colours': p95
 * ~250 µs on the bench machine (about 1 ms at CPU 4× slower, inside the keystroke's frame), where 5 000
 * colours measured ~650 µs p95 and 4 ms for a hex code no paint has (all nearest by CIEDE2000). Ours
 * is 447 (~20 µs median). Above it the worker answers, so a big catalogue never blocks a keystroke.
 */
export const MAIN_THREAD_MAX = 2000;

/** A full hex code that no paint has brings back this many paints, nearest (CIEDE2000) first. */
export const NEAREST_TO_HEX = 12;

/**
 * One edit is allowed from four letters (as Algolia does): 'hage' finds Hague. Shorter words have too
 * many one-edit neighbours to guess at.
 */
const TYPO_MIN_LENGTH = 4;
/** Below this length a typo is tried only when the word starts no indexed word ('blue' is not 'glue'). */
const TYPO_ALWAYS_LENGTH = 5;

// Spellings people use interchangeably; each indexes the other too.
const ALIASES: Record<string, string[]> = {
  gray: ['grey'],
  grey: ['gray'],
  colour: ['color'],
  color: ['colour'],
};

/** Lower case, accents and apostrophes gone: `Elephant's Breath` → `elephants breath`. */
function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '');
}

function tokenize(text: string): string[] {
  return normalizeText(text)
    .split(/[^a-z0-9]+/)
    .filter((t) => t !== '');
}

/** The first sentence of our generated description, minus the words every colour shares. */
function descriptionWords(description: string): string[] {
  const first = description.split('.')[0] ?? '';
  return tokenize(first.replace(/with no strong undertone/i, '')).filter(
    (w) => !/^\d/.test(w) && !['a', 'an', 'with', 'undertone'].includes(w),
  );
}

/** A letter bitmask: a word within one edit of another lacks at most one of the other's letters. */
function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    mask |= 1 << (c >= 97 ? c - 97 : 26 + ((c - 48) % 6));
  }
  return mask;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** True when `a` becomes `b[0, bEnd)` by at most one insertion, deletion, substitution or swap of neighbours. */
export function withinOneEdit(a: string, b: string, bEnd = b.length): boolean {
  const la = a.length;
  const lb = bEnd;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === la && i === lb) return true;
  const same = (ai: number, bi: number) => {
    while (ai < la && bi < lb) if (a.charCodeAt(ai++) !== b.charCodeAt(bi++)) return false;
    return ai === la && bi === lb;
  };
  if (la === lb) {
    if (same(i + 1, i + 1)) return true;
    return a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i) && same(i + 2, i + 2);
  }
  return la > lb ? same(i + 1, i) : same(i, i + 1);
}

interface Posting {
  docs: number[];
  fields: number[];
}

/** A query word, as typed: `#3d4e`, `No. 30`, or an ordinary word. */
interface QueryToken {
  word: string;
  /** Matches only hex codes (typed with '#'). */
  hexOnly: boolean;
  /** Also tried as the start of a hex code (digits mixed with a–f). */
  hexToo: boolean;
  /** Matches only supplier numbers (typed after 'No.'). */
  numberOnly: boolean;
  /** A colour word ('dark', 'green', 'warm'): also matches every colour in its range (colour-words.ts). */
  colour?: string;
}

export function parseQuery(text: string): QueryToken[] {
  const cleaned = normalizeText(text)
    .replace(/\bf\s*&\s*b\b/g, ' farrow ball ')
    // 'No. 30', 'no 30', 'no.30': a supplier number, marked so it matches numbers only.
    .replace(/\bno\.?\s*(?=\d)/g, ' \u0001');
  const tokens: QueryToken[] = [];
  for (const piece of cleaned.split(/\s+/)) {
    if (piece === '') continue;
    if (/^#[0-9a-f]{1,6}$/.test(piece)) {
      tokens.push({ word: piece.slice(1), hexOnly: true, hexToo: true, numberOnly: false });
      continue;
    }
    const numberOnly = piece.startsWith('\u0001');
    const bare = numberOnly ? piece.slice(1) : piece;
    const looksHex =
      /^[0-9a-f]{3,6}$/.test(bare) &&
      (bare.length === 6 || (/[0-9]/.test(bare) && /[a-f]/.test(bare)) || /^\d+$/.test(bare));
    for (const word of tokenize(bare)) {
      const token: QueryToken = { word, hexOnly: false, hexToo: looksHex && word === bare && !numberOnly, numberOnly };
      const colour = numberOnly ? undefined : colourWord(word, withinOneEdit);
      if (colour) token.colour = colour;
      tokens.push(token);
    }
  }
  // 'off-white', 'off white': one paint word over two query words.
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    if (token.word === 'off' && next?.colour === 'white') {
      token.colour = 'offwhite';
      next.colour = 'offwhite';
    }
  });
  return tokens;
}

/** The first position in an ascending list (terms, or hex values) whose entry is not below `key`. */
function lowerBound<T extends string | number>(sorted: ArrayLike<T>, key: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as T) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Edit distance counting a swap of neighbours as one edit (optimal string alignment), bounded:
 * anything over `max` comes back as `max + 1`, as soon as a row shows it.
 */
export function editDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  let before = new Array<number>(lb + 1).fill(0);
  let prev = Array.from({ length: lb + 1 }, (_, j) => j);
  let cur = new Array<number>(lb + 1).fill(0);
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= lb; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        v = Math.min(v, (before[j - 2] as number) + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [before, prev, cur] = [prev, cur, before];
  }
  return Math.min(prev[lb] as number, max + 1);
}

/**
 * The index as typed arrays: the worker builds it and can hand the page a copy without
 * serialising (transfer), and the page queries it synchronously when the catalogue is small.
 */
export interface CompactSearchIndex {
  size: number;
  /** Distinct indexed words, sorted, '\n'-joined (UTF-8). */
  terms: Uint8Array;
  /** The postings of term t are entries [postingStart[t], postingStart[t + 1]). */
  postingStart: Uint32Array;
  postingDocs: Int32Array;
  postingFields: Uint8Array;
  /** One bit per field the term occurs in: suggestions come from names, brands and categories only. */
  termFieldBits: Uint8Array;
  termMasks: Uint32Array;
  /** Hex codes as numbers, ascending (the same order as the strings), and whose each is. */
  hexValues: Uint32Array;
  hexDocs: Int32Array;
  docByRank: Int32Array;
  nameRank: Int32Array;
  /** Positions in BRANDS and CATEGORIES. */
  brands: Uint8Array;
  categories: Uint8Array;
  /** CIELAB, three per colour, for the nearest paints to a hex code. */
  lab: Float64Array;
  /** Per colour: OKLCh hue (degrees) and chroma, and LRV, for colour words and the lightness filter. */
  hues: Float32Array;
  chromas: Float32Array;
  lrvs: Float32Array;
  /** Positions in UNDERTONES. */
  undertones: Uint8Array;
  /** Colour ids, normalised names and names as printed, each '\n'-joined (UTF-8). */
  ids: Uint8Array;
  names: Uint8Array;
  printedNames: Uint8Array;
}

/** The buffers to list in a transfer (Comlink.transfer / postMessage). */
export function compactBuffers(index: CompactSearchIndex): ArrayBuffer[] {
  return Object.values(index)
    .filter((v): v is ArrayBufferView => ArrayBuffer.isView(v))
    .map((v) => v.buffer as ArrayBuffer);
}

/** A copy whose buffers can be transferred while the original stays usable. */
export function copyCompactIndex(index: CompactSearchIndex): CompactSearchIndex {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(index)) {
    out[key] = ArrayBuffer.isView(value) ? (value as Uint8Array).slice() : value;
  }
  return out as unknown as CompactSearchIndex;
}

const encodeLines = (lines: readonly string[]) => new TextEncoder().encode(lines.join('\n'));
const decodeLines = (bytes: Uint8Array, count: number): string[] =>
  count === 0 ? [] : new TextDecoder().decode(bytes).split('\n');

export function compactSearchIndex(colors: readonly CatalogueColor[]): CompactSearchIndex {
  const n = colors.length;
  const names = colors.map((c) => tokenize(c.colorName).join(' '));

  const postings = new Map<string, Posting>();
  const add = (word: string, doc: number, field: number) => {
    for (const w of [word, ...(ALIASES[word] ?? [])]) {
      let p = postings.get(w);
      if (!p) {
        p = { docs: [], fields: [] };
        postings.set(w, p);
      }
      const last = p.docs.length - 1;
      // The same word twice in one colour counts once, in its best field (fields arrive best first).
      if (p.docs[last] === doc) continue;
      p.docs.push(doc);
      p.fields.push(field);
    }
  };
  colors.forEach((c, doc) => {
    for (const w of tokenize(c.colorName)) add(w, doc, NAME);
    if (c.number) add(normalizeText(c.number).replace(/\s+/g, ''), doc, NUMBER);
    for (const w of tokenize(c.brand)) add(w, doc, BRAND);
    if (c.brand === 'Farrow & Ball') add('fb', doc, BRAND);
    add(c.category.toLowerCase(), doc, CATEGORY);
    for (const w of descriptionWords(c.description)) add(w, doc, DESCRIPTION);
  });

  // No '\n' in a term: it separates them in the packed form.
  const terms = [...postings.keys()].filter((t) => !t.includes('\n')).sort();
  const postingStart = new Uint32Array(terms.length + 1);
  let total = 0;
  terms.forEach((t, i) => {
    postingStart[i] = total;
    total += (postings.get(t) as Posting).docs.length;
  });
  postingStart[terms.length] = total;
  const postingDocs = new Int32Array(total);
  const postingFields = new Uint8Array(total);
  const termFieldBits = new Uint8Array(terms.length);
  terms.forEach((t, i) => {
    const p = postings.get(t) as Posting;
    postingDocs.set(p.docs, postingStart[i]);
    postingFields.set(p.fields, postingStart[i]);
    for (const f of p.fields) termFieldBits[i] = (termFieldBits[i] as number) | (1 << f);
  });

  const hexOrder = colors.map((c, doc) => ({ value: Number.parseInt(c.hexCode.slice(1, 7), 16) || 0, doc }));
  hexOrder.sort((a, b) => a.value - b.value || a.doc - b.doc);

  // Ties go to the alphabetically first name, so equal matches read in a predictable order.
  const docByRank = Int32Array.from(names.keys()).sort((a, b) =>
    (names[a] as string) < (names[b] as string) ? -1 : names[a] === names[b] ? a - b : 1,
  );
  const nameRank = new Int32Array(n);
  docByRank.forEach((doc, rank) => {
    nameRank[doc] = rank;
  });

  return {
    size: n,
    terms: encodeLines(terms),
    postingStart,
    postingDocs,
    postingFields,
    termFieldBits,
    termMasks: Uint32Array.from(terms, letterMask),
    hexValues: Uint32Array.from(hexOrder, (h) => h.value),
    hexDocs: Int32Array.from(hexOrder, (h) => h.doc),
    docByRank,
    nameRank,
    brands: Uint8Array.from(colors, (c) => BRANDS.indexOf(c.brand)),
    categories: Uint8Array.from(colors, (c) => CATEGORIES.indexOf(c.category)),
    lab: Float64Array.from(colors.flatMap((c) => [...c.lab])),
    hues: Float32Array.from(colors, (c) => ((Math.atan2(c.oklab[2], c.oklab[1]) * 180) / Math.PI + 360) % 360),
    chromas: Float32Array.from(colors, (c) => Math.hypot(c.oklab[1], c.oklab[2])),
    lrvs: Float32Array.from(colors, (c) => c.lrv),
    undertones: Uint8Array.from(colors, (c) => UNDERTONES.indexOf(c.undertone)),
    ids: encodeLines(colors.map((c) => c.id)),
    names: encodeLines(names),
    printedNames: encodeLines(colors.map((c) => c.colorName.replace(/\n/g, ' '))),
  };
}

export function buildSearchIndex(colors: readonly CatalogueColor[]): SearchIndex {
  return openSearchIndex(compactSearchIndex(colors));
}

// Fields whose words a 'Did you mean' may offer: what people type to find a paint.
const SUGGESTABLE = (1 << NAME) | (1 << BRAND) | (1 << CATEGORY);

/** Queries a compact index (built here, or received from the worker). */
export function openSearchIndex(compact: CompactSearchIndex): SearchIndex {
  const n = compact.size;
  const {
    postingStart,
    postingDocs,
    postingFields,
    termFieldBits,
    termMasks,
    hexValues,
    hexDocs,
    docByRank,
    nameRank,
    brands,
    categories,
    lab,
    hues,
    chromas,
    lrvs,
    undertones,
  } = compact;
  const terms = decodeLines(compact.terms, termMasks.length);
  const ids = decodeLines(compact.ids, n);
  const names = decodeLines(compact.names, n);
  const printedNames = decodeLines(compact.printedNames, n);

  // Scratch space reused by every query: no allocation proportional to the catalogue per keystroke.
  const best = new Float64Array(n);
  const bestField = new Int8Array(n);
  const total = new Float64Array(n);
  const hits = new Int32Array(n);
  const nameHits = new Int32Array(n);
  const matchPoints = new Float64Array(n);
  const matchRanks = new Int32Array(n);

  /** Each colour word's colours and scores, worked out on its first use: a query then only walks those. */
  const colourMatches = new Map<string, { docs: Int32Array; scores: Float64Array }>();
  function coloursFor(word: string): { docs: Int32Array; scores: Float64Array } {
    let found = colourMatches.get(word);
    if (found) return found;
    const range = COLOUR_WORDS[word] ?? {};
    const docs: number[] = [];
    const scores: number[] = [];
    for (let doc = 0; doc < n; doc++) {
      const fit = colourFit(range, {
        hue: hues[doc] as number,
        chroma: chromas[doc] as number,
        lightness: lab[doc * 3] as number,
        lrv: lrvs[doc] as number,
        undertone: UNDERTONES[undertones[doc] as number] as Undertone,
      });
      if (fit === null) continue;
      docs.push(doc);
      scores.push(COLOUR_WEIGHT * (0.5 + 0.5 * fit));
    }
    found = { docs: Int32Array.from(docs), scores: Float64Array.from(scores) };
    colourMatches.set(word, found);
    return found;
  }

  function matchTerms(token: QueryToken, visit: (term: number, quality: number, isWord: boolean) => void): void {
    const q = token.word;
    const start = lowerBound(terms, q);
    let end = start;
    while (end < terms.length && (terms[end] as string).startsWith(q)) end++;
    const isWord = terms[start] === q;
    for (let t = start; t < end; t++) visit(t, terms[t] === q ? EXACT : PREFIX, isWord);
    if (q.length < TYPO_MIN_LENGTH || !/^[a-z]+$/.test(q)) return;
    // A four-letter word that starts some indexed word is taken as typed: 'blue' must not bring 'glue'.
    if (q.length < TYPO_ALWAYS_LENGTH && end > start) return;
    const mask = letterMask(q);
    for (let t = 0; t < terms.length; t++) {
      if (t === start) t = end; // already matched exactly or as a prefix
      if (t >= terms.length) break;
      const term = terms[t] as string;
      if (term.length < q.length - 1 || popcount(mask & ~(termMasks[t] as number)) > 1) continue;
      if (withinOneEdit(q, term)) visit(t, FUZZY, false);
      else if (
        term.length > q.length &&
        (withinOneEdit(q, term, q.length - 1) ||
          withinOneEdit(q, term, q.length) ||
          withinOneEdit(q, term, q.length + 1))
      ) {
        visit(t, FUZZY_PREFIX, false);
      }
    }
  }

  type Allowed = (doc: number) => boolean;
  interface Ranked {
    docs: number[];
    scores: number[];
  }

  /** Scores are 1 / (1 + ΔE): the nearest paint scores highest, an exact twin would score 1. */
  function nearestToHex(hex: string, allowed: Allowed, limit = NEAREST_TO_HEX): Ranked {
    const distance = deltaE2000From(rgbToLab(parseHex(hex) as NonNullable<ReturnType<typeof parseHex>>));
    const k = Math.min(limit, NEAREST_TO_HEX);
    // The k nearest so far, nearest first; an equal distance keeps catalogue order (as a stable sort).
    const docs: number[] = [];
    const deltas: number[] = [];
    for (let doc = 0; doc < n; doc++) {
      if (!allowed(doc)) continue;
      const deltaE = distance(lab[doc * 3] as number, lab[doc * 3 + 1] as number, lab[doc * 3 + 2] as number);
      if (deltas.length === k && deltaE >= (deltas[k - 1] as number)) continue;
      let at = deltas.length;
      while (at > 0 && (deltas[at - 1] as number) > deltaE) at--;
      deltas.splice(at, 0, deltaE);
      docs.splice(at, 0, doc);
      if (deltas.length > k) {
        deltas.pop();
        docs.pop();
      }
    }
    return { docs, scores: deltas.map((deltaE) => 1 / (1 + deltaE)) };
  }

  function rank(tokens: QueryToken[], allowed: Allowed, limit: number | undefined): Ranked {
    if (tokens.length === 0) {
      const all: number[] = [];
      for (let doc = 0; doc < n && (limit === undefined || all.length < limit); doc++) if (allowed(doc)) all.push(doc);
      return { docs: all, scores: all.map(() => 0) };
    }

    const touchedAll: number[] = [];
    for (const [ti, token] of tokens.entries()) {
      const touched: number[] = [];
      const offer = (doc: number, score: number, field: number) => {
        if (best[doc] === 0) touched.push(doc);
        if (score > (best[doc] as number)) {
          best[doc] = score;
          bestField[doc] = field;
        }
      };
      if (!token.hexOnly) {
        matchTerms(token, (term, quality, isWord) => {
          const stop = postingStart[term + 1] as number;
          for (let i = postingStart[term] as number; i < stop; i++) {
            const field = postingFields[i] as number;
            if (token.numberOnly && field !== NUMBER) continue;
            // One or two letters say little: let them find names, numbers and brands, not every description.
            if (quality !== EXACT && token.word.length < 3 && field >= CATEGORY) continue;
            // 'green' is a whole word: it means the colour, not the start of 'Little Greene'.
            if (quality === PREFIX && isWord && field === BRAND) continue;
            // A colour word's category and description words give way to its measured range below.
            if (token.colour && field >= CATEGORY) continue;
            offer(postingDocs[i] as number, (WEIGHT[field] as number) * quality, field);
          }
        });
      }
      if (token.colour) {
        // Added to a name match: 'Pea Green' that is green outranks 'Green Blue' that is blue.
        const { docs, scores } = coloursFor(token.colour);
        for (let i = 0; i < docs.length; i++) {
          const doc = docs[i] as number;
          if (best[doc] === 0) {
            touched.push(doc);
            bestField[doc] = -1;
          }
          best[doc] = (best[doc] as number) + (scores[i] as number);
        }
      }
      if (token.hexToo) {
        // A prefix of k hex digits is the range of numbers [p·16^(6−k), (p+1)·16^(6−k)).
        const scale = 16 ** (6 - token.word.length);
        const lo = Number.parseInt(token.word, 16) * scale;
        const hi = lo + scale;
        for (let h = lowerBound(hexValues, lo); h < hexValues.length && (hexValues[h] as number) < hi; h++) {
          offer(hexDocs[h] as number, token.word.length === 6 ? HEX_EXACT : HEX_PREFIX, -1);
        }
      }
      for (const doc of touched) {
        if (hits[doc] === ti) {
          if (ti === 0) touchedAll.push(doc);
          total[doc] = (total[doc] as number) + (best[doc] as number);
          hits[doc] = ti + 1;
          if (bestField[doc] === NAME) nameHits[doc] = (nameHits[doc] as number) + 1;
        }
        best[doc] = 0;
      }
    }

    const phrase = tokens.map((t) => t.word).join(' ');
    // Each match's score, to 0.001, as whole points; the matches' name ranks beside them.
    let found = 0;
    let top = 0;
    let low = Number.POSITIVE_INFINITY;
    for (const doc of touchedAll) {
      if (hits[doc] === tokens.length && allowed(doc)) {
        const name = names[doc] as string;
        let score = total[doc] as number;
        if (name === phrase) score += NAME_EXACT_BONUS;
        else if (name.startsWith(phrase)) score += NAME_PREFIX_BONUS;
        else if (nameHits[doc] === tokens.length) score += ALL_IN_NAME_BONUS;
        const points = Math.round(score * 1000);
        if (points > top) top = points;
        if (points < low) low = points;
        matchPoints[found] = points;
        matchRanks[found++] = nameRank[doc] as number;
      }
    }
    for (const doc of touchedAll) {
      total[doc] = 0;
      hits[doc] = 0;
      nameHits[doc] = 0;
    }
    const only = tokens[0] as QueryToken;
    // A word like 'facade' is only taken for a colour when typed as '#facade'.
    const fullHex = only.word.length === 6 && (only.hexOnly || (only.hexToo && /\d/.test(only.word)));
    if (found === 0 && tokens.length === 1 && fullHex) return nearestToHex(only.word, allowed, limit);
    // Points below the best and name rank packed into one integer, best first: a native numeric sort of
    // a typed array is several times faster than a comparator once a short prefix matches thousands,
    // and 32-bit integers sort faster than doubles. A spread too wide for 31 bits takes doubles.
    const narrow = (top - low + 1) * n <= 0x7fffffff;
    const keys = narrow ? new Int32Array(found) : new Float64Array(found);
    for (let i = 0; i < found; i++) keys[i] = (top - (matchPoints[i] as number)) * n + (matchRanks[i] as number);
    keys.sort();
    const count = limit === undefined ? found : Math.min(found, limit);
    const result: Ranked = { docs: new Array(count), scores: new Array(count) };
    for (let i = 0; i < count; i++) {
      const key = keys[i] as number;
      const below = Math.floor(key / n);
      result.docs[i] = docByRank[key - below * n] as number;
      result.scores[i] = (top - below) / 1000;
    }
    return result;
  }

  /** The indexed word nearest to `q` (names, brands, categories), within `max` edits; commoner wins ties. */
  function nearestTerm(q: string, max: number): string | undefined {
    const mask = letterMask(q);
    let bestTerm = -1;
    let bestDistance = max + 1;
    for (let t = 0; t < terms.length; t++) {
      if (((termFieldBits[t] as number) & SUGGESTABLE) === 0) continue;
      // Each edit takes away at most one of the word's letters.
      if (popcount(mask & ~(termMasks[t] as number)) > Math.min(max, bestDistance)) continue;
      const term = terms[t] as string;
      const limit = Math.min(max, bestDistance);
      const d = editDistance(q, term, limit);
      if (d > limit) continue;
      const common = (x: number) => (postingStart[x + 1] as number) - (postingStart[x] as number);
      if (d < bestDistance || common(t) > common(bestTerm)) {
        bestTerm = t;
        bestDistance = d;
      }
    }
    return bestTerm < 0 ? undefined : terms[bestTerm];
  }

  const isSuggestable = (word: string) => {
    const t = lowerBound(terms, word);
    return terms[t] === word && ((termFieldBits[t] as number) & SUGGESTABLE) !== 0;
  };

  /** 'hagueblue' → 'hague blue': a missing space, when both halves are words people type. */
  function splitWords(q: string): string | undefined {
    for (let i = 3; i <= q.length - 3; i++) {
      if (isSuggestable(q.slice(0, i)) && isSuggestable(q.slice(i))) return `${q.slice(0, i)} ${q.slice(i)}`;
    }
    return undefined;
  }

  /**
   * When nothing matches: each word that matches nothing split in two ('hagueblue') or swapped for
   * the nearest indexed word (two edits from four letters: 'blew' → 'blue'; one for three), and what that finds named: the colour when every
   * word is in its name ('Did you mean Hague Blue?'), else the corrected words.
   */
  function suggest(tokens: QueryToken[], allowed: Allowed): string | undefined {
    const words: string[] = [];
    let changed = false;
    for (const token of tokens) {
      const q = token.word;
      if (token.hexOnly) words.push(`#${q}`);
      else if (token.numberOnly) words.push(`no ${q}`);
      else if ((terms[lowerBound(terms, q)] ?? '').startsWith(q)) words.push(q);
      else {
        if (q.length < 3 || !/^[a-z]+$/.test(q)) return undefined;
        const near = splitWords(q) ?? nearestTerm(q, q.length < 4 ? 1 : 2);
        if (near === undefined) return undefined;
        words.push(near);
        changed = true;
      }
    }
    if (!changed) return undefined;
    const text = words.join(' ');
    const corrected = parseQuery(text);
    const top = rank(corrected, allowed, 1).docs[0];
    if (top === undefined) return undefined;
    const nameWords = (names[top] as string).split(' ');
    const inName = corrected.every((t) => nameWords.some((w) => w.startsWith(t.word)));
    return inName ? printedNames[top] : text;
  }

  function answer(query: SearchQuery): { ranked: Ranked; suggestion?: string } {
    const tokens = parseQuery(query.text);
    const brand = query.brand ? BRANDS.indexOf(query.brand) : -1;
    const category = query.category ? CATEGORIES.indexOf(query.category) : -1;
    const undertone = query.undertone ? UNDERTONES.indexOf(query.undertone) : -1;
    const lrv = query.lrv;
    const allowed = (doc: number) =>
      (!query.brand || brands[doc] === brand) &&
      (!query.category || categories[doc] === category) &&
      (!lrv || ((lrvs[doc] as number) >= lrv.min && (lrvs[doc] as number) < lrv.max)) &&
      (!query.undertone || undertones[doc] === undertone);
    const ranked = rank(tokens, allowed, query.limit);
    const suggestion = ranked.docs.length === 0 && tokens.length > 0 ? suggest(tokens, allowed) : undefined;
    return suggestion === undefined ? { ranked } : { ranked, suggestion };
  }

  function search(query: SearchQuery): SearchResult {
    const { ranked, suggestion } = answer(query);
    const result: SearchResult = { ids: ranked.docs.map((doc) => ids[doc] as string), scores: ranked.scores };
    if (suggestion !== undefined) result.suggestion = suggestion;
    return result;
  }

  function searchDocs(query: SearchQuery): DocsResult {
    const { ranked, suggestion } = answer(query);
    const result: DocsResult = { docs: Int32Array.from(ranked.docs) };
    if (suggestion !== undefined) result.suggestion = suggestion;
    return result;
  }

  return { size: n, search, searchDocs };
}
