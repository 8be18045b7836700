import { createHash, randomFillSync } from 'node:crypto';
import type { Catalogue } from '../../shared/catalogue/catalogue';
import { resolveEventColorIds } from '../../shared/catalogue/id-aliases';
import { type DecideContext, decide, type PaletteCommand, PaletteError } from '../../shared/palette/palette-decider';
import { type PaletteEvent, paletteStreamId } from '../../shared/palette/palette-events';
import { evolve, fold, type SavedPalette } from '../../shared/palette/palette-evolve';
import type { Sql } from '../db/sql';
import { ConcurrencyError, type EventStore } from '../events/event-store';
import { storedToPaletteEvent } from './palette-projection';
import { type PaletteRow, rowToState } from './palette-row';
import { DEFAULT_CAPS, type UserCaps, userCapCheck } from './user-caps';

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

// Random bytes are drawn 4 KiB at a time and each is used once: one call into the CSPRNG per
// hundred ids or so rather than one per id (a tenth of an append's own work under load).
const pool = Buffer.alloc(4096);
let used = pool.length;

/** `length` base-36 characters from a CSPRNG; bytes ≥ 252 are skipped so every character is equally likely. */
function randomBase36(length: number): string {
  let out = '';
  while (out.length < length) {
    if (used === pool.length) {
      randomFillSync(pool);
      used = 0;
    }
    const byte = pool[used++]!;
    if (byte < 252) out += BASE36[byte % 36];
  }
  return out;
}

/** A share id: 13 random base-36 characters, new each time a palette is made public, so an old link dies. */
const newShareId = () => randomBase36(13);
const newPaletteId = () => randomBase36(20);

/**
 * The same account importing the same local palette, or creating with the same Idempotency-Key, always
 * gets the same id: that makes import and a keyed create idempotent, for as long as the palette's events
 * are kept. (One space for both: a create the outbox once sent as an import finds that palette again.)
 */
function keyedPaletteId(userId: string, localId: string): string {
  const digest = createHash('sha256').update(`${userId}\u0000${localId}`).digest();
  let out = '';
  for (const byte of digest) if (out.length < 20) out += BASE36[byte % 36];
  return out;
}

/** Whether a keyed create asks for the palette the key made first (same name and colours). */
function sameCreation(first: PaletteEvent, asked: readonly PaletteEvent[]): boolean {
  const [made] = asked;
  return (
    first.type === 'PaletteCreated' &&
    made?.type === 'PaletteCreated' &&
    first.data.name === made.data.name &&
    first.data.colorIds.join() === made.data.colorIds.join()
  );
}

export type PaletteCommands = ReturnType<typeof paletteCommands>;

export function paletteCommands(deps: {
  store: EventStore;
  catalogue: Catalogue;
  now: () => Date;
  caps?: UserCaps;
  /** Counts one write by the user in the write's transaction; throws when over their rate. */
  countWrite?: (tx: Sql, userId: string) => Promise<void>;
}) {
  const { store, catalogue } = deps;
  const checkCaps = userCapCheck(deps.caps ?? DEFAULT_CAPS);
  const rowById = (tx: Sql, id: string) => tx.get<PaletteRow>('SELECT * FROM palettes WHERE id = ?', [id]);
  // Ids of renamed paints (id-aliases.ts) are stored as today's ids; unknown ids go on to the decider's check.
  const current = (id: string) => catalogue.currentId(id) ?? id;
  const currentIds = (ids: readonly string[]) => ids.map(current);
  const creation = (actorId: string, paletteId: string, name: string, colorIds: readonly string[]): PaletteCommand => ({
    type: 'CreatePalette',
    actorId,
    paletteId,
    name,
    colorIds: currentIds(colorIds),
  });
  /** The decider's context; a restore reads the stored history first (the decider is synchronous, shared with the device). */
  const context = async (tx: Sql, paletteId: string, commands: readonly PaletteCommand[]): Promise<DecideContext> => {
    const history = commands.some((command) => command.type === 'RestorePalette')
      ? (await store.readStream(paletteStreamId(paletteId), undefined, tx)).map(storedToPaletteEvent)
      : [];
    return {
      now: deps.now().toISOString(),
      ids: { shareId: newShareId },
      colorExists: (id) => catalogue.byId.has(id),
      // Event n of a stream is its version n.
      history: (upToVersion) => history.slice(0, upToVersion),
    };
  };

  /** One write request of `actorId`: its own transaction, where its rate is counted too. */
  const written = <T>(actorId: string, fn: (tx: Sql) => Promise<T>): Promise<T> =>
    store.transaction(async (tx) => {
      if (actorId) await deps.countWrite?.(tx, actorId);
      return fn(tx);
    });

  /** The current state: the projection row is the snapshot; no row but events means deleted. */
  async function load(tx: Sql, paletteId: string): Promise<{ state: SavedPalette | null; version: number }> {
    const row = await rowById(tx, paletteId);
    if (row) return { state: rowToState(row), version: row.version };
    const version = await store.streamVersion(paletteStreamId(paletteId), tx);
    if (version === 0) return { state: null, version: 0 };
    const state = fold((await store.readStream(paletteStreamId(paletteId), undefined, tx)).map(storedToPaletteEvent));
    return { state, version };
  }

  /**
   * Loads, decides and appends in one transaction (the caller's, when `db` is its handle; else a
   * new write request's, see `written`).
   * `expectedVersion` (from If-Match) is checked only for the owner, so a stranger learns nothing
   * beyond "not found".
   */
  function execute(
    paletteId: string,
    actorId: string,
    commands: readonly PaletteCommand[],
    expectedVersion?: number,
    db?: Sql,
    drawnNow = false,
  ): Promise<SavedPalette | null> {
    const run = (fn: (tx: Sql) => Promise<SavedPalette | null>) =>
      db ? store.transaction(fn, db) : written(actorId, fn);
    return run(async (tx) => {
      // An id drawn just now (100 random bits) has nothing stored under it: two reads fewer per
      // new palette. Were it ever taken, the log's unique version refuses the append all the same.
      const { state, version } = drawnNow ? { state: null, version: 0 } : await load(tx, paletteId);
      const owned = state !== null && !state.deleted && state.ownerId === actorId;
      if (expectedVersion !== undefined && owned && expectedVersion !== version) {
        throw new ConcurrencyError(paletteStreamId(paletteId), expectedVersion, version);
      }
      const ctx = await context(tx, paletteId, commands);
      let current = state;
      const events: PaletteEvent[] = [];
      for (const command of commands) {
        for (const event of decide(command, current, ctx)) {
          events.push(event);
          current = evolve(current, event);
        }
      }
      if (actorId)
        await checkCaps(tx, { actorId, isNew: state === null, version, eventTypes: events.map((e) => e.type) });
      // `load` read the version in this transaction: the store need not read it again.
      await store.append(paletteStreamId(paletteId), version, events, actorId, tx, true);
      return current;
    });
  }

  return {
    async create(actorId: string, name: string, colorIds: readonly string[]) {
      const paletteId = newPaletteId();
      const command = creation(actorId, paletteId, name, colorIds);
      return (await execute(paletteId, actorId, [command], undefined, undefined, true))!;
    },
    /**
     * A create sent with an Idempotency-Key: the first call makes the palette; a retry (its answer was
     * lost) gets that palette as it is now, never a second one. The same key with another name or
     * colours answers `reused`: it is not the same request.
     */
    createOnce(
      actorId: string,
      name: string,
      colorIds: readonly string[],
      key: string,
    ): Promise<{ state: SavedPalette } | { reused: true }> {
      const paletteId = keyedPaletteId(actorId, key);
      const command = creation(actorId, paletteId, name, colorIds);
      return written(actorId, async (tx) => {
        const [first] = (await store.readStream(paletteStreamId(paletteId), 1, tx)).map(storedToPaletteEvent);
        if (!first) return { state: (await execute(paletteId, actorId, [command], undefined, tx))! };
        // What this request would have made, by the same rules, beside what the first one made.
        if (!sameCreation(first, decide(command, null, await context(tx, paletteId, [command]))))
          return { reused: true };
        const { state } = await load(tx, paletteId);
        // Made by the first call and deleted since: to the retry it is gone, as to any other call.
        if (!state || state.deleted || state.ownerId !== actorId)
          throw new PaletteError('palette_not_found', 'No such palette.');
        return { state };
      });
    },
    async update(
      paletteId: string,
      actorId: string,
      changes: { name?: string; colorIds?: readonly string[] },
      expectedVersion?: number,
    ) {
      const commands: PaletteCommand[] = [];
      if (changes.name !== undefined) commands.push({ type: 'RenamePalette', actorId, name: changes.name });
      if (changes.colorIds !== undefined) {
        commands.push({ type: 'ChangePaletteColors', actorId, colorIds: currentIds(changes.colorIds) });
      }
      return (await execute(paletteId, actorId, commands, expectedVersion))!;
    },
    async setSharing(paletteId: string, actorId: string, makePublic: boolean, expectedVersion?: number) {
      const type = makePublic ? 'PublishPalette' : 'UnpublishPalette';
      return (await execute(paletteId, actorId, [{ type, actorId }], expectedVersion))!;
    },
    async delete(paletteId: string, actorId: string, expectedVersion?: number) {
      await execute(paletteId, actorId, [{ type: 'DeletePalette', actorId }], expectedVersion);
    },
    /** Deletes the caller's palettes among `ids`; others are skipped. All or nothing. */
    deleteMany(ids: readonly string[], actorId: string): Promise<string[]> {
      return written(actorId, async (tx) => {
        const deleted: string[] = [];
        for (const id of new Set(ids)) {
          try {
            await execute(id, actorId, [{ type: 'DeletePalette', actorId }], undefined, tx);
            deleted.push(id);
          } catch (error) {
            if (!(error instanceof PaletteError && error.code === 'palette_not_found')) throw error;
          }
        }
        return deleted;
      });
    },
    /**
     * Undoes the delete of the caller's palettes among `ids` (the toast's Undo); ids that are not the
     * caller's are skipped, ones not deleted are left as they are. Returns the ids that are back. All or nothing.
     */
    undeleteMany(ids: readonly string[], actorId: string): Promise<string[]> {
      return written(actorId, async (tx) => {
        const back: string[] = [];
        for (const id of new Set(ids)) {
          try {
            const state = await execute(id, actorId, [{ type: 'UndeletePalette', actorId }], undefined, tx);
            if (state && !state.deleted) back.push(id);
          } catch (error) {
            if (!(error instanceof PaletteError && error.code === 'palette_not_found')) throw error;
          }
        }
        return back;
      });
    },
    async restore(paletteId: string, actorId: string, version: number, expectedVersion?: number) {
      return (await execute(paletteId, actorId, [{ type: 'RestorePalette', actorId, version }], expectedVersion))!;
    },
    /** Imports local palettes in one transaction; returns each one's server id (in order) and how many were new. */
    importMany(
      actorId: string,
      palettes: ReadonlyArray<
        Omit<Extract<PaletteCommand, { type: 'ImportPalette' }>, 'type' | 'actorId' | 'paletteId'>
      >,
    ) {
      return written(actorId, async (tx) => {
        let created = 0;
        const ids: string[] = [];
        for (const [i, palette] of palettes.entries()) {
          const paletteId = keyedPaletteId(actorId, palette.localId);
          const before = await store.streamVersion(paletteStreamId(paletteId), tx);
          try {
            const imported = {
              ...palette,
              colorIds: currentIds(palette.colorIds),
              history: palette.history?.map((event) => resolveEventColorIds(event, current)),
            };
            await execute(
              paletteId,
              actorId,
              [{ type: 'ImportPalette', actorId, paletteId, ...imported }],
              undefined,
              tx,
            );
          } catch (error) {
            if (!(error instanceof PaletteError)) throw error;
            throw new PaletteError(error.code, `Palette ${i + 1} ("${palette.localId}"): ${error.message}`);
          }
          if (before === 0) created++;
          ids.push(paletteId);
        }
        return { ids, created };
      });
    },
    async history(paletteId: string) {
      return (await store.readStream(paletteStreamId(paletteId))).map(storedToPaletteEvent);
    },
  };
}
