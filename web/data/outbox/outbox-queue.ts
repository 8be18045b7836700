import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import * as z from 'zod/mini';
import { PALETTE_EVENT_TYPES } from '../../../shared/palette/palette-events';
import type { PaletteVersion } from '../../../shared/palette/palette-evolve';
import type { PaletteSummary } from '../palette-repository';

/**
 * The outbox's storage: an IndexedDB database of its own per account, holding the
 * writes that wait for the connection, in order, and what the server last said (the list, histories,
 * which offline-made palette became which server palette). Every entry is checked when read: one
 * damaged by a crash or an old version is set aside and counted, never sent and never fatal.
 */

/** What a write asks of the server. `base` is the version the person's copy had when they made it. */
export type OpBody =
  | { kind: 'create'; id: string; name: string; colorIds: string[]; createdAt: string }
  | { kind: 'update'; id: string; base: number; change: { name?: string; colorIds?: string[] } }
  | { kind: 'sharing'; id: string; base: number; isPublic: boolean }
  | { kind: 'restore'; id: string; base: number; version: number }
  | { kind: 'remove'; ids: string[] }
  | { kind: 'undelete'; ids: string[] };

type OpState = {
  seq: number;
  queuedAt: string;
  /** Attempts that ended without a final answer (no connection, a server error). */
  attempts: number;
  /** An attempt got no answer, so it may have landed: a conflict is first checked against the history. */
  uncertain: boolean;
  /** `held`: a conflict waits for the person's choice; `refused`: the server refused it. */
  status: 'queued' | 'held' | 'refused';
  /** `base` is a server version given by the person's choice (Overwrite), not one of our own guesses. */
  rebased?: boolean;
  /** The palettes as this write leaves them (what the list shows while it waits; the undo's copies). */
  mine: PaletteSummary[];
  /** For a held conflict: the server's copy (null when it was deleted). */
  theirs?: PaletteSummary | null;
  /** For a refused write: the server's message. */
  error?: string;
};

export type QueuedOp = OpBody & OpState;
export type NewOp = OpBody & Omit<OpState, 'seq'>;

// Built on first use, not when the chunk is evaluated (it is evaluated on every page, after first
// paint, while the page is still starting): a page that reads no stored write need not pay for them.
let schemas: ReturnType<typeof buildSchemas> | undefined;
function buildSchemas() {
  /** A stored copy of a palette (the list, a write's `mine`/`theirs`): typed so it cannot drift from the shape. */
  const paletteSummarySchema: z.ZodMiniType<PaletteSummary> = z.object({
    id: z.string(),
    name: z.string(),
    colorIds: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
    isPublic: z.boolean(),
    shareId: z.nullable(z.string()),
    version: z.number(),
    pending: z.optional(z.boolean()),
  });

  const stateShape = {
    seq: z.number(),
    queuedAt: z.string(),
    attempts: z.number(),
    uncertain: z.boolean(),
    status: z.enum(['queued', 'held', 'refused']),
    rebased: z.optional(z.boolean()),
    mine: z.array(paletteSummarySchema),
    theirs: z.optional(z.nullable(paletteSummarySchema)),
    error: z.optional(z.string()),
  };
  const version = z.number().check(z.int(), z.minimum(0));

  const opSchema = z.discriminatedUnion('kind', [
    z.object({
      ...stateShape,
      kind: z.literal('create'),
      id: z.string(),
      name: z.string(),
      colorIds: z.array(z.string()),
      createdAt: z.string(),
    }),
    z.object({
      ...stateShape,
      kind: z.literal('update'),
      id: z.string(),
      base: version,
      change: z.object({ name: z.optional(z.string()), colorIds: z.optional(z.array(z.string())) }),
    }),
    z.object({ ...stateShape, kind: z.literal('sharing'), id: z.string(), base: version, isPublic: z.boolean() }),
    z.object({ ...stateShape, kind: z.literal('restore'), id: z.string(), base: version, version }),
    z.object({ ...stateShape, kind: z.literal('remove'), ids: z.array(z.string()) }),
    z.object({ ...stateShape, kind: z.literal('undelete'), ids: z.array(z.string()) }),
  ]);

  const listSchema = z.array(paletteSummarySchema);

  /** A stored history row (as the server last sent it); a damaged cache reads as none, like the list. */
  const historySchema: z.ZodMiniType<PaletteVersion[]> = z.array(
    z.object({
      version: z.number(),
      type: z.enum(PALETTE_EVENT_TYPES),
      at: z.string(),
      name: z.string(),
      colorIds: z.array(z.string()),
      isPublic: z.boolean(),
      restoredVersion: z.optional(z.number()),
    }),
  );
  return { opSchema, listSchema, historySchema };
}
const outboxSchemas = () => (schemas ??= buildSchemas());

/** The version chain of one palette: our last sent write guessed `predicted` and the server said `actual`. */
export interface Chain {
  predicted: number;
  actual: number;
}

interface Meta {
  /** The server's list as last known, with every write sent since applied. */
  known: PaletteSummary[] | null;
  /** Copies of palettes deleted lately, so an Undo made offline can show them back at once. */
  removed: PaletteSummary[];
  /** Offline-made palette id → its server id. */
  ids: Record<string, string>;
  chains: Record<string, Chain>;
  /**
   * How many answers have entered the cache (in any tab): a list fetched before one of them is
   * older than the cache and must not replace it.
   */
  settled: number;
}

interface OutboxDb extends DBSchema {
  ops: { key: number; value: unknown };
  meta: { key: string; value: { key: string; value: unknown } };
  /** Entries that could not be read: kept out of the way for a support request, never sent. */
  'set-aside': { key: number; value: { at: string; entry: unknown } };
}

const REMOVED_KEPT = 500;
const HISTORIES_KEPT = 50;

export interface Settle {
  known?: (list: PaletteSummary[]) => PaletteSummary[];
  removed?: PaletteSummary[];
  ids?: Record<string, string>;
  chains?: Record<string, Chain>;
}

export async function openQueue(name: string): Promise<OutboxQueue> {
  const db = await openDB<OutboxDb>(name, 1, {
    upgrade(database) {
      database.createObjectStore('ops', { keyPath: 'seq', autoIncrement: true });
      database.createObjectStore('meta', { keyPath: 'key' });
      database.createObjectStore('set-aside', { autoIncrement: true });
    },
  });
  return new OutboxQueue(db);
}

export class OutboxQueue {
  constructor(private readonly db: IDBPDatabase<OutboxDb>) {}

  async meta<K extends keyof Meta>(key: K): Promise<Meta[K]> {
    const raw = (await this.db.get('meta', key))?.value;
    return parseMeta(key, raw);
  }

  /** Every readable entry in order; damaged ones are moved aside in the same transaction and counted. */
  async readOps(): Promise<{ ops: QueuedOp[]; setAside: number }> {
    // One read of the whole queue (it is short); a write transaction only when something is damaged.
    const read = this.db.transaction('ops');
    const [keys, values] = await Promise.all([read.store.getAllKeys(), read.store.getAll(), read.done]);
    const ops: QueuedOp[] = [];
    const damaged: number[] = [];
    values.forEach((value, i) => {
      const parsed = outboxSchemas().opSchema.safeParse(value);
      if (parsed.success && parsed.data.seq === keys[i]) ops.push(parsed.data as QueuedOp);
      else damaged.push(keys[i] as number);
    });
    if (damaged.length === 0) return { ops, setAside: 0 };
    const tx = this.db.transaction(['ops', 'set-aside'], 'readwrite');
    let setAside = 0;
    for (const key of damaged) {
      const entry = await tx.objectStore('ops').get(key);
      // Another tab may have moved it aside first.
      if (entry === undefined) continue;
      await tx.objectStore('set-aside').add({ at: new Date().toISOString(), entry });
      await tx.objectStore('ops').delete(key);
      setAside++;
    }
    await tx.done;
    return { ops, setAside };
  }

  async add(op: NewOp): Promise<number> {
    // The key generator gives the order and writes the key into the entry (keyPath), checked when read.
    return (await this.db.add('ops', op as unknown)) as number;
  }

  async put(op: QueuedOp): Promise<void> {
    await this.db.put('ops', op);
  }

  async get(seq: number): Promise<QueuedOp | undefined> {
    const parsed = outboxSchemas().opSchema.safeParse(await this.db.get('ops', seq));
    return parsed.success ? (parsed.data as QueuedOp) : undefined;
  }

  /** A write is done: it leaves the queue and what the server said enters the cache, all or nothing. */
  async settle(seq: number | null, change: Settle): Promise<void> {
    const tx = this.db.transaction(['ops', 'meta'], 'readwrite');
    const metaStore = tx.objectStore('meta');
    const read = async <K extends keyof Meta>(key: K) => parseMeta(key, (await metaStore.get(key))?.value);
    if (seq !== null) await tx.objectStore('ops').delete(seq);
    if (change.known) {
      const known = await read('known');
      await metaStore.put({ key: 'known', value: change.known(known ?? []) });
    }
    if (change.removed && change.removed.length > 0) {
      const ids = new Set(change.removed.map((p) => p.id));
      const kept = (await read('removed')).filter((p) => !ids.has(p.id));
      await metaStore.put({ key: 'removed', value: [...change.removed, ...kept].slice(0, REMOVED_KEPT) });
    }
    if (change.ids) await metaStore.put({ key: 'ids', value: { ...(await read('ids')), ...change.ids } });
    if (change.chains) await metaStore.put({ key: 'chains', value: { ...(await read('chains')), ...change.chains } });
    await metaStore.put({ key: 'settled', value: (await read('settled')) + 1 });
    await tx.done;
  }

  /**
   * The server's list replaces the cache, unless an answer entered it after `since` (a `meta('settled')`
   * read before the list was asked for): then the list is older than the cache and is dropped (false).
   */
  async setKnown(list: PaletteSummary[], since: number): Promise<boolean> {
    const tx = this.db.transaction('meta', 'readwrite');
    const settled = parseMeta('settled', (await tx.store.get('settled'))?.value);
    const fresh = settled === since;
    if (fresh) await tx.store.put({ key: 'known', value: list });
    await tx.done;
    return fresh;
  }

  async history(id: string): Promise<PaletteVersion[] | null> {
    const raw = (await this.db.get('meta', `history:${id}`))?.value as { entries?: unknown } | undefined;
    const parsed = outboxSchemas().historySchema.safeParse(raw?.entries);
    return parsed.success ? parsed.data : null;
  }

  async setHistory(id: string, entries: PaletteVersion[]): Promise<void> {
    const tx = this.db.transaction('meta', 'readwrite');
    await tx.store.put({ key: `history:${id}`, value: { entries, at: Date.now() } });
    // Only the histories looked at lately: a long list must not fill the device.
    const keys = (await tx.store.getAllKeys(IDBKeyRange.bound('history:', 'history:\uffff'))) as string[];
    if (keys.length > HISTORIES_KEPT) {
      const dated = await Promise.all(
        keys.map(async (key) => ({ key, at: ((await tx.store.get(key))?.value as { at?: number })?.at ?? 0 })),
      );
      dated.sort((a, b) => a.at - b.at);
      for (const { key } of dated.slice(0, keys.length - HISTORIES_KEPT)) await tx.store.delete(key);
    }
    await tx.done;
  }

  /**
   * The sender's lease where the Web Locks API is missing: taken in one readwrite transaction (they
   * run one at a time per store), so two tabs never both hold it; it runs out if its tab dies.
   */
  async takeLease(holder: string, ms: number): Promise<boolean> {
    const tx = this.db.transaction('meta', 'readwrite');
    const current = (await tx.store.get('lease'))?.value as { holder?: string; until?: number } | undefined;
    const now = Date.now();
    const free = !current || current.holder === holder || (current.until ?? 0) < now;
    if (free) await tx.store.put({ key: 'lease', value: { holder, until: now + ms } });
    await tx.done;
    return free;
  }

  async dropLease(holder: string): Promise<void> {
    const tx = this.db.transaction('meta', 'readwrite');
    const current = (await tx.store.get('lease'))?.value as { holder?: string } | undefined;
    if (current?.holder === holder) await tx.store.delete('lease');
    await tx.done;
  }

  async setAsideCount(): Promise<number> {
    return this.db.count('set-aside');
  }

  close(): void {
    this.db.close();
  }
}

function parseMeta<K extends keyof Meta>(key: K, raw: unknown): Meta[K] {
  const record = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  switch (key) {
    case 'known': {
      if (raw === undefined || raw === null) return null as Meta[K];
      const parsed = outboxSchemas().listSchema.safeParse(raw);
      // A damaged copy of the list is as good as none: the next answer from the server replaces it.
      return (parsed.success ? parsed.data : null) as Meta[K];
    }
    case 'removed': {
      const parsed = outboxSchemas().listSchema.safeParse(raw ?? []);
      return (parsed.success ? parsed.data : []) as unknown as Meta[K];
    }
    case 'settled':
      return (typeof raw === 'number' && Number.isSafeInteger(raw) ? raw : 0) as Meta[K];
    case 'ids':
      return Object.fromEntries(Object.entries(record(raw)).filter(([, v]) => typeof v === 'string')) as Meta[K];
    default:
      return Object.fromEntries(
        Object.entries(record(raw)).filter(
          ([, v]) => typeof (v as Chain)?.predicted === 'number' && typeof (v as Chain)?.actual === 'number',
        ),
      ) as Meta[K];
  }
}
