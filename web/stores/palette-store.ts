import { proxy, subscribe } from 'valtio';
import type { Catalogue } from '../../shared/catalogue/catalogue';
import type { Brand, CatalogueColor, Category } from '../../shared/catalogue/types';
import { canGenerateFrom, generateColorIds, pickRandomId } from '../../shared/palette/generate';
import { PALETTE_MAX, PALETTE_MIN } from '../../shared/palette/limits';
import type { PaletteStyle } from '../../shared/palette/style-names';
import { cryptoRandom } from '../lib/random';
import { getCatalogue } from './catalogue-store';

/** One position of the current palette; `key` is stable across reorders for React and drag and drop. */
interface Slot {
  key: string;
  colorId: string;
  locked: boolean;
}

/** One step of the editor's undo history: the palette's positions as they were. */
type EditorHistoryEntry = readonly Slot[];

/** The generator's editing state (not a saved palette: that is `SavedPalette` in shared/palette). */
interface EditorState {
  slots: Slot[];
  /** How Generate picks (a palette style); remembered with the session. */
  style: PaletteStyle;
  /** Whether undo and redo can act; booleans, so the buttons re-render only when that changes. */
  canUndo: boolean;
  canRedo: boolean;
}

const HISTORY_LIMIT = 100;

let started: () => void = () => {};
const whenStarted = new Promise<void>((resolve) => {
  started = resolve;
});

/**
 * Generate may draw from the catalogue: it has loaded and, on a page rendered from scratch, the
 * session has put its palette on screen (app/start-palette.ts).
 */
export function markPaletteStarted(): void {
  started();
}

/** Runs `action` then: a Generate tapped before the catalogue arrived takes effect once, when it has. */
export function afterPaletteStarted(action: () => void): void {
  void whenStarted.then(action);
}

export const paletteState = proxy<EditorState>({ slots: [], style: 'Random', canUndo: false, canRedo: false });

/**
 * For `useSyncExternalStore` with the readers below: a component reads the one value it shows, so a
 * new palette builds no snapshot of the store and renders only the strips (every reader is a
 * module-level function, so React keeps no effect per render to follow a new one).
 */
export const subscribePalette = (onChange: () => void) => subscribe(paletteState, onChange);
export const paletteSize = () => paletteState.slots.length;
/** The positions' keys, space-separated: a string, so new colours in the same positions are no change. */
export const paletteKeys = () => paletteState.slots.map((s) => s.key).join(' ');
export const anyLocked = () => paletteState.slots.some((s) => s.locked);
/**
 * What one strip shows of its position, as one string (lock, whether Remove is allowed, colour id):
 * equal strings are an unchanged strip, so React drops the update before rendering. '' for none.
 */
export function slotView(index: number): string {
  const slot = paletteState.slots[index];
  return slot ? `${slot.locked ? 'L' : '-'}${paletteSize() > PALETTE_MIN ? 'R' : '-'}${slot.colorId}` : '';
}
export const canUndoNow = () => paletteState.canUndo;
export const canRedoNow = () => paletteState.canRedo;
export const paletteStyleNow = () => paletteState.style;

// Plain arrays, not proxied: valtio would track (and snapshot) up to 100 old palettes on every
// change, which measured at ~4× the cost of the render itself on a throttled phone profile.
let past: EditorHistoryEntry[] = [];
let future: EditorHistoryEntry[] = [];

function syncCounts(): void {
  paletteState.canUndo = past.length > 0;
  paletteState.canRedo = future.length > 0;
}

let nextKey = 1;
const slot = (colorId: string, locked = false): Slot => ({ key: `s${nextKey++}`, colorId, locked });
const copy = (slots: readonly Slot[]): Slot[] => slots.map((s) => ({ ...s }));

/** Puts the palette on screen onto the undo history, before it changes. */
function remember(): void {
  // An empty palette is the start-up state, not a step the user could want back.
  if (paletteState.slots.length > 0) {
    if (past.length >= HISTORY_LIMIT) past.shift();
    past.push(copy(paletteState.slots));
  }
  future = [];
  syncCounts();
}

/** Every palette change goes through here (or `remember` then an edit in place), so undo sees all of them. */
function commit(next: Slot[]): void {
  remember();
  paletteState.slots = next;
}

const idLists = new WeakMap<Catalogue, string[]>();

function catalogueIds(): string[] {
  const catalogue = getCatalogue();
  if (!catalogue) throw new Error('The catalogue is not loaded yet');
  let ids = idLists.get(catalogue);
  if (!ids) {
    ids = catalogue.colors.map((c) => c.id);
    idLists.set(catalogue, ids);
  }
  return ids;
}

export type PaletteResult = { ok: true } | { ok: false; reason: 'full' | 'minimum' };

/** Which paints a new palette may draw from: the supplier and category filters, when set. */
export interface GenerateFrom {
  brand?: Brand | null;
  category?: Category | null;
}

type StylesModule = typeof import('../../shared/palette/palette-styles');
// The styles' code is not first-paint code: it arrives when a style other than Random is chosen.
let styles: StylesModule | null = null;
let stylesLoading: Promise<StylesModule> | null = null;

/** Loads the palette styles' code (once); Generate with a style waits for it. */
export function loadStyles(): Promise<StylesModule> {
  stylesLoading ??= import('../../shared/palette/palette-styles').then((module) => {
    styles = module;
    return module;
  });
  return stylesLoading;
}

export const stylesReady = () => styles !== null;

export function setPaletteStyle(style: PaletteStyle): void {
  paletteState.style = style;
  if (style !== 'Random') void loadStyles();
}

// The palettes a styled Generate has shown this visit: a press asks for one not among them.
const shown = new Set<string>();
const SHOWN_LIMIT = 2000;

export type GenerateResult =
  | { ok: true }
  | { ok: false; reason: 'too-few'; count: number }
  /** The style cannot be met: `locks` rule it out, or the `pool` (the filter) holds too few paints for it. */
  | { ok: false; reason: 'style'; cause: 'locks' | 'pool' };

/**
 * Keeps locked positions, refills the rest, an empty palette becomes 5 colours. With a
 * supplier or category, only from those paints (locked colours stay whatever they are); refused,
 * palette untouched, when too few paints match to fill it without repeats. A style other than
 * Random builds around the locks (its code must be loaded: see loadStyles).
 */
export function generatePalette(from: GenerateFrom = {}): GenerateResult {
  const current = paletteState.slots;
  const currentIds = current.map((s) => s.colorId);
  const locked = current.map((s) => s.locked);
  const catalogue = getCatalogue() as Catalogue;
  let pool = catalogueIds();
  const colors = filteredColors(catalogue, from);
  if (from.brand || from.category) {
    pool = colors.map((c) => c.id);
    if (!canGenerateFrom(currentIds, locked, pool)) return { ok: false, reason: 'too-few', count: pool.length };
  }
  let ids: string[];
  const style = paletteState.style;
  if (style !== 'Random' && styles) {
    const currentColors = current.map((s) => catalogue.byId.get(s.colorId) as CatalogueColor);
    const result = styles.generateStyled(style, currentColors, locked, colors, cryptoRandom, shown);
    if (!result.ok) return { ok: false, reason: 'style', cause: result.cause };
    ids = result.ids;
    if (shown.size >= SHOWN_LIMIT) shown.clear();
    shown.add(styles.paletteKey(ids));
  } else {
    ids = generateColorIds(currentIds, locked, pool, cryptoRandom);
  }
  refill(ids);
  return { ok: true };
}

/** The palette with these colours, position by position (a Generate's; one undo step). */
export function refill(ids: readonly string[]): void {
  const current = paletteState.slots;
  if (ids.length !== current.length) {
    commit(ids.map((colorId) => slot(colorId)));
    return;
  }
  // Same positions, new colours: each slot (a valtio proxy already) takes its new colour in place.
  // No new array and no new proxies to build; keys and locks stay, and a strip whose colour
  // stayed (a locked one) sees no change at all.
  remember();
  ids.forEach((colorId, i) => {
    const at = current[i] as Slot;
    if (at.colorId !== colorId) at.colorId = colorId;
  });
}

// The styles prepare a pool once per array, so the same filter hands them the same array.
const filtered = new WeakMap<Catalogue, Map<string, readonly CatalogueColor[]>>();
function filteredColors(catalogue: Catalogue, from: GenerateFrom): readonly CatalogueColor[] {
  if (!from.brand && !from.category) return catalogue.colors;
  let lists = filtered.get(catalogue);
  if (!lists) {
    lists = new Map();
    filtered.set(catalogue, lists);
  }
  const key = `${from.brand ?? ''}|${from.category ?? ''}`;
  let list = lists.get(key);
  if (!list) {
    list = catalogue.colors.filter(
      (c) => (!from.brand || c.brand === from.brand) && (!from.category || c.category === from.category),
    );
    lists.set(key, list);
  }
  return list;
}

/** Adds this colour at the end; refused at 10. */
export function addColor(colorId: string): PaletteResult {
  if (paletteState.slots.length >= PALETTE_MAX) return { ok: false, reason: 'full' };
  commit([...copy(paletteState.slots), slot(colorId)]);
  return { ok: true };
}

/** Adds a random colour not already in the palette; refused at 10. */
export function addRandomColor(): PaletteResult {
  const taken = new Set(paletteState.slots.map((s) => s.colorId));
  return addColor(pickRandomId(catalogueIds(), taken, cryptoRandom));
}

/** Removes one position; refused at 3 or fewer. Locks move with their colours. */
export function removeAt(index: number): PaletteResult {
  if (paletteState.slots.length <= PALETTE_MIN) return { ok: false, reason: 'minimum' };
  if (!paletteState.slots[index]) return { ok: true };
  commit(copy(paletteState.slots).filter((_, i) => i !== index));
  return { ok: true };
}

/** Removes the position holding this slot key (stable under reorders); refused at 3 or fewer. */
export function removeSlot(key: string): PaletteResult {
  return removeAt(paletteState.slots.findIndex((s) => s.key === key));
}

/** Toggles the lock of one position and returns the new state. */
export function toggleLock(index: number): boolean {
  const next = copy(paletteState.slots);
  const target = next[index];
  if (!target) return false;
  target.locked = !target.locked;
  commit(next);
  return target.locked;
}

export function unlockAll(): void {
  if (!paletteState.slots.some((s) => s.locked)) return;
  commit(copy(paletteState.slots).map((s) => ({ ...s, locked: false })));
}

/** Moves a colour (and its lock) from one position to another. */
export function moveColor(from: number, to: number): void {
  const next = copy(paletteState.slots);
  if (from === to || !next[from] || to < 0 || to >= next.length) return;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as Slot);
  commit(next);
}

/** Replaces the whole palette (shared link, saved palette, image extraction); locks are cleared. */
export function replacePalette(colorIds: readonly string[], locked: readonly boolean[] = []): void {
  commit(colorIds.map((id, i) => slot(id, Boolean(locked[i]))));
}

/** Undo and redo: the last palette of `from` comes back, the one on screen goes onto `to`. */
function travel(from: EditorHistoryEntry[], to: EditorHistoryEntry[]): boolean {
  const target = from.pop();
  if (!target) return false;
  to.push(copy(paletteState.slots));
  paletteState.slots = copy(target);
  syncCounts();
  return true;
}

export function undo(): boolean {
  return travel(past, future);
}

export function redo(): boolean {
  return travel(future, past);
}

/** Sets the palette without an undo step: the very first palette of a visit. */
export function initPalette(colorIds: readonly string[], locked: readonly boolean[] = []): void {
  paletteState.slots = colorIds.map((id, i) => slot(id, Boolean(locked[i])));
  past = [];
  future = [];
  syncCounts();
}
