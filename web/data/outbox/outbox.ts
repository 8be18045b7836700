import { deleteDB } from 'idb';
import type { ApiErrorCode } from '../../../shared/api/common';
import { PALETTE_MAX, PALETTE_MIN } from '../../../shared/palette/limits';
import { checkName } from '../../../shared/palette/palette-decider';
import type { PaletteVersion } from '../../../shared/palette/palette-evolve';
import { type NewOp, type OpBody, type OutboxQueue, openQueue, type QueuedOp, type Settle } from './outbox-queue';
import type {
  CreateOptions,
  PaletteChange,
  PaletteRepository,
  RepoResult,
  PaletteSummary,
} from '../palette-repository';

/**
 * The outbox (see web/README.md, "The outbox"): a repository in front of the remote one. Online and answered, every
 * call passes straight through. Without a connection a write waits in IndexedDB with the version it
 * was based on and is answered at once with the palette as it will be (`pending`); reads answer from
 * the last list the server gave plus the waiting writes. One tab at a time sends them, in order, when
 * the connection comes back. A create carries a key the server keys its import on, and an update
 * whose answer was lost is recognised in the history, so a retry never makes a second copy or a false
 * conflict; a stale write is held for the person's choice, never sent over a newer version or dropped.
 */

/** A write waiting for the person: a conflict (theirs is newer or gone) or one the server refused. */
export interface OutboxConflict {
  seq: number;
  kind: QueuedOp['kind'];
  reason: 'conflict' | 'refused';
  paletteId: string;
  /** The palette as this write would leave it. */
  mine: PaletteSummary | null;
  /** The server's copy now; null when it was deleted. */
  theirs: PaletteSummary | null;
  /** The server's words for a refused write. */
  message?: string;
}

/**
 * The person's answer, as the save dialog offers it today: keep their version, overwrite it with mine
 * (a new version on top of theirs, so nothing of theirs is lost from the history), or save mine as a
 * new palette. A refused write can be tried again or discarded.
 */
export type ConflictChoice = 'theirs' | 'overwrite' | 'new' | 'retry' | 'discard';

export type OutboxEvent =
  /** The queue or the cached list changed (in this tab or another): read `list()` again. */
  | { type: 'changed' }
  | { type: 'sent'; kind: QueuedOp['kind']; value: PaletteSummary | PaletteSummary[] | null }
  /** A palette made offline reached the server under this id (the editor's link should follow). */
  | { type: 'id'; from: string; to: string }
  | { type: 'conflict'; conflict: OutboxConflict }
  /** Entries of the queue could not be read: they were set aside, not sent. */
  | { type: 'corrupt'; count: number }
  /** The server said the session ended: sending stops; the queue waits for this account's next sign-in. */
  | { type: 'signed-out' }
  /** Nothing left to send (held conflicts aside). */
  | { type: 'idle'; waiting: number };

/** The part of `navigator.locks` the outbox uses. */
export interface LockLike {
  request(name: string, callback: () => Promise<void>): Promise<void>;
}

export interface OutboxOptions {
  remote: PaletteRepository;
  /** The signed-in account: its writes wait in their own database and go out only under its session. */
  owner: string;
  isOnline?: () => boolean;
  /** Where `online` fires (window); null for none. */
  events?: EventTarget | null;
  /** `navigator.locks` by default; null uses a lease in IndexedDB instead. */
  locks?: LockLike | null;
  /** First retry delay and the most it grows to (ms), doubling with jitter. */
  retry?: { firstMs: number; maxMs: number };
  /** Rejects unknown colour ids offline, as the server would. */
  colorExists?: (id: string) => boolean;
  onConflict?: (conflict: OutboxConflict) => void;
  now?: () => Date;
  /** Sends on creation (start-up); tests turn it off to queue first. */
  autoStart?: boolean;
}

export interface OutboxRepository extends PaletteRepository {
  readonly kind: 'outbox';
  /** Sends what waits, if online; resolves when this attempt is over. */
  flush(): Promise<void>;
  /**
   * The list as this device knows it, without asking the server: the last list plus the waiting
   * writes (null before any list). For `changed` events, which come once per write while draining.
   */
  peek(): Promise<PaletteSummary[] | null>;
  /** How many writes wait (held ones included). */
  waiting(): Promise<number>;
  /** The writes waiting for the person's choice. */
  conflicts(): Promise<OutboxConflict[]>;
  /** Settles a held write with the person's choice, then sends on. */
  resolve(seq: number, choice: ConflictChoice): Promise<RepoResult<void>>;
  subscribe(listener: (event: OutboxEvent) => void): () => void;
  close(): void;
}

const LEASE_MS = 30_000;
const BROADCAST_MS = 150;
/** After this many answers of a failing server a write is held as refused rather than tried forever. */
const MAX_FAILED_ATTEMPTS = 5;

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const newestFirst = (list: PaletteSummary[]) => [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
const plain = (p: PaletteSummary): PaletteSummary => {
  const { pending: _, ...rest } = p;
  return { ...rest, colorIds: [...p.colorIds] };
};
const pending = (p: PaletteSummary): PaletteSummary => ({ ...plain(p), pending: true });
const touches = (op: OpBody): string[] => ('ids' in op ? op.ids : [op.id]);
const isOffline = (r: RepoResult<unknown>) => !r.ok && r.reason === 'offline';

/**
 * Codes worth asking again: no answer, the server's own failure, and the API client's codes for an
 * answer that was not the API's (a proxy's page, JSON without a code).
 */
const RETRYABLE: ReadonlySet<string> = new Set<ApiErrorCode | 'network' | 'not_configured' | 'error'>([
  'internal',
  'network',
  'not_configured',
  'error',
]);

/** The code of a failure the remote passed on (the API's, or the client's own), if it has one. */
const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null | undefined)?.code;

/** Any other code the server answers with (other than those the outbox handles): it will refuse it again. */
function refusedForGood(error: unknown): boolean {
  const code = codeOf(error);
  return typeof code === 'string' && !RETRYABLE.has(code);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'The server refused this change.';
}

/** Ids the server never gives (20 characters): an offline-made palette is told apart at a glance. */
function newOfflineId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `o${Array.from(bytes, (b) => (b % 36).toString(36)).join('')}`;
}

function lockManager(): LockLike | null {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as { locks?: LockLike }).locks;
  return locks && typeof locks.request === 'function' ? locks : null;
}

const outboxDbName = (owner: string) => `swatchbook-outbox:${owner}`;

/** After the account is deleted: its waiting writes can never be sent, so they leave this device. */
export async function forgetOutbox(owner: string): Promise<void> {
  await deleteDB(outboxDbName(owner));
}

export function createOutboxRepository(options: OutboxOptions): OutboxRepository {
  const { remote, owner } = options;
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const events = options.events === undefined ? (typeof window === 'undefined' ? null : window) : options.events;
  const locks = options.locks === undefined ? lockManager() : options.locks;
  const retry = options.retry ?? { firstMs: 1000, maxMs: 60_000 };
  const now = () => (options.now ? options.now() : new Date()).toISOString();
  const colorExists = options.colorExists ?? (() => true);
  const dbName = outboxDbName(owner);
  const me = newOfflineId();
  const listeners = new Set<(event: OutboxEvent) => void>();
  const queuePromise: Promise<OutboxQueue> = openQueue(dbName);
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(dbName);
  let closed = false;
  let stopped = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let broadcastTimer: ReturnType<typeof setTimeout> | undefined;
  let draining: Promise<void> | null = null;
  let again = false;
  /** Held writes this tab has told about (each conflict is announced once per tab and start). */
  const announced = new Set<number>();

  function emit(event: OutboxEvent, broadcast = false): void {
    for (const listener of listeners) listener(event);
    if (event.type === 'conflict') options.onConflict?.(event.conflict);
    if (broadcast && !closed && channel && !broadcastTimer) {
      // A drain of many writes tells other tabs a few times a second, not once per write.
      broadcastTimer = setTimeout(() => {
        broadcastTimer = undefined;
        if (!closed) channel.postMessage('changed');
      }, BROADCAST_MS);
    }
  }

  channel?.addEventListener('message', () => {
    emit({ type: 'changed' });
    void kick();
  });
  const onOnline = () => {
    failures = 0;
    void kick();
  };
  events?.addEventListener('online', onOnline);

  // ---- the view: the server's list as last known, with the waiting writes on top -----------------

  async function readQueue(): Promise<QueuedOp[]> {
    const queue = await queuePromise;
    const { ops, setAside } = await queue.readOps();
    if (setAside > 0) emit({ type: 'corrupt', count: setAside }, true);
    return ops;
  }

  /** Offline-made ids become server ids once their create has landed. */
  async function idMap(): Promise<Record<string, string>> {
    return (await queuePromise).meta('ids');
  }
  const resolveId = (ids: Record<string, string>, id: string) => ids[id] ?? id;

  function overlay(known: PaletteSummary[], ops: QueuedOp[], ids: Record<string, string>): PaletteSummary[] {
    const byId = new Map(known.map((p) => [p.id, plain(p)]));
    for (const op of ops) {
      if (op.kind === 'remove') {
        for (const id of op.ids) byId.delete(resolveId(ids, id));
        continue;
      }
      for (const copy of op.mine) {
        const id = resolveId(ids, copy.id);
        byId.set(id, { ...pending(copy), id });
      }
    }
    return newestFirst([...byId.values()]);
  }

  async function view(): Promise<{ list: PaletteSummary[] | null; ops: QueuedOp[]; ids: Record<string, string> }> {
    const queue = await queuePromise;
    const [known, ops, ids] = await Promise.all([queue.meta('known'), readQueue(), queue.meta('ids')]);
    if (!known && ops.length === 0) return { list: null, ops, ids };
    return { list: overlay(known ?? [], ops, ids), ops, ids };
  }

  /** Whether a write on these palettes must wait behind others to keep the order. */
  function mustWait(ops: QueuedOp[], ids: Record<string, string>, palettes: readonly string[]): boolean {
    if (ops.some((op) => op.status === 'queued')) return true;
    const mine = new Set(palettes.map((id) => resolveId(ids, id)));
    return ops.some((op) => touches(op).some((id) => mine.has(resolveId(ids, id))));
  }

  /** Keeps the cached list in step with an answer the server gave. */
  function knownAfter(kind: OpBody['kind'], value: PaletteSummary | PaletteSummary[] | null, ids: string[] = []) {
    return (list: PaletteSummary[]) => {
      if (kind === 'remove') return list.filter((p) => !ids.includes(p.id));
      const copies = (Array.isArray(value) ? value : value ? [value] : []).map(plain);
      const replaced = new Set(copies.map((p) => p.id));
      return newestFirst([...copies, ...list.filter((p) => !replaced.has(p.id))]);
    };
  }

  async function remember(
    kind: OpBody['kind'],
    value: PaletteSummary | PaletteSummary[] | null,
    extra: Settle = {},
    ids?: string[],
  ) {
    const queue = await queuePromise;
    await queue.settle(null, { known: knownAfter(kind, value, ids), ...extra });
  }

  // ---- writes ----------------------------------------------------------------------------------------

  type Direct<T> = () => Promise<RepoResult<T>>;

  /**
   * One write: straight to the server when online and nothing waits before it; else (or when the
   * server could not be reached) into the queue, answered with the palette as it will be.
   */
  async function write<T>(
    body: OpBody,
    mine: PaletteSummary[],
    optimistic: T,
    direct: Direct<T>,
    onAnswer: (value: T) => Promise<void>,
    state: { ops: QueuedOp[]; ids: Record<string, string> },
  ): Promise<RepoResult<T>> {
    let uncertain = false;
    if (isOnline() && !stopped && !mustWait(state.ops, state.ids, touches(body))) {
      const result = await direct();
      if (!isOffline(result)) {
        if (result.ok) await onAnswer(result.value);
        return result;
      }
      // No answer: it may have reached the server, so its retry checks before it counts a conflict.
      uncertain = true;
    }
    const op: NewOp = { ...body, queuedAt: now(), attempts: 0, uncertain, status: 'queued', mine } as NewOp;
    await (await queuePromise).add(op);
    emit({ type: 'changed' }, true);
    void kick();
    return { ok: true, pending: true, value: optimistic };
  }

  function checkOffline(name: string | undefined, colorIds: readonly string[] | undefined): string | null {
    try {
      if (name !== undefined) checkName(name);
    } catch (error) {
      return errorMessage(error);
    }
    if (colorIds !== undefined) {
      if (colorIds.length < PALETTE_MIN || colorIds.length > PALETTE_MAX) return 'A palette has 3 to 10 colours.';
      if (!colorIds.every(colorExists)) return 'A colour is not in the catalogue.';
    }
    return null;
  }
  const invalid = (message: string): RepoResult<never> => ({ ok: false, reason: 'failed', error: new Error(message) });

  /** The palette as this device sees it now, for a write on it. */
  async function current(id: string) {
    const state = await view();
    const target = resolveId(state.ids, id);
    return { ...state, id: target, palette: state.list?.find((p) => p.id === target) ?? null };
  }

  async function versionedWrite(
    id: string,
    baseVersion: number,
    body: (id: string) => OpBody,
    /** The palette after this write; null when it changes nothing; 'unknown' when this device cannot tell. */
    next: (palette: PaletteSummary) => PaletteSummary | null | 'unknown' | Promise<PaletteSummary | null | 'unknown'>,
    direct: (id: string, base: number) => Promise<RepoResult<PaletteSummary>>,
  ): Promise<RepoResult<PaletteSummary>> {
    const state = await current(id);
    const online = isOnline() && !stopped && !mustWait(state.ops, state.ids, [state.id]);
    if (online) {
      const result = await direct(state.id, baseVersion);
      if (result.ok) await remember('update', result.value);
      if (!isOffline(result)) return result;
    }
    const palette = state.palette;
    if (!palette) return state.list ? { ok: false, reason: 'not-found' } : { ok: false, reason: 'offline' };
    // Stale already on this device (another tab saved since): the same choice as a server conflict.
    if (palette.version !== baseVersion) return { ok: false, reason: 'conflict', theirs: palette };
    const after = await next(palette);
    if (after === 'unknown') return { ok: false, reason: 'offline' };
    if (!after) return { ok: true, value: palette, ...(palette.pending ? { pending: true } : {}) };
    const queued = body(state.id);
    const op = {
      ...queued,
      queuedAt: now(),
      attempts: 0,
      uncertain: online,
      status: 'queued',
      mine: [after],
    } as NewOp;
    await (await queuePromise).add(op);
    emit({ type: 'changed' }, true);
    void kick();
    return { ok: true, pending: true, value: pending(after) };
  }

  async function create(
    name: string,
    colorIds: readonly string[],
    createOptions: CreateOptions = {},
  ): Promise<RepoResult<PaletteSummary>> {
    const problem = checkOffline(name, colorIds);
    if (problem) return invalid(problem);
    const id = createOptions.key ?? newOfflineId();
    const createdAt = createOptions.createdAt ?? now();
    const copy: PaletteSummary = {
      id,
      name: checkName(name),
      colorIds: [...colorIds],
      createdAt,
      updatedAt: createdAt,
      isPublic: false,
      shareId: null,
      version: 1,
    };
    const state = await view();
    return write(
      { kind: 'create', id, name: copy.name, colorIds: [...colorIds], createdAt },
      [copy],
      pending(copy),
      () => remote.create(name, colorIds, { key: id, createdAt }),
      (value) => remember('create', value, { ids: { [id]: value.id } }),
      state,
    );
  }

  function update(id: string, baseVersion: number, change: PaletteChange): Promise<RepoResult<PaletteSummary>> {
    const problem = checkOffline(change.name, change.colorIds);
    if (problem) return Promise.resolve(invalid(problem));
    const name = change.name === undefined ? undefined : checkName(change.name);
    const colorIds = change.colorIds === undefined ? undefined : [...change.colorIds];
    return versionedWrite(
      id,
      baseVersion,
      (target) => ({
        kind: 'update',
        id: target,
        base: baseVersion,
        change: { ...(name === undefined ? {} : { name }), ...(colorIds === undefined ? {} : { colorIds }) },
      }),
      (palette) => {
        // The server adds one version per field that changes, none when nothing does.
        const renamed = name !== undefined && name !== palette.name;
        const recoloured = colorIds !== undefined && !same(colorIds, palette.colorIds);
        if (!renamed && !recoloured) return null;
        return {
          ...palette,
          name: renamed ? name : palette.name,
          colorIds: recoloured ? colorIds : [...palette.colorIds],
          version: palette.version + Number(renamed) + Number(recoloured),
          updatedAt: now(),
        };
      },
      (target, base) => remote.update(target, base, change),
    );
  }

  function setSharing(id: string, isPublic: boolean, baseVersion: number): Promise<RepoResult<PaletteSummary>> {
    return versionedWrite(
      id,
      baseVersion,
      (target) => ({ kind: 'sharing', id: target, base: baseVersion, isPublic }),
      (palette) =>
        palette.isPublic === isPublic
          ? null
          : // The share link is made by the server: none until the change lands.
            { ...palette, isPublic, shareId: null, version: palette.version + 1, updatedAt: now() },
      (target, base) => remote.setSharing(target, isPublic, base),
    );
  }

  function restore(id: string, version: number, baseVersion: number): Promise<RepoResult<PaletteSummary>> {
    return versionedWrite(
      id,
      baseVersion,
      (targetId) => ({ kind: 'restore', id: targetId, base: baseVersion, version }),
      async (palette) => {
        // Offline, only a version this device has seen can be brought back: never a guess.
        const entries = await offlineHistory(palette.id);
        const target = entries?.find((e) => e.version === version);
        if (!target) return 'unknown';
        if (target.name === palette.name && same(target.colorIds, palette.colorIds)) return null;
        return {
          ...palette,
          name: target.name,
          colorIds: [...target.colorIds],
          version: palette.version + 1,
          updatedAt: now(),
        };
      },
      (targetId, base) => remote.restore(targetId, version, base),
    );
  }

  async function remove(ids: readonly string[]): Promise<RepoResult<void>> {
    const state = await view();
    const targets = ids.map((id) => resolveId(state.ids, id));
    const gone = (state.list ?? []).filter((p) => targets.includes(p.id)).map(plain);
    return write<void>(
      { kind: 'remove', ids: targets },
      gone,
      undefined,
      () => remote.remove(targets),
      () => remember('remove', null, { removed: gone }, targets),
      state,
    );
  }

  async function undelete(ids: readonly string[]): Promise<RepoResult<PaletteSummary[]>> {
    const queue = await queuePromise;
    const state = await view();
    const targets = ids.map((id) => resolveId(state.ids, id));
    const removed = await queue.meta('removed');
    const fromQueue = state.ops.flatMap((op) => (op.kind === 'remove' ? op.mine : []));
    const copies = new Map<string, PaletteSummary>();
    for (const p of [...removed, ...fromQueue])
      copies.set(resolveId(state.ids, p.id), { ...p, id: resolveId(state.ids, p.id) });
    const listed = new Set((state.list ?? []).map((p) => p.id));
    const back = targets
      .filter((id) => copies.has(id) && !listed.has(id))
      .map((id) => {
        const copy = copies.get(id)!;
        // The server brings it back private, after its delete and undelete versions.
        return { ...copy, isPublic: false, shareId: null, version: copy.version + 2, updatedAt: now() };
      });
    return write<PaletteSummary[]>(
      { kind: 'undelete', ids: targets },
      back,
      back.map(pending),
      () => remote.undelete(targets),
      (value) => remember('undelete', value),
      state,
    );
  }

  // ---- reads -----------------------------------------------------------------------------------------

  async function list(): Promise<RepoResult<PaletteSummary[]>> {
    const queue = await queuePromise;
    // A write that lands while the list is on its way makes that list stale (it was read before the
    // write): ask again, and after a few stale answers keep the cache, which holds every answer since.
    for (let attempt = 0; attempt < 3 && isOnline() && !stopped; attempt++) {
      const since = await queue.meta('settled');
      const result = await remote.list();
      if (!result.ok) {
        if (!isOffline(result)) return result;
        break;
      }
      if (await queue.setKnown(result.value.map(plain), since)) break;
    }
    const { list: shown, ops } = await view();
    if (!shown) return { ok: false, reason: 'offline' };
    return { ok: true, value: shown, ...(ops.length > 0 ? { pending: true } : {}) };
  }

  /** The versions each waiting write adds, as the server will record them. */
  function pendingEntries(ops: QueuedOp[], ids: Record<string, string>, id: string, last: PaletteVersion | null) {
    const out: PaletteVersion[] = [];
    let prev = last;
    const push = (entry: Omit<PaletteVersion, 'version'>) => {
      const next = { ...entry, version: (prev?.version ?? 0) + 1 };
      out.push(next);
      prev = next;
    };
    for (const op of ops) {
      if (!touches(op).some((x) => resolveId(ids, x) === id)) continue;
      const mine = op.mine.find((p) => resolveId(ids, p.id) === id);
      if (!mine) continue;
      const base = { at: mine.updatedAt, name: mine.name, colorIds: [...mine.colorIds], isPublic: mine.isPublic };
      if (op.kind === 'create') push({ ...base, type: 'PaletteCreated', at: op.createdAt });
      else if (op.kind === 'update') {
        if (op.change.name !== undefined && op.change.name !== prev?.name) {
          push({ ...base, type: 'PaletteRenamed', colorIds: prev ? [...prev.colorIds] : base.colorIds });
        }
        if (op.change.colorIds !== undefined && (!prev || !same(op.change.colorIds, prev.colorIds))) {
          push({ ...base, type: 'PaletteColorsChanged' });
        }
      } else if (op.kind === 'sharing')
        push({ ...base, type: op.isPublic ? 'PalettePublished' : 'PaletteUnpublished' });
      else if (op.kind === 'restore') push({ ...base, type: 'PaletteRestored', restoredVersion: op.version });
      else if (op.kind === 'undelete') push({ ...base, type: 'PaletteUndeleted' });
    }
    return out;
  }

  /** The history this device last got from the server, with the waiting writes' versions after it. */
  async function offlineHistory(id: string, known?: PaletteVersion[]): Promise<PaletteVersion[] | null> {
    const queue = await queuePromise;
    const ops = await readQueue();
    const ids = await queue.meta('ids');
    const madeOffline = ops.some((op) => op.kind === 'create' && op.id === id);
    const entries = known ?? (madeOffline ? [] : await queue.history(id));
    if (!entries) return null;
    return [...entries, ...pendingEntries(ops, ids, id, entries.at(-1) ?? null)];
  }

  async function history(id: string): Promise<RepoResult<PaletteVersion[]>> {
    const queue = await queuePromise;
    const ops = await readQueue();
    const ids = await queue.meta('ids');
    const target = resolveId(ids, id);
    const waiting = ops.some((op) => touches(op).some((x) => resolveId(ids, x) === target));
    const madeOffline = ops.some((op) => op.kind === 'create' && op.id === target);
    let entries: PaletteVersion[] | undefined;
    if (isOnline() && !stopped && !madeOffline) {
      const result = await remote.history(target);
      if (result.ok) {
        await queue.setHistory(target, result.value);
        if (!waiting) return result;
        entries = result.value;
      } else if (!isOffline(result)) return result;
    }
    const all = await offlineHistory(target, entries);
    if (!all) return { ok: false, reason: 'offline' };
    return { ok: true, value: all, ...(waiting ? { pending: true } : {}) };
  }

  // ---- sending ---------------------------------------------------------------------------------------

  function scheduleRetry(): void {
    if (closed) return;
    clearTimeout(retryTimer);
    const delay = Math.min(retry.maxMs, retry.firstMs * 2 ** failures) * (0.5 + Math.random() / 2);
    failures++;
    retryTimer = setTimeout(() => void kick(), delay);
  }

  /** Starts a drain unless one runs in this tab; a call during it asks for one more round. */
  function kick(): Promise<void> {
    if (closed || stopped || !isOnline()) return draining ?? Promise.resolve();
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      try {
        do {
          again = false;
          await underLock();
        } while (again && !closed && !stopped && isOnline());
      } catch {
        // Storage failed under us (quota, a closed database): nothing was lost; try again later.
        if (!closed) scheduleRetry();
      } finally {
        draining = null;
      }
    })();
    return draining;
  }

  /** Only one tab sends: the Web Locks API where there is one, else a lease in the outbox's database. */
  async function underLock(): Promise<void> {
    if (locks) {
      await locks.request(`${dbName}:sender`, () => drain());
      return;
    }
    const queue = await queuePromise;
    if (!(await queue.takeLease(me, LEASE_MS))) {
      // Another tab sends; should it die, its lease runs out and this tab takes over.
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => void kick(), LEASE_MS + 500);
      return;
    }
    try {
      await drain(() => queue.takeLease(me, LEASE_MS));
    } finally {
      await queue.dropLease(me);
    }
  }

  /**
   * Sends the waiting writes one at a time, in order, until none can go. A write on a palette with
   * a held one before it waits behind it (its order on that palette matters); others go on. Each
   * pass works through one reading of the queue; the next pass picks up what came meanwhile.
   */
  async function drain(renew?: () => Promise<boolean>): Promise<void> {
    for (;;) {
      if (closed || stopped || !isOnline()) return;
      const ops = await readQueue();
      for (const op of ops) if (op.status !== 'queued' && !announced.has(op.seq)) announce(op);
      const blocked = new Set<string>();
      let sent = 0;
      for (const op of ops) {
        if (closed || stopped || !isOnline()) return;
        const ids = await idMap();
        const palettes = touches(op).map((id) => resolveId(ids, id));
        if (op.status !== 'queued' || palettes.some((id) => blocked.has(id))) {
          for (const id of palettes) blocked.add(id);
          continue;
        }
        if (renew && !(await renew())) return;
        const outcome = await send(op, ids);
        if (outcome === 'stop') return;
        sent++;
        // A write held just now keeps the later ones on its palettes behind it.
        if (outcome === 'held') for (const id of palettes) blocked.add(id);
      }
      if (sent === 0) {
        emit({ type: 'idle', waiting: ops.length });
        return;
      }
    }
  }

  function conflictOf(op: QueuedOp): OutboxConflict {
    return {
      seq: op.seq,
      kind: op.kind,
      reason: op.status === 'refused' ? 'refused' : 'conflict',
      paletteId: touches(op)[0] ?? '',
      mine: op.mine[0] ?? null,
      theirs: op.theirs ?? null,
      ...(op.error ? { message: op.error } : {}),
    };
  }

  function announce(op: QueuedOp): void {
    announced.add(op.seq);
    emit({ type: 'conflict', conflict: conflictOf(op) });
  }

  /** The base a write is sent with: a version this outbox guessed becomes the one the server gave. */
  async function baseFor(op: QueuedOp & { base: number }, id: string): Promise<number> {
    if (op.rebased) return op.base;
    const chain = (await (await queuePromise).meta('chains'))[id];
    return chain && chain.predicted === op.base ? chain.actual : op.base;
  }

  type Outcome = 'next' | 'held' | 'stop';

  async function send(op: QueuedOp, ids: Record<string, string>): Promise<Outcome> {
    const queue = await queuePromise;
    switch (op.kind) {
      case 'create': {
        const result = await remote.create(op.name, op.colorIds, { key: op.id, createdAt: op.createdAt });
        if (!result.ok && result.reason === 'not-found') {
          // Made by an earlier attempt whose answer was lost, and deleted elsewhere since: nothing to do.
          await queue.settle(op.seq, {});
          return done(op, null);
        }
        if (!result.ok) return failed(op, result);
        await queue.settle(op.seq, {
          known: knownAfter('create', result.value),
          ids: { [op.id]: result.value.id },
          chains: { [result.value.id]: { predicted: op.mine[0]?.version ?? 1, actual: result.value.version } },
        });
        return done(op, result.value, { from: op.id, to: result.value.id });
      }
      case 'remove': {
        const targets = op.ids.map((id) => resolveId(ids, id));
        const result = await remote.remove(targets);
        // Gone already is what was asked.
        if (!result.ok && result.reason !== 'not-found') return failed(op, result);
        await queue.settle(op.seq, { known: knownAfter('remove', null, targets), removed: op.mine });
        return done(op, null);
      }
      case 'undelete': {
        const result = await remote.undelete(op.ids.map((id) => resolveId(ids, id)));
        if (!result.ok) return failed(op, result);
        await queue.settle(op.seq, { known: knownAfter('undelete', result.value) });
        return done(op, result.value);
      }
      default: {
        const id = resolveId(ids, op.id);
        const base = await baseFor(op, id);
        // Should this tab close before the answer comes, the next attempt knows it may have landed.
        if (!op.uncertain) {
          op = { ...op, uncertain: true };
          await queue.put(op);
        }
        const result =
          op.kind === 'update'
            ? await remote.update(id, base, op.change)
            : op.kind === 'sharing'
              ? await remote.setSharing(id, op.isPublic, base)
              : await remote.restore(id, op.version, base);
        if (result.ok) {
          await queue.settle(op.seq, {
            known: knownAfter('update', result.value),
            chains: { [id]: { predicted: op.mine[0]?.version ?? base + 1, actual: result.value.version } },
          });
          return done(op, result.value);
        }
        if (result.reason === 'conflict' || result.reason === 'not-found') {
          const theirs = result.reason === 'conflict' ? result.theirs : null;
          if (op.uncertain && theirs) {
            const landed = await landedAt(op, id, base);
            if (landed === 'unknown') return failed(op, { ok: false, reason: 'offline' });
            if (landed !== null) {
              // The first attempt reached the server; only its answer was lost.
              await queue.settle(op.seq, {
                known: knownAfter('update', theirs),
                chains: { [id]: { predicted: op.mine[0]?.version ?? base + 1, actual: landed } },
              });
              return done(op, theirs);
            }
          }
          await hold(op, { status: 'held', theirs });
          return 'held';
        }
        return failed(op, result);
      }
    }
  }

  /**
   * Whether a write whose answer was lost is in the history already: the versions right after its
   * base are exactly what it makes. Returns that version, null when it is not there, 'unknown' offline.
   */
  async function landedAt(op: QueuedOp, id: string, base: number): Promise<number | null | 'unknown'> {
    const result = await remote.history(id);
    if (!result.ok) return isOffline(result) ? 'unknown' : null;
    const after = result.value.filter((e) => e.version > base).sort((a, b) => a.version - b.version);
    const first = after[0];
    if (!first || first.version !== base + 1) return null;
    if (op.kind === 'sharing')
      return first.type === (op.isPublic ? 'PalettePublished' : 'PaletteUnpublished') ? first.version : null;
    if (op.kind === 'restore')
      return first.type === 'PaletteRestored' && first.restoredVersion === op.version ? first.version : null;
    if (op.kind !== 'update') return null;
    const kinds = ['PaletteRenamed', 'PaletteColorsChanged'];
    for (const n of [1, 2]) {
      const run = after.slice(0, n);
      const end = run.at(-1);
      if (run.length < n || !end || end.version !== base + n) break;
      if (!run.every((e) => kinds.includes(e.type)) || new Set(run.map((e) => e.type)).size !== n) break;
      const { name, colorIds } = op.change;
      if ((name === undefined || end.name === name) && (colorIds === undefined || same(end.colorIds, colorIds))) {
        return end.version;
      }
    }
    return null;
  }

  async function done(
    op: QueuedOp,
    value: PaletteSummary | PaletteSummary[] | null,
    id?: { from: string; to: string },
  ) {
    failures = 0;
    announced.delete(op.seq);
    if (id) emit({ type: 'id', ...id });
    emit({ type: 'sent', kind: op.kind, value });
    emit({ type: 'changed' }, true);
    return 'next' as const;
  }

  async function hold(op: QueuedOp, change: Partial<QueuedOp>): Promise<void> {
    const held = { ...op, ...change } as QueuedOp;
    await (await queuePromise).put(held);
    announce(held);
    emit({ type: 'changed' }, true);
  }

  async function failed(op: QueuedOp, result: Exclude<RepoResult<unknown>, { ok: true }>): Promise<Outcome> {
    const queue = await queuePromise;
    if (result.reason === 'signed-out') {
      stopped = true;
      emit({ type: 'signed-out' });
      return 'stop';
    }
    if (result.reason === 'offline') {
      await queue.put({ ...op, uncertain: true });
      scheduleRetry();
      return 'stop';
    }
    const error = result.reason === 'failed' ? result.error : undefined;
    if (codeOf(error) === 'rate_limited') {
      // Refused before anything was done, and only for now: wait (the backoff grows past the
      // server's one-minute window) without counting it as a failure or holding it for the person.
      scheduleRetry();
      return 'stop';
    }
    const attempts = op.attempts + 1;
    if (refusedForGood(error) || attempts >= MAX_FAILED_ATTEMPTS) {
      await hold(op, { status: 'refused', attempts, error: errorMessage(error) });
      return 'held';
    }
    // A server error may have come after the write was done: count it as unanswered.
    await queue.put({ ...op, attempts, uncertain: true });
    scheduleRetry();
    return 'stop';
  }

  // ---- the person's choice ---------------------------------------------------------------------------

  async function resolve(seq: number, choice: ConflictChoice): Promise<RepoResult<void>> {
    const queue = await queuePromise;
    const op = await queue.get(seq);
    if (!op || op.status === 'queued') return { ok: false, reason: 'not-found' };
    const mine = op.mine[0] ?? null;
    const theirs = op.theirs ?? null;
    if (choice === 'theirs' || choice === 'discard') {
      await queue.settle(seq, theirs ? { known: knownAfter('update', theirs) } : {});
    } else if (choice === 'retry') {
      await queue.put({ ...op, status: 'queued', attempts: 0, error: undefined } as QueuedOp);
    } else if (choice === 'overwrite') {
      if (!theirs || !('base' in op)) return { ok: false, reason: 'failed' };
      await queue.put({ ...op, base: theirs.version, rebased: true, status: 'queued', theirs: undefined } as QueuedOp);
      // The list shows theirs as the server has it, with mine on top while it waits.
      await queue.settle(null, { known: knownAfter('update', theirs) });
    } else {
      if (!mine) return { ok: false, reason: 'failed' };
      const id = newOfflineId();
      const name = theirs && mine.name === theirs.name ? `${mine.name} (copy)` : mine.name;
      const at = now();
      const copy: PaletteSummary = {
        ...plain(mine),
        id,
        name: name.length > 100 ? mine.name : name,
        isPublic: false,
        shareId: null,
        version: 1,
        createdAt: at,
        updatedAt: at,
      };
      // Takes the held write's place in the queue, so the order around it stays as it was.
      const created = {
        seq,
        kind: 'create',
        id,
        name: copy.name,
        colorIds: [...copy.colorIds],
        createdAt: at,
        queuedAt: op.queuedAt,
        attempts: 0,
        uncertain: false,
        status: 'queued',
        mine: [copy],
      } satisfies QueuedOp;
      await queue.put(created);
      // Their version stays on the palette: the list shows it (not this device's stale copy) beside mine.
      if (theirs) await queue.settle(null, { known: knownAfter('update', theirs) });
    }
    announced.delete(seq);
    emit({ type: 'changed' }, true);
    void kick();
    return { ok: true, value: undefined };
  }

  if (options.autoStart !== false) void kick();

  return {
    kind: 'outbox',
    list,
    create,
    update,
    remove,
    undelete,
    setSharing,
    history,
    restore,
    flush: kick,
    async peek() {
      return (await view()).list;
    },
    async waiting() {
      return (await readQueue()).length;
    },
    async conflicts() {
      return (await readQueue()).filter((op) => op.status !== 'queued').map(conflictOf);
    },
    resolve,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      clearTimeout(retryTimer);
      clearTimeout(broadcastTimer);
      events?.removeEventListener('online', onOnline);
      channel?.close();
      // A send under way finishes its step first; the database closes after it.
      void (draining ?? Promise.resolve()).then(() => queuePromise).then((queue) => queue.close());
    },
  };
}
