import { describe, expect, it } from 'vitest';
import { paletteEvent } from '../../../shared/palette/palette-events';
import { evolve, fold, versions } from '../../../shared/palette/palette-evolve';

const T1 = '2026-11-01T10:00:00.000Z';
const T2 = '2026-11-02T10:00:00.000Z';
const created = paletteEvent('PaletteCreated', T1, {
  paletteId: 'p1',
  ownerId: 'alice',
  name: 'Hall',
  colorIds: ['a', 'b', 'c'],
});

describe('evolve', () => {
  it('given nothing, when created, then the palette exists at version 1, private', () => {
    expect(evolve(null, created)).toEqual({
      id: 'p1',
      ownerId: 'alice',
      name: 'Hall',
      colorIds: ['a', 'b', 'c'],
      createdAt: T1,
      updatedAt: T1,
      isPublic: false,
      shareId: null,
      version: 1,
      deleted: false,
    });
  });

  it('given a palette, each event moves the version on and stamps updatedAt', () => {
    const state = fold([
      created,
      paletteEvent('PaletteRenamed', T2, { name: 'Kitchen' }),
      paletteEvent('PaletteColorsChanged', T2, { colorIds: ['c', 'd', 'e', 'f'] }),
      paletteEvent('PalettePublished', T2, { shareId: 's1' }),
    ]);
    expect(state).toMatchObject({ name: 'Kitchen', colorIds: ['c', 'd', 'e', 'f'], isPublic: true, shareId: 's1' });
    expect(state).toMatchObject({ version: 4, createdAt: T1, updatedAt: T2 });
  });

  it('given a public palette, when unpublished or deleted, then it has no share id', () => {
    const pub = [created, paletteEvent('PalettePublished', T2, { shareId: 's1' })];
    expect(fold([...pub, paletteEvent('PaletteUnpublished', T2, { shareId: 's1' })])).toMatchObject({
      isPublic: false,
      shareId: null,
    });
    expect(fold([...pub, paletteEvent('PaletteDeleted', T2, {})])).toMatchObject({ deleted: true, shareId: null });
  });

  it('given a renamed palette, when restored, then the old name and colours are back as a new version', () => {
    const state = fold([
      created,
      paletteEvent('PaletteRenamed', T2, { name: 'Kitchen' }),
      paletteEvent('PaletteRestored', T2, { restoredVersion: 1, name: 'Hall', colorIds: ['a', 'b', 'c'] }),
    ]);
    expect(state).toMatchObject({ name: 'Hall', colorIds: ['a', 'b', 'c'], version: 3 });
  });

  it('ignores events before creation instead of throwing (a damaged local history)', () => {
    expect(evolve(null, paletteEvent('PaletteRenamed', T2, { name: 'x' }))).toBeNull();
  });

  it('lists every version with the state after it', () => {
    const list = versions([created, paletteEvent('PaletteRenamed', T2, { name: 'Kitchen' })]);
    expect(list.map((v) => [v.state.version, v.event.type, v.state.name])).toEqual([
      [1, 'PaletteCreated', 'Hall'],
      [2, 'PaletteRenamed', 'Kitchen'],
    ]);
  });
});
