import { describe, expect, it } from 'vitest';
import type { QueuedOp } from '../../../../web/data/outbox/outbox-queue';
import { afterWrite, historyView, listView, refusal } from '../../../../web/data/outbox/outbox-view';
import type { PaletteSummary } from '../../../../web/data/palette-repository';

const rules = { now: '2026-11-22T12:00:00.000Z', colorExists: (id: string) => /^[a-k]$/.test(id) };
const hall: PaletteSummary = {
  id: 'p1',
  name: 'Hall',
  colorIds: ['a', 'b', 'c'],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  isPublic: true,
  shareId: 'share1',
  version: 3,
};
let seq = 0;
const queued = (body: Partial<QueuedOp> & Pick<QueuedOp, 'kind'>): QueuedOp =>
  ({
    seq: ++seq,
    queuedAt: '2026-11-22T11:00:00.000Z',
    attempts: 0,
    uncertain: false,
    status: 'queued',
    mine: [],
    ...body,
  }) as QueuedOp;

describe('outbox view: the list with the waiting writes, by the palette rules', () => {
  it('gives a save one version per field it changes, none for a field it leaves as it is', () => {
    const ops = [
      queued({ kind: 'update', id: 'p1', base: 3, change: { name: 'Front hall', colorIds: ['d', 'e', 'f'] } }),
      queued({ kind: 'update', id: 'p1', base: 5, change: { name: 'Front hall', colorIds: ['d', 'e', 'g'] } }),
    ];
    const [shown] = listView({ known: [hall], removed: [], ops, ids: {} }, rules)!;
    expect(shown).toMatchObject({ name: 'Front hall', colorIds: ['d', 'e', 'g'], version: 6, pending: true });
  });

  it('takes the share link away on unsharing, and gives none until the server makes one', () => {
    const ops = [
      queued({ kind: 'sharing', id: 'p1', base: 3, isPublic: false }),
      queued({ kind: 'sharing', id: 'p1', base: 4, isPublic: true }),
    ];
    const [shown] = listView({ known: [hall], removed: [], ops, ids: {} }, rules)!;
    expect(shown).toMatchObject({ isPublic: true, shareId: null, version: 5 });
  });

  it('brings a palette deleted lately back on Undo, private, after its delete and undelete versions', () => {
    const ops = [queued({ kind: 'undelete', ids: ['p1'] })];
    const shown = listView({ known: [], removed: [hall], ops, ids: {} }, rules);
    expect(shown).toEqual([expect.objectContaining({ id: 'p1', isPublic: false, shareId: null, version: 5 })]);
  });

  it('shows an offline-made palette under its server id once its create has landed', () => {
    const ops = [queued({ kind: 'update', id: 'o-local', base: 1, change: { name: 'Porch' } })];
    const made = { ...hall, id: 'p9', name: 'Verandah', version: 1, isPublic: false, shareId: null };
    const shown = listView({ known: [made], removed: [], ops, ids: { 'o-local': 'p9' } }, rules);
    expect(shown).toEqual([expect.objectContaining({ id: 'p9', name: 'Porch', version: 2 })]);
  });
});

describe('outbox view: the history with the waiting writes', () => {
  it('numbers the versions a palette made offline will have', () => {
    const ops = [
      queued({
        kind: 'create',
        id: 'o1',
        name: 'Den',
        colorIds: ['a', 'b', 'c'],
        createdAt: '2026-11-22T10:00:00.000Z',
      }),
      queued({ kind: 'update', id: 'o1', base: 1, change: { colorIds: ['d', 'e', 'f'] } }),
      queued({ kind: 'restore', id: 'o1', base: 2, version: 1 }),
    ];
    const rows = historyView([], ops, {}, 'o1', rules);
    expect(rows.map((r) => [r.version, r.type, r.colorIds.join('')])).toEqual([
      [1, 'PaletteCreated', 'abc'],
      [2, 'PaletteColorsChanged', 'def'],
      [3, 'PaletteRestored', 'abc'],
    ]);
    expect(rows[2]).toMatchObject({ restoredVersion: 1 });
  });
});

describe('outbox view: one more write', () => {
  it('is nothing when the rules say it changes nothing', () => {
    expect(afterWrite(hall, { kind: 'update', id: 'p1', base: 3, change: { name: 'Hall' } }, rules, null)).toBeNull();
  });

  it('cannot bring back a version this device has never seen', () => {
    expect(afterWrite(hall, { kind: 'restore', id: 'p1', base: 3, version: 2 }, rules, null)).toBe('unknown');
  });

  it('refuses at once what the server would refuse, in the rules’ words', () => {
    const create = { kind: 'create', id: 'o', name: 'Loft', createdAt: rules.now } as const;
    expect(refusal({ ...create, colorIds: ['a', 'b'] }, rules)?.message).toBe('A palette has 3 to 10 colours.');
    expect(refusal({ ...create, colorIds: ['a', 'b', 'z'] }, rules)).toMatchObject({ code: 'unknown_color' });
    expect(refusal({ kind: 'update', id: 'p1', base: 3, change: { name: '   ' } }, rules)).toMatchObject({
      code: 'invalid_name',
    });
    expect(refusal({ ...create, colorIds: ['a', 'b', 'c'] }, rules)).toBeNull();
  });
});
