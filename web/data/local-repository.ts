import { type IDBPDatabase, type IDBPObjectStore, openDB } from 'idb';
import {
  type ColorExists,
  createLocal,
  type LocalPaletteRecord,
  localHistory,
  parseLocalRecord,
  type ReadOptions,
  readStoredRecord,
  restoreLocal,
  saveLocalVersion,
} from './local-palettes';
import type { PaletteChange, PaletteRepository, RepoResult, PaletteSummary } from './palette-repository';

/**
 * This device's saved palettes in IndexedDB: one record per palette (its events beside their
 * projection, as local-palettes.ts makes them), keyed by the palette's id. A delete only marks the
 * record, so Undo brings the palette back with its history. Records that cannot be read are
 * counted and left exactly as they are: never shown, never overwritten, never deleted.
 */

const PALETTE_DB = 'swatchbook-palettes';
const DB_VERSION = 1;
export const PALETTE_STORE = 'palettes' as const;
/** The localStorage key the palettes lived under before IndexedDB; older releases wrote it, so the name stays. */
export const OLD_LOCAL_KEY = 'savedPalettes';
/** How long a deleted palette is kept with its history (Undo needs seconds; this is a safety margin). */
export const KEEP_DELETED_MS = 30 * 24 * 60 * 60 * 1000;
/** Other tabs hear of every change here, to keep their list and badge in step. */
export const SAVED_CHANNEL = 'swatchbook-saved-palettes';

export interface LocalRepositoryOptions {
  /** The decider refuses colours the catalogue does not have, as the server does. */
  colorExists: ColorExists;
  /** Today's id of a renamed paint (undefined while the catalogue loads or for unknown ids). */
  currentId?: (id: string) => string | undefined;
  newId: () => string;
  now?: () => string;
  /** Where the palettes lived before; migrated once, then its key removed. */
  storage?: Pick<Storage, 'getItem' | 'removeItem'> | null;
  /** Told after every write (its own tab does not hear it). */
  channel?: Pick<BroadcastChannel, 'postMessage'> | null;
  dbName?: string;
}

interface LocalRead {
  records: LocalPaletteRecord[];
  /** Records that could not be read (bad shape, events that do not fold); left untouched. */
  unreadable: number;
}

export interface LocalRepository extends PaletteRepository {
  readonly kind: 'local';
  /** Every live palette with its events (for the upload at sign-in), and how many could not be read. */
  readAll(): Promise<RepoResult<LocalRead>>;
  /** Removes these palettes for good (they are on the server now), and every deleted one with them. */
  discard(ids: readonly string[]): Promise<RepoResult<void>>;
  close(): Promise<void>;
}

type Store = IDBPObjectStore<unknown, [typeof PALETTE_STORE], typeof PALETTE_STORE, 'readwrite'>;

const failed = (error?: unknown) => ({ ok: false, reason: 'failed', error }) as const;
const ok = <T>(value: T) => ({ ok: true, value }) as const;

export const toSummary = ({ events: _e, timestamp: _t, deletedAt: _d, user_id: _u, ...r }: LocalPaletteRecord) =>
  ({ ...r, colorIds: [...r.colorIds], isPublic: false, shareId: null }) as PaletteSummary;

function abort(tx: { abort(): void }): void {
  try {
    tx.abort();
  } catch {
    // Already finished or aborted.
  }
}

/** A short stable key for a record that cannot be read, so two tabs migrating it store it once. */
function unreadableKey(item: unknown): string {
  const text = JSON.stringify(item) ?? String(item);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `unreadable:${hash.toString(36)}:${text.length}`;
}

/**
 * Moves the old localStorage list into IndexedDB in one transaction, then removes the key (only
 * once that committed: a failure leaves localStorage as it was, to try again next start). Safe to
 * run in two tabs at once: a palette already stored is kept unless the old list has a newer version
 * of it (written by a tab still running the previous release).
 */
async function migrateFromLocalStorage(
  db: IDBPDatabase,
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
  read: ReadOptions = {},
): Promise<number> {
  const raw = storage.getItem(OLD_LOCAL_KEY);
  if (raw === null) return 0;
  let items: unknown[];
  try {
    const value = JSON.parse(raw) as unknown;
    items = Array.isArray(value) ? value : [value];
  } catch {
    items = [raw];
  }
  const tx = db.transaction(PALETTE_STORE, 'readwrite');
  tx.done.catch(() => {});
  let moved = 0;
  try {
    for (const item of items) {
      const record = parseLocalRecord(item, read);
      // Unreadable entries move too, under a key of their own: nothing is lost in the move.
      const key = record ? record.id : unreadableKey(item);
      const stored = await tx.store.get(key);
      if (stored !== undefined) {
        const found = readStoredRecord(key, stored, read);
        if (!record || found.state !== 'live' || found.record.version >= record.version) continue;
      }
      await tx.store.put(record ?? item, key);
      moved++;
    }
  } catch (error) {
    // All or nothing: what was already put must not commit on its own.
    abort(tx);
    throw error;
  }
  await tx.done;
  storage.removeItem(OLD_LOCAL_KEY);
  return moved;
}

/** A live palette's record, or why there is none. `unreadable`: stored but cannot be read. */
async function live(store: { get(key: string): Promise<unknown> }, id: string, read: ReadOptions) {
  const raw = await store.get(id);
  if (raw === undefined) return { state: 'missing' } as const;
  return readStoredRecord(id, raw, read);
}

type Found = Awaited<ReturnType<typeof live>>;

/**
 * Takes away every deleted record (`before`: only those deleted before then), with a cursor in the
 * transaction that is open, so the kept ones never pile up.
 */
async function dropDeleted(store: Store, read: ReadOptions, before?: string): Promise<void> {
  let cursor = await store.openCursor();
  while (cursor) {
    const found = readStoredRecord(cursor.key, cursor.value, read);
    if (found.state === 'deleted' && (before === undefined || found.record.deletedAt < before)) await cursor.delete();
    cursor = await cursor.continue();
  }
}

/**
 * The database itself: opened on first use (migrating the old localStorage list then), and every
 * transaction the repository runs, each answered as a RepoResult.
 */
class LocalStore {
  private opened: Promise<IDBPDatabase> | null = null;

  constructor(
    private readonly options: LocalRepositoryOptions,
    readonly read: ReadOptions,
  ) {}

  db(): Promise<IDBPDatabase> {
    if (!this.opened) {
      const opened = this.open();
      this.opened = opened;
      // A failed open is tried again on the next call rather than remembered for the visit.
      opened.catch(() => {
        if (this.opened === opened) this.opened = null;
      });
    }
    return this.opened;
  }

  private async open(): Promise<IDBPDatabase> {
    const database = await openDB(this.options.dbName ?? PALETTE_DB, DB_VERSION, {
      upgrade(db) {
        // Out-of-line keys: an unreadable record may have no usable id of its own.
        db.createObjectStore(PALETTE_STORE);
      },
    });
    if (this.options.storage) {
      try {
        await migrateFromLocalStorage(database, this.options.storage, this.read);
      } catch {
        // localStorage is left as it was; the next start tries again.
      }
    }
    return database;
  }

  private changed(): void {
    this.options.channel?.postMessage({ type: 'changed' });
  }

  /**
   * One palette changed in one read-write transaction, so two tabs never interleave. `change`
   * answers the record to store (or a result to give back as it is); the decider may throw.
   */
  async write(
    id: string,
    change: (found: Found) => LocalPaletteRecord | Exclude<RepoResult<PaletteSummary>, { ok: true }>,
  ): Promise<RepoResult<PaletteSummary>> {
    let tx: { abort(): void } | undefined;
    try {
      const rw = (await this.db()).transaction(PALETTE_STORE, 'readwrite');
      rw.done.catch(() => {});
      tx = rw;
      const next = change(await live(rw.store, id, this.read));
      if ('ok' in next) {
        await rw.done;
        return next;
      }
      await rw.store.put(next, id);
      await rw.done;
      this.changed();
      return ok(toSummary(next));
    } catch (error) {
      if (tx) abort(tx);
      return failed(error);
    }
  }

  /** Several palettes changed in one read-write transaction: all or nothing, then the other tabs hear. */
  async batch<T>(run: (store: Store) => Promise<T>): Promise<RepoResult<T>> {
    let tx: { abort(): void } | undefined;
    try {
      const rw = (await this.db()).transaction(PALETTE_STORE, 'readwrite');
      rw.done.catch(() => {});
      tx = rw;
      const value = await run(rw.store);
      await rw.done;
      this.changed();
      return ok(value);
    } catch (error) {
      if (tx) abort(tx);
      return failed(error);
    }
  }

  async readAll(): Promise<RepoResult<LocalRead>> {
    try {
      const tx = (await this.db()).transaction(PALETTE_STORE, 'readonly');
      const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
      const records: LocalPaletteRecord[] = [];
      let unreadable = 0;
      values.forEach((raw, i) => {
        const found = readStoredRecord(keys[i], raw, this.read);
        if (found.state === 'unreadable') unreadable++;
        else if (found.state === 'live') records.push(found.record);
      });
      return ok({ records, unreadable });
    } catch (error) {
      return failed(error);
    }
  }

  /** One palette as it is now, read-only (the history view). */
  async find(id: string): Promise<RepoResult<Found>> {
    try {
      return ok(await live((await this.db()).transaction(PALETTE_STORE).store, id, this.read));
    } catch (error) {
      return failed(error);
    }
  }

  async close(): Promise<void> {
    if (this.opened) (await this.opened.catch(() => null))?.close();
    this.opened = null;
  }
}

export function createLocalRepository(options: LocalRepositoryOptions): LocalRepository {
  const now = options.now ?? (() => new Date().toISOString());
  // Every read parses the same way; a plain legacy record with no time of its own gets this clock's.
  const read: ReadOptions = { nowMs: () => Date.parse(now()), currentId: options.currentId };
  const local = new LocalStore(options, read);

  return {
    kind: 'local',
    readAll: () => local.readAll(),

    async list() {
      const all = await local.readAll();
      if (!all.ok) return all;
      const list = all.value.records.map(toSummary);
      return ok(list.sort((a, b) => b.createdAt.localeCompare(a.createdAt)));
    },

    create(name, colorIds) {
      const id = options.newId();
      return local.write(id, (found) =>
        found.state === 'missing' ? createLocal(id, name, colorIds, now(), options.colorExists) : failed('id taken'),
      );
    },

    update(id, baseVersion, change: PaletteChange) {
      return local.write(id, (found) => {
        if (found.state === 'unreadable') return failed('unreadable');
        if (found.state !== 'live') return { ok: false, reason: 'conflict', theirs: null };
        if (found.record.version !== baseVersion) {
          return { ok: false, reason: 'conflict', theirs: toSummary(found.record) };
        }
        return saveLocalVersion(found.record, change, now(), options.colorExists);
      });
    },

    remove(ids) {
      const at = now();
      const expired = new Date(Date.parse(at) - KEEP_DELETED_MS).toISOString();
      return local.batch(async (store) => {
        for (const id of ids) {
          const found = await live(store, id, read);
          if (found.state === 'live') await store.put({ ...found.record, deletedAt: at }, id);
        }
        // Palettes deleted long ago go for good now.
        await dropDeleted(store, read, expired);
      });
    },

    undelete(ids) {
      return local.batch(async (store) => {
        const back: PaletteSummary[] = [];
        for (const id of ids) {
          const found = await live(store, id, read);
          if (found.state !== 'deleted') continue;
          const { deletedAt: _, ...record } = found.record;
          await store.put(record, id);
          back.push(toSummary(record));
        }
        return back;
      });
    },

    async setSharing() {
      return failed('Palettes on this device are never public');
    },

    async history(id) {
      const found = await local.find(id);
      if (!found.ok) return found;
      if (found.value.state === 'live') return ok(localHistory(found.value.record));
      return found.value.state === 'unreadable' ? failed('unreadable') : { ok: false, reason: 'not-found' };
    },

    // The base version is not checked here: a restore appends to whatever the history is now.
    restore(id, version) {
      return local.write(id, (found) => {
        if (found.state === 'unreadable') return failed('unreadable');
        if (found.state !== 'live') return { ok: false, reason: 'not-found' };
        return restoreLocal(found.record, version, now(), options.colorExists);
      });
    },

    discard(ids) {
      return local.batch(async (store) => {
        for (const id of ids) {
          if ((await live(store, id, read)).state !== 'unreadable') await store.delete(id);
        }
        await dropDeleted(store, read);
      });
    },

    close: () => local.close(),
  };
}
