import { describe, expect, it } from 'vitest';
import type { PaletteVersion } from '../../../../shared/palette/palette-evolve';
import { describeChange } from '../../../../web/features/saved/describe-change';

const names: Record<string, string> = {
  hague: 'Hague Blue',
  stiffkey: 'Stiffkey Blue',
  ammonite: 'Ammonite',
  pointing: 'Pointing',
  sulking: 'Sulking Room Pink',
};
const name = (id: string) => names[id] ?? id;
const at = '2026-01-01T10:00:00.000Z';
const v = (version: number, over: Partial<PaletteVersion>): PaletteVersion => ({
  version,
  type: 'PaletteColorsChanged',
  at,
  name: 'Hall',
  colorIds: ['hague', 'ammonite', 'pointing'],
  isPublic: false,
  ...over,
});

describe('what a version changed, in words', () => {
  const base = v(1, { type: 'PaletteCreated' });

  it('the first version says how the palette began', () => {
    expect(describeChange(null, base, name)).toBe('Created as “Hall” with 3 colours');
  });

  it('a swapped colour in the same place reads as a replacement', () => {
    const next = v(2, { colorIds: ['stiffkey', 'ammonite', 'pointing'] });
    expect(describeChange(base, next, name)).toBe('Hague Blue replaced by Stiffkey Blue');
  });

  it('a rename', () => {
    expect(describeChange(base, v(2, { type: 'PaletteRenamed', name: 'Hallway' }), name)).toBe('Renamed to “Hallway”');
  });

  it('added and removed colours', () => {
    const added = v(2, { colorIds: ['hague', 'ammonite', 'pointing', 'sulking'] });
    expect(describeChange(base, added, name)).toBe('Sulking Room Pink added');
    const removed = v(3, { colorIds: ['hague', 'pointing', 'sulking'] });
    expect(describeChange(added, removed, name)).toBe('Ammonite removed');
  });

  it('a reorder with the same colours', () => {
    expect(describeChange(base, v(2, { colorIds: ['pointing', 'hague', 'ammonite'] }), name)).toBe('Colours reordered');
  });

  it('made public and made private', () => {
    const published = v(2, { type: 'PalettePublished', isPublic: true });
    expect(describeChange(base, published, name)).toBe('Made public');
    expect(describeChange(published, v(3, { type: 'PaletteUnpublished', isPublic: false }), name)).toBe('Made private');
  });

  it('a restore names the version it brought back and what that changed', () => {
    const renamed = v(2, { name: 'Kitchen', colorIds: ['stiffkey', 'ammonite', 'pointing'] });
    const restored = v(3, { type: 'PaletteRestored', restoredVersion: 1 });
    expect(describeChange(renamed, restored, name)).toBe(
      'Restored version 1, renamed to “Hall”, Stiffkey Blue replaced by Hague Blue',
    );
  });
});
