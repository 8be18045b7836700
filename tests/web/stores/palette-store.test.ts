import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../../shared/catalogue/catalogue';
import {
  addColor,
  addRandomColor,
  generatePalette,
  initPalette,
  moveColor,
  paletteState,
  redo,
  removeAt,
  removeSlot,
  toggleLock,
  undo,
  unlockAll,
} from '../../../web/stores/palette-store';
import { generateFromDrawn } from '../../../web/app/early-generate';
import { idsFromHexes, loadPaletteFromHexes } from '../../../web/stores/palette-link-actions';
import { loadRealCatalogue } from '../catalogue-fixture';

let catalogue: Catalogue;
const ids = () => paletteState.slots.map((s) => s.colorId);
const locks = () => paletteState.slots.map((s) => s.locked);
const pick = (n: number) => catalogue.colors.slice(0, n).map((c) => c.id);

beforeAll(() => {
  catalogue = loadRealCatalogue();
});

beforeEach(() => {
  initPalette(pick(5));
});

describe('generating from a supplier or category', () => {
  it('draws every unlocked colour from the chosen paints and keeps locked ones as they are', () => {
    const lick = new Set(catalogue.colors.filter((c) => c.brand === 'Lick').map((c) => c.id));
    const outside = catalogue.colors.find((c) => c.brand !== 'Lick') as { id: string };
    initPalette([outside.id, ...pick(4)], [true, false, false, false, false]);
    for (let run = 0; run < 20; run++) {
      expect(generatePalette({ brand: 'Lick' })).toEqual({ ok: true });
      expect(ids()[0]).toBe(outside.id);
      for (const id of ids().slice(1)) expect(lick.has(id)).toBe(true);
      expect(new Set(ids()).size).toBe(5);
    }
    for (let run = 0; run < 20; run++) {
      generatePalette({ brand: 'Little Greene', category: 'Greens' });
      for (const id of ids().slice(1)) {
        expect(catalogue.byId.get(id)).toMatchObject({ brand: 'Little Greene', category: 'Greens' });
      }
    }
  });

  it('refuses, palette untouched, when too few paints match to fill it without repeats', () => {
    const only = catalogue.colors.filter((c) => c.brand === 'Lick' && c.category === 'Navy');
    const before = ids();
    expect(generatePalette({ brand: 'Lick', category: 'Navy' })).toEqual({
      ok: false,
      reason: 'too-few',
      count: only.length,
    });
    expect(ids()).toEqual(before);
  });
});

describe('generating from paints drawn for it (before the catalogue has arrived)', () => {
  const drawn = () => catalogue.colors.slice(100, 110).map((c) => c.id);

  it('fills each unlocked position with a drawn paint not on screen, keeps locks, and is one undo step', () => {
    initPalette(pick(5), [false, true, false, false, true]);
    const before = ids();
    const pool = [before[0] as string, ...drawn().slice(0, 3)];
    expect(generateFromDrawn(pool)).toBe(true);
    expect(ids()[1]).toBe(before[1]);
    expect(ids()[4]).toBe(before[4]);
    // Three open positions, three drawn paints not on screen: exactly those, the one on screen is not reused.
    expect([ids()[0], ids()[2], ids()[3]].sort()).toEqual(pool.slice(1).sort());
    undo();
    expect(ids()).toEqual(before);
  });

  it('changes nothing when too few drawn paints are left for the open positions', () => {
    const before = ids();
    expect(generateFromDrawn([...drawn().slice(0, 4), before[0] as string])).toBe(false);
    expect(ids()).toEqual(before);
    expect(generateFromDrawn([])).toBe(false);
    initPalette(pick(3), [true, true, true]);
    expect(generateFromDrawn(drawn())).toBe(false);
  });

  it('puts the drawn paints in random order: over many draws each lands in each position', () => {
    const pool = drawn().slice(0, 5);
    const seen = pool.map(() => new Set<string>());
    for (let run = 0; run < 200; run++) {
      initPalette(pick(5));
      expect(generateFromDrawn(pool)).toBe(true);
      for (const [i, id] of ids().entries()) seen[i]?.add(id);
    }
    for (const position of seen) expect(position.size).toBe(5);
  });
});

describe('palette store', () => {
  it('turns an empty palette into 5 distinct catalogue colours, with no undo step back to empty', () => {
    initPalette([]);
    generatePalette();
    expect(ids()).toHaveLength(5);
    expect(new Set(ids()).size).toBe(5);
    for (const id of ids()) expect(catalogue.byId.has(id)).toBe(true);
    expect(undo()).toBe(false);
    expect(ids()).toHaveLength(5);
  });

  it('generate keeps locked colours in their positions and replaces the others', () => {
    toggleLock(1);
    toggleLock(3);
    const before = ids();
    generatePalette();
    const after = ids();
    expect(after[1]).toBe(before[1]);
    expect(after[3]).toBe(before[3]);
    expect(locks()).toEqual([false, true, false, true, false]);
    expect(new Set(after).size).toBe(5);
    // 3 free positions drawn from 447 colours: all three repeating the old ones is ~1e-7 likely.
    expect([0, 2, 4].some((i) => after[i] !== before[i])).toBe(true);
  });

  it('adds up to 10 colours and refuses the 11th', () => {
    for (let i = 0; i < 5; i++) expect(addRandomColor()).toEqual({ ok: true });
    expect(ids()).toHaveLength(10);
    expect(new Set(ids()).size).toBe(10);
    expect(addRandomColor()).toEqual({ ok: false, reason: 'full' });
    expect(addColor(catalogue.colors[100]!.id)).toEqual({ ok: false, reason: 'full' });
    expect(ids()).toHaveLength(10);
  });

  it('removes down to 3 colours and refuses below, shifting locks with their colours', () => {
    toggleLock(3);
    const lockedId = ids()[3];
    expect(removeAt(1)).toEqual({ ok: true });
    expect(ids()[2]).toBe(lockedId);
    expect(locks()).toEqual([false, false, true, false]);
    expect(removeSlot(paletteState.slots[0]!.key)).toEqual({ ok: true });
    expect(ids()).toHaveLength(3);
    expect(removeAt(0)).toEqual({ ok: false, reason: 'minimum' });
    expect(ids()).toHaveLength(3);
  });

  it('moves a colour with its lock flag', () => {
    const [a, b, c, d, e] = pick(5);
    toggleLock(0);
    moveColor(0, 3);
    expect(ids()).toEqual([b, c, d, a, e]);
    expect(locks()).toEqual([false, false, false, true, false]);
    moveColor(4, 0);
    expect(ids()).toEqual([e, b, c, d, a]);
    expect(locks()).toEqual([false, false, false, false, true]);
  });

  it('keeps each slot key through a move, so React and drag and drop follow the colour', () => {
    const keys = paletteState.slots.map((s) => s.key);
    moveColor(1, 2);
    expect(paletteState.slots.map((s) => s.key)).toEqual([keys[0], keys[2], keys[1], keys[3], keys[4]]);
  });

  it('unlock all clears every lock in one undoable step', () => {
    toggleLock(0);
    toggleLock(2);
    unlockAll();
    expect(locks()).toEqual([false, false, false, false, false]);
    undo();
    expect(locks()).toEqual([true, false, true, false, false]);
  });

  it('undoes and redoes every kind of change in order, and a new change clears redo', () => {
    const start = ids();
    addRandomColor();
    const added = ids();
    toggleLock(0);
    moveColor(0, 2);
    const moved = ids();
    expect(undo()).toBe(true);
    expect(ids()).toEqual(added);
    expect(locks()[0]).toBe(true);
    expect(undo()).toBe(true);
    expect(locks()[0]).toBe(false);
    expect(undo()).toBe(true);
    expect(ids()).toEqual(start);
    expect(undo()).toBe(false);
    expect(redo()).toBe(true);
    expect(redo()).toBe(true);
    expect(redo()).toBe(true);
    expect(ids()).toEqual(moved);
    expect(redo()).toBe(false);
    undo();
    generatePalette();
    expect(redo()).toBe(false);
  });
});

describe('palette from a shared link', () => {
  it('matches hex codes case-insensitively, skips unknown ones and keeps the order', () => {
    const [a, b, c] = [catalogue.colors[10]!, catalogue.colors[200]!, catalogue.colors[400]!];
    const hexes = [a.hexCode.slice(1).toLowerCase(), 'ZZZZZZ', '000001', b.hexCode.slice(1), c.hexCode.toLowerCase()];
    expect(idsFromHexes(catalogue, hexes)).toEqual([a.id, b.id, c.id]);
  });

  it('keeps at most 10 colours', () => {
    const hexes = catalogue.colors.slice(0, 14).map((color) => color.hexCode.slice(1));
    expect(idsFromHexes(catalogue, hexes)).toHaveLength(10);
  });

  it('loads a link as one undoable change and tops up a 2-colour link to the 3-colour minimum', () => {
    const before = ids();
    const [a, b] = [catalogue.colors[20]!, catalogue.colors[30]!];
    expect(loadPaletteFromHexes([a.hexCode.slice(1), b.hexCode.slice(1)])).toBe(2);
    expect(ids()).toHaveLength(3);
    expect(ids().slice(0, 2)).toEqual([a.id, b.id]);
    undo();
    expect(ids()).toEqual(before);
  });

  it('changes nothing when no colour of the link is known', () => {
    const before = ids();
    expect(loadPaletteFromHexes(['000001', '123457'])).toBe(0);
    expect(ids()).toEqual(before);
  });
});
