import { labFromTuple } from '../shared/color/types';
import type { Brand, CatalogueColor, Category } from '../shared/catalogue/types';
import { deltaE2000 } from '../shared/color/difference';
import { parseHex } from '../shared/color/hex';
import { rgbToLab } from '../shared/color/spaces';

/** What the search box and the filters ask for; an empty text lists every colour the filters allow. */
export interface SearchQuery {
  text: string;
  brand?: Brand | null;
  category?: Category | null;
  /** Only the best `limit` results (suggestions); all of them when absent. */
  limit?: number;
}

/** Ids best first, with their scores: the list is rendered from the catalogue the page already has. */
export interface SearchResult {
  ids: string[];
  scores: number[];
}

export interface SearchIndex {
  readonly size: number;
  search(query: SearchQuery): SearchResult;
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
const HEX_EXACT = 40;
const HEX_PREFIX = 8;
const NAME_EXACT_BONUS = 100;
const NAME_PREFIX_BONUS = 50;
const ALL_IN_NAME_BONUS = 20;

/** A full hex code that no paint has brings back this many paints, nearest (CIEDE2000) first. */
export const NEAREST_TO_HEX = 12;

/** One edit is allowed only in words this long: shorter words have too many one-edit neighbours. */
export const TYPO_MIN_LENGTH = 5;

// Spellings people use interchangeably; each indexes the other too.
const ALIASES: Record<string, string[]> = {
  gray: ['grey'],
  grey: ['gray'],
  colour: ['color'],
  color: ['colour'],
};

/** Lower case, accents and apostrophes gone: `Elephant's Breath` → `elephants breath`. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '');
}

export function tokenize(text: string): string[] {
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
      tokens.push({ word, hexOnly: false, hexToo: looksHex && word === bare && !numberOnly, numberOnly });
    }
  }
  return tokens;
}

function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function buildSearchIndex(colors: readonly CatalogueColor[]): SearchIndex {
  const n = colors.length;
  const ids = colors.map((c) => c.id);
  const names = colors.map((c) => tokenize(c.colorName).join(' '));
  const brands = colors.map((c) => c.brand);
  const categories = colors.map((c) => c.category);

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

  const terms = [...postings.keys()].sort();
  const termDocs = terms.map((t) => Int32Array.from((postings.get(t) as Posting).docs));
  const termFields = terms.map((t) => Uint8Array.from((postings.get(t) as Posting).fields));
  const termMasks = Uint32Array.from(terms, letterMask);

  const hexOrder = colors.map((c, doc) => ({ hex: c.hexCode.slice(1).toLowerCase(), doc }));
  hexOrder.sort((a, b) => (a.hex < b.hex ? -1 : a.hex > b.hex ? 1 : 0));
  const hexes = hexOrder.map((h) => h.hex);
  const hexDocs = Int32Array.from(hexOrder, (h) => h.doc);

  // Ties go to the alphabetically first name, so equal matches read in a predictable order.
  const docByRank = Int32Array.from(names.keys()).sort((a, b) =>
    (names[a] as string) < (names[b] as string) ? -1 : names[a] === names[b] ? a - b : 1,
  );
  const nameRank = new Int32Array(n);
  docByRank.forEach((doc, rank) => {
    nameRank[doc] = rank;
  });

  // Scratch space reused by every query: no allocation proportional to the catalogue per keystroke.
  const best = new Float64Array(n);
  const bestField = new Int8Array(n);
  const total = new Float64Array(n);
  const hits = new Int32Array(n);
  const nameHits = new Int32Array(n);

  function matchTerms(token: QueryToken, visit: (term: number, quality: number, isWord: boolean) => void): void {
    const q = token.word;
    const start = lowerBound(terms, q);
    let end = start;
    while (end < terms.length && (terms[end] as string).startsWith(q)) end++;
    const isWord = terms[start] === q;
    for (let t = start; t < end; t++) visit(t, terms[t] === q ? EXACT : PREFIX, isWord);
    if (q.length < TYPO_MIN_LENGTH || !/^[a-z]+$/.test(q)) return;
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

  /** Scores are 1 / (1 + ΔE): the nearest paint scores highest, an exact twin would score 1. */
  function nearestToHex(hex: string, allowed: (doc: number) => boolean, limit = NEAREST_TO_HEX): SearchResult {
    const target = rgbToLab(parseHex(hex) as NonNullable<ReturnType<typeof parseHex>>);
    const near: Array<{ doc: number; deltaE: number }> = [];
    for (let doc = 0; doc < n; doc++) {
      if (!allowed(doc)) continue;
      near.push({ doc, deltaE: deltaE2000(target, labFromTuple((colors[doc] as CatalogueColor).lab)) });
    }
    near.sort((x, y) => x.deltaE - y.deltaE);
    const top = near.slice(0, Math.min(limit, NEAREST_TO_HEX));
    return { ids: top.map((m) => ids[m.doc] as string), scores: top.map((m) => 1 / (1 + m.deltaE)) };
  }

  function search(query: SearchQuery): SearchResult {
    const tokens = parseQuery(query.text);
    const allowed = (doc: number) =>
      (!query.brand || brands[doc] === query.brand) && (!query.category || categories[doc] === query.category);

    if (tokens.length === 0) {
      const all: string[] = [];
      for (let doc = 0; doc < n; doc++) if (allowed(doc)) all.push(ids[doc] as string);
      const limited = query.limit === undefined ? all : all.slice(0, query.limit);
      return { ids: limited, scores: limited.map(() => 0) };
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
          const docs = termDocs[term] as Int32Array;
          const fields = termFields[term] as Uint8Array;
          for (let i = 0; i < docs.length; i++) {
            const field = fields[i] as number;
            if (token.numberOnly && field !== NUMBER) continue;
            // One or two letters say little: let them find names, numbers and brands, not every description.
            if (quality !== EXACT && token.word.length < 3 && field >= CATEGORY) continue;
            // 'green' is a whole word: it means the colour, not the start of 'Little Greene'.
            if (quality === PREFIX && isWord && field === BRAND) continue;
            offer(docs[i] as number, (WEIGHT[field] as number) * quality, field);
          }
        });
      }
      if (token.hexToo) {
        const start = lowerBound(hexes, token.word);
        for (let h = start; h < hexes.length && (hexes[h] as string).startsWith(token.word); h++) {
          offer(hexDocs[h] as number, hexes[h] === token.word ? HEX_EXACT : HEX_PREFIX, -1);
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
    // Score (to 0.001) and name rank packed into one number: a native numeric sort of a typed array
    // is several times faster than a comparator once a short prefix matches tens of thousands.
    const keys = new Float64Array(touchedAll.length);
    let found = 0;
    for (const doc of touchedAll) {
      if (hits[doc] === tokens.length && allowed(doc)) {
        const name = names[doc] as string;
        let score = total[doc] as number;
        if (name === phrase) score += NAME_EXACT_BONUS;
        else if (name.startsWith(phrase)) score += NAME_PREFIX_BONUS;
        else if (nameHits[doc] === tokens.length) score += ALL_IN_NAME_BONUS;
        keys[found++] = -Math.round(score * 1000) * n + (nameRank[doc] as number);
      }
    }
    const only = tokens[0] as QueryToken;
    // A word like 'facade' is only taken for a colour when typed as '#facade'.
    const fullHex = only.word.length === 6 && (only.hexOnly || (only.hexToo && /\d/.test(only.word)));
    if (found === 0 && tokens.length === 1 && fullHex) {
      return nearestToHex(only.word, allowed, query.limit);
    }
    const sorted = keys.subarray(0, found).sort();
    const count = query.limit === undefined ? found : Math.min(found, query.limit);
    const result: SearchResult = { ids: new Array(count), scores: new Array(count) };
    for (let i = 0; i < count; i++) {
      const key = sorted[i] as number;
      const rank = ((key % n) + n) % n;
      result.ids[i] = ids[docByRank[rank] as number] as string;
      result.scores[i] = (rank - key) / n / 1000;
    }
    for (const doc of touchedAll) {
      total[doc] = 0;
      hits[doc] = 0;
      nameHits[doc] = 0;
    }
    return result;
  }

  return { size: n, search };
}
