import { subscribe } from 'valtio';
import * as z from 'zod/mini';
import type { Catalogue } from '../../shared/catalogue/catalogue';
import { normalizeHex } from '../../shared/color/hex';
import { lightnessBand } from '../../shared/catalogue/lightness-bands';
import { BRANDS, CATEGORIES } from '../../shared/catalogue/types';
import { PALETTE_MAX, PALETTE_MIN } from '../../shared/palette/limits';
import { isPaletteStyle } from '../../shared/palette/style-names';
import {
  COOKIE_MAX_AGE,
  type FirstPaint,
  PALETTE_COOKIE,
  type PaletteSession,
  THEME_COOKIE,
} from '../../shared/session/first-paint';
import { encodePaletteCookie, parseUndertone } from '../../shared/session/palette-cookie';
import { firstPaint } from '../lib/first-paint';
import { clearHash, parseHash } from '../lib/hash-route';
import { getCatalogue } from './catalogue-store';
import { applyIdentity, currentIdentity, identityState } from './identity-store';
import {
  filterState,
  isFilterActive,
  setBrand,
  setCategory,
  setLightness,
  setSearchTerm,
  setUndertone,
  showResults,
} from './filter-store';
import { loadPaletteFromHexes } from './palette-link-actions';
import { generatePalette, initPalette, paletteState, setPaletteStyle } from './palette-store';
import { savedState } from './saved-store';
import { sessionOnScreen } from './session-now';
import { announceShared } from './shared-link-actions';
import { themeState } from './theme-store';

/** The browser storage key of the restored session; sessions already stored use it, so it stays. */
const SESSION_KEY = 'session';
const WRITE_DELAY_MS = 300;

// Built on first use, not when the chunk is evaluated: building them is a few milliseconds of the
// page's start (many more on a slow phone) that reading no session at all need not pay.
let schemas: ReturnType<typeof buildSchemas> | undefined;
function buildSchemas() {
  // Loose objects: a session written by an older or newer build may carry more fields; we read ours.
  const storedColor = z.looseObject({ id: z.optional(z.string()), colorName: z.string(), hexCode: z.string() });
  const sessionSchema = z.looseObject({
    searchTerm: z.optional(z.string().check(z.maxLength(200))),
    selectedBrand: z.optional(z.nullable(z.string())),
    selectedCategory: z.optional(z.nullable(z.string())),
    // Added with the lightness and undertone filters: older sessions have neither.
    selectedLightness: z.optional(z.unknown()),
    selectedUndertone: z.optional(z.unknown()),
    currentPalette: z.array(storedColor).check(z.minLength(PALETTE_MIN), z.maxLength(PALETTE_MAX)),
    lockedIndices: z.optional(z.array(z.int().check(z.nonnegative()))),
    timestamp: z.optional(z.number()),
    // Added with palette styles: sessions stored before them have none and restore as Random.
    paletteStyle: z.optional(z.unknown()),
    // Added with the palette's name: older sessions have none (an unsaved palette); a bad one is dropped.
    identity: z.optional(z.unknown()),
  });
  const identitySchema = z.object({
    id: z.nullable(z.string().check(z.maxLength(80))),
    version: z.int().check(z.nonnegative()),
    name: z.string().check(z.maxLength(100)),
    changed: z.boolean(),
  });
  return { sessionSchema, identitySchema };
}
const sessionSchemas = () => (schemas ??= buildSchemas());

/** What a stored session gives back: the same shape the server's first paint restores from its cookie. */
export type RestoredSession = PaletteSession;

/**
 * Reads a stored session; null unless it parses and every colour matches a catalogue colour by hex
 * AND name, or by hex and an id the catalogue renamed, so corrupt, foreign or outdated
 * data is ignored without a word.
 */
export function readSession(raw: string | null, catalogue: Catalogue): RestoredSession | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = sessionSchemas().sessionSchema.safeParse(data);
  if (!parsed.success) return null;
  const session = parsed.data;
  const colorIds: string[] = [];
  for (const stored of session.currentPalette) {
    const sameHex = catalogue.byHex.get(normalizeHex(stored.hexCode) ?? '') ?? [];
    // A paint renamed since (id-aliases.ts) is found by its old id, still with the same hex.
    const renamed = stored.id === undefined ? undefined : catalogue.byId.get(stored.id);
    const match =
      sameHex.find((color) => color.colorName === stored.colorName) ??
      (renamed && sameHex.includes(renamed) ? renamed : undefined);
    if (!match) return null;
    colorIds.push(match.id);
  }
  const lockedSet = new Set(session.lockedIndices ?? []);
  const identity = sessionSchemas().identitySchema.safeParse(session.identity).data;
  const brand = BRANDS.find((b) => b === session.selectedBrand) ?? null;
  const category = CATEGORIES.find((c) => c === session.selectedCategory) ?? null;
  return {
    colorIds,
    locked: colorIds.map((_, i) => lockedSet.has(i)),
    searchTerm: session.searchTerm ?? '',
    brand,
    category,
    lightness: lightnessBand(session.selectedLightness)?.id ?? null,
    undertone: parseUndertone(session.selectedUndertone),
    style: isPaletteStyle(session.paletteStyle) ? session.paletteStyle : 'Random',
    // Older sessions have none: an unsaved palette.
    ...(identity ? { identity } : {}),
  };
}

/** What we store (sessions already stored have this shape): each colour by brand, name and hex. */
export function serializeSession(catalogue: Catalogue, now: number): string | null {
  const colors = paletteState.slots.map((slot) => catalogue.byId.get(slot.colorId));
  if (colors.length === 0 || colors.some((c) => !c)) return null;
  return JSON.stringify({
    searchTerm: filterState.searchTerm,
    selectedBrand: filterState.brand,
    selectedCategory: filterState.category,
    selectedLightness: filterState.lightness,
    selectedUndertone: filterState.undertone,
    currentPalette: colors.map((c) => ({ id: c?.id, brand: c?.brand, colorName: c?.colorName, hexCode: c?.hexCode })),
    lockedIndices: paletteState.slots.flatMap((slot, i) => (slot.locked ? [i] : [])),
    paletteStyle: paletteState.style,
    identity: currentIdentity(),
    timestamp: now,
  });
}

let persisting = false;

/** Whether the visit's first palette is settled: a `#palette=` link seen after this is a new one. */
export const sessionStarted = () => persisting;
let timer: ReturnType<typeof setTimeout> | undefined;

const cookieTail = () =>
  `; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;

/**
 * An explicit dark-mode choice, mirrored into a cookie so the server paints the next visit in it.
 * Here, not in the theme store: this chunk loads after the first paint and keeps the page's JS small.
 */
function writeThemeCookie(dark: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
  document.cookie = `${THEME_COOKIE}=${dark ? 'dark' : 'light'}${cookieTail()}`;
}

/** At start: only a choice the visitor made (stored), not the system's preference of the moment. */
function mirrorStoredTheme(): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem('darkMode');
  } catch {}
  if (stored === 'true' || stored === 'false') writeThemeCookie(stored === 'true');
}

/** The cookie the server paints the next visit from: ids, locks, filters and style, nothing secret. */
function writeCookie(): void {
  const value = encodePaletteCookie(sessionOnScreen());
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
  document.cookie = `${PALETTE_COOKIE}=${value}${cookieTail()}`;
}

function writeNow(): void {
  const catalogue = getCatalogue();
  if (!catalogue) return;
  const text = serializeSession(catalogue, Date.now());
  if (!text) return;
  try {
    localStorage.setItem(SESSION_KEY, text);
  } catch {
    // Storage full or disabled (private mode): the session simply is not remembered.
  }
  writeCookie();
}

function writeSoon(): void {
  clearTimeout(timer);
  // Batched and off the input path: a burst of Space presses writes once.
  timer = setTimeout(() => {
    timer = undefined;
    writeNow();
  }, WRITE_DELAY_MS);
}

// A reload or a closed tab inside the batching delay must not lose the last change.
function flushOnLeave(): void {
  if (timer === undefined) return;
  clearTimeout(timer);
  timer = undefined;
  writeNow();
}

function readStorage(): string | null {
  try {
    return localStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether `shown` (the server's paint, as the page hydrated it) is this session. */
function showing(session: RestoredSession, shown: PaletteSession): boolean {
  return (
    sameList(session.colorIds, shown.colorIds) &&
    sameList(session.locked, shown.locked) &&
    session.searchTerm === shown.searchTerm &&
    session.brand === shown.brand &&
    session.category === shown.category &&
    session.lightness === shown.lightness &&
    session.undertone === shown.undertone &&
    session.style === shown.style &&
    JSON.stringify(session.identity ?? null) === JSON.stringify(shown.identity ?? null)
  );
}

/** Puts a stored session on screen: palette, locks, search, filters and style. */
function restore(session: RestoredSession): void {
  initPalette(session.colorIds, session.locked);
  setSearchTerm(session.searchTerm);
  setBrand(session.brand);
  setCategory(session.category);
  setLightness(session.lightness);
  setUndertone(session.undertone);
  setPaletteStyle(session.style);
  applyIdentity(session.identity);
}

/**
 * What a start-up link did, for the caller's toast: a palette shown from a link (`name`: a saved
 * palette's share page; `canUndo`: the visitor's own is one Undo away), or a link with no colour
 * the catalogue has.
 */
export type LinkOutcome = { kind: 'shared'; name: string | null; canUndo: boolean } | { kind: 'no-colours' };

/**
 * The first palette of a visit, once the catalogue is loaded: a `#palette=` link wins, then the
 * remembered session, else a fresh palette of 5. From then on every change is remembered.
 * `painted`: the server's first paint, already on screen. The stored session still wins where it
 * differs (the cookie is only its mirror); an empty store keeps what the server painted. `shown`:
 * that paint as the page hydrated it; what the person did since (the page is live before the
 * catalogue and this code arrive) stays when the stored session is the one painted.
 */
export function startSession(painted?: FirstPaint['source'], shown?: PaletteSession): LinkOutcome[] {
  const said: LinkOutcome[] = [];
  const catalogue = getCatalogue();
  if (!catalogue) return said;
  const share = painted === 'share' ? firstPaint()?.share : null;
  if (share) {
    // The server painted a share link's palette: say whose it is and go to `/`, as the client did,
    // in a task of its own: on a slow phone the address change alone took 5-25 ms.
    setTimeout(() => history.replaceState(null, '', '/'));
    said.push({ kind: 'shared', name: share.name, ...announceShared(share.name) });
  }
  if (painted === 'cookie' || painted === 'random') {
    const raw = readStorage();
    const restored = readSession(raw, catalogue);
    if (restored && !showing(restored, shown ?? sessionOnScreen())) restore(restored);
    else if (raw !== null && !restored) {
      // A corrupt or outdated stored session: a fresh palette, as without server rendering.
      initPalette([]);
      generatePalette();
    }
    if (paletteState.style !== 'Random') setPaletteStyle(paletteState.style);
    // The strips painted first; a remembered search or filter now shows its results.
    if (isFilterActive()) showResults();
  }
  if (painted === 'cookie' || painted === 'random' || paletteState.slots.length === 0) {
    const route = parseHash(location.hash);
    const restored = painted ? null : readSession(readStorage(), catalogue);
    if (restored) restore(restored);
    if (route.kind === 'palette') {
      clearHash();
      // Over the visitor's remembered palette as an undo step, so theirs is one Undo away.
      const loaded = loadPaletteFromHexes(route.hexes, { initial: !restored && !painted }) > 0;
      said.push(loaded ? { kind: 'shared', name: null, ...announceShared(null) } : { kind: 'no-colours' });
    }
    if (paletteState.slots.length === 0) generatePalette();
  }
  if (!persisting) {
    persisting = true;
    subscribe(paletteState, writeSoon);
    subscribe(filterState, writeSoon);
    subscribe(identityState, writeSoon);
    subscribe(savedState, writeSoon);
    subscribe(themeState, () => writeThemeCookie(themeState.dark));
    addEventListener('pagehide', flushOnLeave);
    writeSoon();
    mirrorStoredTheme();
  }
  return said;
}
