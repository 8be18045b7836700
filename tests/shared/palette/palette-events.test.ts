import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  PALETTE_EVENT_SCHEMA_VERSION,
  PALETTE_STREAM_PREFIX,
  type PaletteRenamed,
  type PaletteRestored,
  paletteEvent,
  paletteIdOfStream,
  paletteStreamId,
} from '../../../shared/palette/palette-events';

const AT = '2026-11-22T12:00:00.000Z';

// The `@ts-expect-error` lines are the test: `npm run typecheck` (tsc -p tests) fails if one of them compiles.
describe('paletteEvent', () => {
  it('makes the event of its type, typed as that event, in the stored shape', () => {
    const renamed = paletteEvent('PaletteRenamed', AT, { name: 'Hall' });
    expectTypeOf(renamed).toEqualTypeOf<PaletteRenamed>();
    expectTypeOf(
      paletteEvent('PaletteRestored', AT, { restoredVersion: 1, name: 'Hall', colorIds: [] }),
    ).toEqualTypeOf<PaletteRestored>();
    expect(renamed).toEqual({
      type: 'PaletteRenamed',
      schemaVersion: PALETTE_EVENT_SCHEMA_VERSION,
      at: AT,
      data: { name: 'Hall' },
    });
  });

  it("does not compile with another event's data", () => {
    // @ts-expect-error: a rename carries a name, not colours
    paletteEvent('PaletteRenamed', AT, { colorIds: ['a', 'b', 'c'] });
    // @ts-expect-error: a restore says which version it brought back
    paletteEvent('PaletteRestored', AT, { name: 'Hall', colorIds: ['a', 'b', 'c'] });
    // @ts-expect-error: a delete carries no data
    paletteEvent('PaletteDeleted', AT, { shareId: 'abc' });
    // @ts-expect-error: a share event needs its share id
    paletteEvent('PalettePublished', AT, {});
    const either = (rename: boolean): 'PaletteRenamed' | 'PaletteColorsChanged' =>
      rename ? 'PaletteRenamed' : 'PaletteColorsChanged';
    const data: { name: string } | { colorIds: string[] } = { colorIds: ['a', 'b', 'c'] };
    // @ts-expect-error: a type known only as one of two cannot take data that fits either
    paletteEvent(either(true), AT, data);
  });
});

describe('palette streams', () => {
  // Stored stream ids: another prefix would leave every saved palette's events behind.
  it('name a palette stream by its prefix and id, and give the id back', () => {
    const streamId = paletteStreamId('abc123');
    expect(streamId.startsWith(PALETTE_STREAM_PREFIX)).toBe(true);
    expect(streamId).toBe('palette-abc123');
    expect(paletteIdOfStream(streamId)).toBe('abc123');
  });
});
