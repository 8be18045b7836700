import { describe, expect, it } from 'vitest';
import { type DecideContext, decide, type PaletteCommand, PaletteError } from '../../../shared/palette/palette-decider';
import { type PaletteEvent, paletteEvent } from '../../../shared/palette/palette-events';
import { fold } from '../../../shared/palette/palette-evolve';

const known = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k']);
const NOW = '2026-11-22T12:00:00.000Z';
const ctx: DecideContext = {
  now: NOW,
  ids: { shareId: () => 'share0000001' },
  colorExists: (id) => known.has(id),
  history: () => [],
};
/** The context of a stream holding `events`: its history is theirs. */
const ctxOf = (events: readonly PaletteEvent[]): DecideContext => ({
  ...ctx,
  history: (upToVersion) => events.slice(0, upToVersion),
});

const created = (over: Partial<{ ownerId: string | null; name: string; colorIds: string[] }> = {}) =>
  paletteEvent('PaletteCreated', '2026-11-01T10:00:00.000Z', {
    paletteId: 'p1',
    ownerId: 'alice',
    name: 'Hall',
    colorIds: ['a', 'b', 'c'],
    ...over,
  });

/** What `run` throws; a test fails when it throws nothing. */
function failureOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a PaletteError, but the command was accepted');
}

/** given(events).when(command).thenEvents(events) or .thenFails(code): the decider read as a story. */
function given(events: PaletteEvent[]) {
  return {
    when(command: PaletteCommand) {
      const run = () => decide(command, fold(events), ctxOf(events));
      return {
        thenEvents: (expected: PaletteEvent[]) => expect(run()).toEqual(expected),
        thenFails(code: string, message?: string) {
          const error = failureOf(run);
          expect(error).toBeInstanceOf(PaletteError);
          expect(error).toMatchObject(message === undefined ? { code } : { code, message });
        },
      };
    },
  };
}

describe('decide: creating', () => {
  it('creates a palette with a trimmed name', () =>
    given([])
      .when({ type: 'CreatePalette', actorId: 'alice', paletteId: 'p1', name: '  Hall  ', colorIds: ['a', 'b', 'c'] })
      .thenEvents([
        paletteEvent('PaletteCreated', NOW, {
          paletteId: 'p1',
          ownerId: 'alice',
          name: 'Hall',
          colorIds: ['a', 'b', 'c'],
        }),
      ]));

  it('refuses an empty name, a name over 100 characters, fewer than 3 or more than 10 colours, and unknown ids', () => {
    const create = (name: string, colorIds: string[]) =>
      given([]).when({ type: 'CreatePalette', actorId: 'alice', paletteId: 'p1', name, colorIds });
    create('   ', ['a', 'b', 'c']).thenFails('invalid_name');
    create('x'.repeat(101), ['a', 'b', 'c']).thenFails('invalid_name');
    create('Hall', ['a', 'b']).thenFails('invalid_colors');
    create('Hall', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k']).thenFails('invalid_colors');
    create('Hall', ['a', 'b', 'nope']).thenFails('unknown_color');
  });

  it('accepts exactly 100 characters and exactly 3 and 10 colours', () => {
    const name = 'x'.repeat(100);
    expect(
      decide({ type: 'CreatePalette', actorId: 'a', paletteId: 'p', name, colorIds: ['a', 'b', 'c'] }, null, ctx),
    ).toHaveLength(1);
    const ten = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
    expect(
      decide({ type: 'CreatePalette', actorId: 'a', paletteId: 'p', name: 'n', colorIds: ten }, null, ctx),
    ).toHaveLength(1);
  });

  it('refuses to create a palette twice', () =>
    given([created()])
      .when({ type: 'CreatePalette', actorId: 'alice', paletteId: 'p1', name: 'Hall', colorIds: ['a', 'b', 'c'] })
      .thenFails('palette_exists'));
});

describe('decide: editing', () => {
  it('renames, and does nothing when the trimmed name is unchanged', () => {
    given([created()])
      .when({ type: 'RenamePalette', actorId: 'alice', name: 'Kitchen' })
      .thenEvents([paletteEvent('PaletteRenamed', NOW, { name: 'Kitchen' })]);
    given([created()]).when({ type: 'RenamePalette', actorId: 'alice', name: ' Hall ' }).thenEvents([]);
  });

  it('changes colours, keeping their order, and ignores an identical list', () => {
    given([created()])
      .when({ type: 'ChangePaletteColors', actorId: 'alice', colorIds: ['c', 'b', 'a', 'd'] })
      .thenEvents([paletteEvent('PaletteColorsChanged', NOW, { colorIds: ['c', 'b', 'a', 'd'] })]);
    given([created()])
      .when({ type: 'ChangePaletteColors', actorId: 'alice', colorIds: ['a', 'b', 'c'] })
      .thenEvents([]);
  });

  it('lets only the owner command: anyone else is told the palette does not exist', () => {
    const strangers: PaletteCommand[] = [
      { type: 'RenamePalette', actorId: 'bob', name: 'Mine now' },
      { type: 'ChangePaletteColors', actorId: 'bob', colorIds: ['d', 'e', 'f'] },
      { type: 'PublishPalette', actorId: 'bob' },
      { type: 'UnpublishPalette', actorId: null },
      { type: 'DeletePalette', actorId: 'bob' },
      { type: 'RestorePalette', actorId: 'bob', version: 1 },
    ];
    for (const command of strangers) {
      given([created()]).when(command).thenFails('palette_not_found');
    }
  });

  it('treats a deleted palette as gone', () =>
    given([created(), paletteEvent('PaletteDeleted', NOW, {})])
      .when({ type: 'RenamePalette', actorId: 'alice', name: 'Back' })
      .thenFails('palette_not_found'));
});

describe('decide: undoing a delete', () => {
  const deleted = () => [
    created(),
    paletteEvent('PalettePublished', NOW, { shareId: 'old' }),
    paletteEvent('PaletteDeleted', NOW, {}),
  ];

  it('brings a deleted palette back for its owner, with its name and colours, and private', () => {
    given(deleted())
      .when({ type: 'UndeletePalette', actorId: 'alice' })
      .thenEvents([paletteEvent('PaletteUndeleted', NOW, {})]);
    const state = fold([...deleted(), paletteEvent('PaletteUndeleted', NOW, {})]);
    expect(state).toMatchObject({ deleted: false, name: 'Hall', colorIds: ['a', 'b', 'c'], version: 4 });
    // The revoked link is not re-published behind the owner's back.
    expect(state).toMatchObject({ isPublic: false, shareId: null });
  });

  it('changes nothing on a palette that is not deleted (a second Undo click)', () =>
    given([created()]).when({ type: 'UndeletePalette', actorId: 'alice' }).thenEvents([]));

  it('tells anyone but the owner, and a palette never made, that it does not exist', () => {
    given(deleted()).when({ type: 'UndeletePalette', actorId: 'bob' }).thenFails('palette_not_found');
    given(deleted()).when({ type: 'UndeletePalette', actorId: null }).thenFails('palette_not_found');
    given([]).when({ type: 'UndeletePalette', actorId: 'alice' }).thenFails('palette_not_found');
  });

  it('lets the restored palette be edited again', () =>
    given([...deleted(), paletteEvent('PaletteUndeleted', NOW, {})])
      .when({ type: 'RenamePalette', actorId: 'alice', name: 'Landing' })
      .thenEvents([paletteEvent('PaletteRenamed', NOW, { name: 'Landing' })]));
});

describe('decide: sharing', () => {
  it('publishes with a fresh share id, and unpublishes with the id it had', () => {
    given([created()])
      .when({ type: 'PublishPalette', actorId: 'alice' })
      .thenEvents([paletteEvent('PalettePublished', NOW, { shareId: 'share0000001' })]);
    given([created(), paletteEvent('PalettePublished', NOW, { shareId: 'old' })])
      .when({ type: 'UnpublishPalette', actorId: 'alice' })
      .thenEvents([paletteEvent('PaletteUnpublished', NOW, { shareId: 'old' })]);
  });

  it('is idempotent: publishing a public palette or unpublishing a private one adds nothing', () => {
    given([created(), paletteEvent('PalettePublished', NOW, { shareId: 'old' })])
      .when({ type: 'PublishPalette', actorId: 'alice' })
      .thenEvents([]);
    given([created()]).when({ type: 'UnpublishPalette', actorId: 'alice' }).thenEvents([]);
  });
});

describe('decide: restoring', () => {
  const history = [
    created(),
    paletteEvent('PaletteRenamed', NOW, { name: 'Kitchen' }),
    paletteEvent('PaletteColorsChanged', NOW, { colorIds: ['d', 'e', 'f'] }),
  ];
  it('appends a PaletteRestored with the name and colours of the version asked for, read from the stream', () => {
    given(history)
      .when({ type: 'RestorePalette', actorId: 'alice', version: 1 })
      .thenEvents([
        paletteEvent('PaletteRestored', NOW, { restoredVersion: 1, name: 'Hall', colorIds: ['a', 'b', 'c'] }),
      ]);
    given(history)
      .when({ type: 'RestorePalette', actorId: 'alice', version: 2 })
      .thenEvents([
        paletteEvent('PaletteRestored', NOW, { restoredVersion: 2, name: 'Kitchen', colorIds: ['a', 'b', 'c'] }),
      ]);
  });

  it('adds nothing when the version asked for looks as the palette does now', () =>
    given(history).when({ type: 'RestorePalette', actorId: 'alice', version: 3 }).thenEvents([]));

  it('refuses a version outside 1 to the current one, saying which exist, without reading the history', () => {
    for (const version of [0, -1, 4, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER]) {
      const asked: number[] = [];
      const reading: DecideContext = {
        ...ctxOf(history),
        history: (upToVersion) => {
          asked.push(upToVersion);
          return history.slice(0, upToVersion);
        },
      };
      const command: PaletteCommand = { type: 'RestorePalette', actorId: 'alice', version };
      expect(failureOf(() => decide(command, fold(history), reading))).toMatchObject({
        code: 'unknown_version',
        message: 'This palette has versions 1 to 3.',
      });
      expect(asked).toEqual([]);
    }
  });

  it('refuses a version the stream cannot give back, or one at which the palette was deleted', () => {
    const deletedOnce = [
      ...history,
      paletteEvent('PaletteDeleted', NOW, {}),
      paletteEvent('PaletteUndeleted', NOW, {}),
    ];
    given(deletedOnce)
      .when({ type: 'RestorePalette', actorId: 'alice', version: 4 })
      .thenFails('unknown_version', 'This palette has versions 1 to 5.');
    const short: DecideContext = { ...ctx, history: (upToVersion) => history.slice(0, upToVersion - 1) };
    const command: PaletteCommand = { type: 'RestorePalette', actorId: 'alice', version: 2 };
    expect(failureOf(() => decide(command, fold(history), short))).toMatchObject({
      code: 'unknown_version',
      message: 'This palette has versions 1 to 3.',
    });
  });
});

describe('decide: importing a local palette', () => {
  const local = [
    created({ ownerId: null }),
    paletteEvent('PaletteRenamed', '2026-11-02T10:00:00.000Z', { name: 'Hallway' }),
    paletteEvent('PaletteColorsChanged', '2026-11-03T10:00:00.000Z', { colorIds: ['d', 'e', 'f'] }),
  ];
  const importCommand = (history?: PaletteEvent[]): PaletteCommand => ({
    type: 'ImportPalette',
    actorId: 'alice',
    paletteId: 'srv1',
    localId: '1732000000000',
    name: 'Hallway',
    colorIds: ['d', 'e', 'f'],
    createdAt: '2026-11-01T10:00:00.000Z',
    history,
  });

  it('keeps the local history, owned by the importer, with its times', () => {
    const events = decide(importCommand(local), null, ctx);
    expect(events.map((e) => [e.type, e.at])).toEqual([
      ['PaletteCreated', '2026-11-01T10:00:00.000Z'],
      ['PaletteRenamed', '2026-11-02T10:00:00.000Z'],
      ['PaletteColorsChanged', '2026-11-03T10:00:00.000Z'],
    ]);
    expect(events[0]?.data).toMatchObject({ paletteId: 'srv1', ownerId: 'alice', importedFrom: '1732000000000' });
  });

  it('creates from name and colours alone when there is no history', () =>
    given([])
      .when(importCommand())
      .thenEvents([
        paletteEvent('PaletteCreated', '2026-11-01T10:00:00.000Z', {
          paletteId: 'srv1',
          ownerId: 'alice',
          name: 'Hallway',
          colorIds: ['d', 'e', 'f'],
          importedFrom: '1732000000000',
        }),
      ]));

  it('adds nothing when the palette was imported before', () => given(local).when(importCommand(local)).thenEvents([]));

  it('refuses a history that does not start with creation, goes back in time or holds sharing', () => {
    given([])
      .when(importCommand(local.slice(1)))
      .thenFails('invalid_history');
    given([])
      .when(importCommand([local[0]!, paletteEvent('PaletteRenamed', '2026-10-01T00:00:00.000Z', { name: 'x' })]))
      .thenFails('invalid_history');
    given([])
      .when(importCommand([local[0]!, paletteEvent('PalettePublished', NOW, { shareId: 'x' })]))
      .thenFails('invalid_history');
    given([])
      .when(importCommand([local[0]!, paletteEvent('PaletteColorsChanged', NOW, { colorIds: ['zz', 'a', 'b'] })]))
      .thenFails('unknown_color');
  });

  it('ends on the name and colours the user sees, and never dates events in the future', () => {
    const future = [
      created({ ownerId: null }),
      paletteEvent('PaletteRenamed', '2099-01-01T00:00:00.000Z', { name: 'Old' }),
    ];
    const events = decide(importCommand(future), null, ctx);
    expect(events.every((e) => e.at <= NOW)).toBe(true);
    expect(fold(events)).toMatchObject({ name: 'Hallway', colorIds: ['d', 'e', 'f'], ownerId: 'alice' });
  });
});
