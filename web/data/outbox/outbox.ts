import { deleteDB } from 'idb';
import type { PaletteVersion } from '../../../shared/palette/palette-evolve';
import { checkName } from '../../../shared/palette/palette-decider';
import type { CreateOptions, PaletteSummary, RepoResult } from '../palette-repository';
import { settleChoice } from './outbox-choice';
import { type NewOp, type OpBody, openQueue, type QueuedOp, type Settle } from './outbox-queue';
import { createSender, type LockLike } from './outbox-sender';
import { conflictOf, type OutboxEvent, type OutboxOptions, type OutboxRepository } from './outbox-types';
import {
  afterWrite,
  historyView,
  listView,
  pending,
  plain,
  refusal,
  resolveId,
  touches,
  withAnswer,
} from './outbox-view';

/**
 * The outbox (web/README.md, "The outbox"): a repository in front of the remote one. Online with
 * nothing waiting, every call passes straight through; else a write waits in the queue
 * (outbox-queue.ts) and is answered at once with the palette as the rules will leave it
 * (outbox-view.ts); the sender (outbox-sender.ts) sends the writes in order when the connection is
 * back, doing with each answer what the policy (outbox-policy.ts) says.
 */

const BROADCAST_MS = 150;
const isOffline = (r: RepoResult<unknown>) => !r.ok && r.reason === 'offline';
const invalid = (error: Error): RepoResult<never> => ({ ok: false, reason: 'failed', error });

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
  const { remote } = options;
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const events = options.events === undefined ? (typeof window === 'undefined' ? null : window) : options.events;
  const now = () => (options.now ? options.now() : new Date()).toISOString();
  const rules = () => ({ now: now(), colorExists: options.colorExists ?? (() => true) });
  const name = outboxDbName(options.owner);
  const queue = openQueue(name);
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
  const listeners = new Set<(event: OutboxEvent) => void>();
  /** Held writes this tab has told about (each conflict is announced once per tab and start). */
  const announced = new Set<number>();
  let closed = false;
  let broadcastTimer: ReturnType<typeof setTimeout> | undefined;

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

  async function readQueue(): Promise<QueuedOp[]> {
    const { ops, setAside } = await (await queue).readOps();
    if (setAside > 0) emit({ type: 'corrupt', count: setAside }, true);
    return ops;
  }

  const sender = createSender({
    queue,
    remote,
    name,
    me: newOfflineId(),
    locks: options.locks === undefined ? lockManager() : options.locks,
    retry: options.retry ?? { firstMs: 1000, maxMs: 60_000 },
    isOnline,
    emit,
    readQueue,
    announce(op, once) {
      if (once && announced.has(op.seq)) return;
      announced.add(op.seq);
      emit({ type: 'conflict', conflict: conflictOf(op) });
    },
  });
  const kick = sender.kick;
  const live = () => isOnline() && !sender.stopped();
  channel?.addEventListener('message', () => {
    emit({ type: 'changed' });
    void kick();
  });
  const onOnline = () => sender.online();
  events?.addEventListener('online', onOnline);

  /** The list as the person sees it: the server's last list with the waiting writes run on it. */
  async function view() {
    const q = await queue;
    const [known, removed, ops, ids] = await Promise.all([
      q.meta('known'),
      q.meta('removed'),
      readQueue(),
      q.meta('ids'),
    ]);
    const histories = new Map<string, PaletteVersion[] | null>();
    for (const op of ops) {
      const id = op.kind === 'restore' ? resolveId(ids, op.id) : null;
      if (id && !histories.has(id)) histories.set(id, await q.history(id));
    }
    const input = { known, removed, ops, ids, histories: (id: string) => histories.get(id) ?? null };
    return { ...input, list: listView(input, rules()) };
  }
  type View = Awaited<ReturnType<typeof view>>;

  /** Whether a write on these palettes must wait behind others to keep the order. */
  function mustWait({ ops, ids }: View, palettes: readonly string[]): boolean {
    if (ops.some((op) => op.status === 'queued')) return true;
    const mine = new Set(palettes.map((id) => resolveId(ids, id)));
    return ops.some((op) => touches(op).some((id) => mine.has(resolveId(ids, id))));
  }

  async function enqueue(body: OpBody, mine: PaletteSummary[], uncertain: boolean): Promise<void> {
    const op = { ...body, queuedAt: now(), attempts: 0, uncertain, status: 'queued', mine } as NewOp;
    await (await queue).add(op);
    emit({ type: 'changed' }, true);
    void kick();
  }

  /**
   * One write: straight to the server when online and nothing waits before it (its answer enters the
   * cache); else, or when no answer came, into the queue and answered with `queued()`.
   */
  async function write<T>(
    state: View,
    body: OpBody,
    direct: () => Promise<RepoResult<T>>,
    remember: (value: T) => Settle,
    queued: () => Promise<{ mine: PaletteSummary[]; answer: RepoResult<T> }>,
  ): Promise<RepoResult<T>> {
    const online = live() && !mustWait(state, touches(body));
    if (online) {
      const result = await direct();
      if (result.ok) await (await queue).settle(null, remember(result.value));
      // No answer: it may have reached the server, so its retry checks before it counts a conflict.
      if (!isOffline(result)) return result;
    }
    const { mine, answer } = await queued();
    if (answer.ok && answer.pending) await enqueue(body, mine, online);
    return answer;
  }

  async function create(
    name: string,
    colorIds: readonly string[],
    { key, createdAt = now() }: CreateOptions = {},
  ): Promise<RepoResult<PaletteSummary>> {
    const id = key ?? newOfflineId();
    const refused = refusal({ kind: 'create', id, name, colorIds: [...colorIds], createdAt }, rules());
    if (refused) return invalid(refused);
    const body: OpBody = { kind: 'create', id, name: checkName(name), colorIds: [...colorIds], createdAt };
    const state = await view();
    return write(
      state,
      body,
      () => remote.create(name, colorIds, { key: id, createdAt }),
      (value) => ({ known: withAnswer('create', value), ids: { [id]: value.id } }),
      async () => {
        const [copy] = listView({ known: [], removed: [], ops: [queuedOp(body)], ids: {} }, rules()) ?? [];
        return { mine: [plain(copy!)], answer: { ok: true, pending: true, value: pending(copy!) } };
      },
    );
  }

  async function versioned(
    body: Extract<OpBody, { base: number }>,
    direct: (id: string) => Promise<RepoResult<PaletteSummary>>,
  ): Promise<RepoResult<PaletteSummary>> {
    const refused = refusal(body, rules());
    if (refused) return invalid(refused);
    const state = await view();
    const id = resolveId(state.ids, body.id);
    return write(
      state,
      { ...cleaned(body), id },
      () => direct(id),
      (value) => ({ known: withAnswer('update', value) }),
      async () => {
        const palette = state.list?.find((p) => p.id === id);
        if (!palette) return { mine: [], answer: { ok: false, reason: state.list ? 'not-found' : 'offline' } };
        // Stale already on this device (another tab saved since): the same choice as a server conflict.
        if (palette.version !== body.base)
          return { mine: [], answer: { ok: false, reason: 'conflict', theirs: palette } };
        // Offline, only a version this device has seen can be brought back: never a guess.
        const history = body.kind === 'restore' ? await historyOf(id, state) : null;
        const after = afterWrite(palette, { ...cleaned(body), id }, rules(), history);
        if (after === 'unknown') return { mine: [], answer: { ok: false, reason: 'offline' } };
        if (!after)
          return { mine: [], answer: { ok: true, value: palette, ...(palette.pending ? { pending: true } : {}) } };
        return { mine: [after], answer: { ok: true, pending: true, value: pending(after) } };
      },
    );
  }

  async function remove(ids: readonly string[]): Promise<RepoResult<void>> {
    const state = await view();
    const targets = ids.map((id) => resolveId(state.ids, id));
    const gone = (state.list ?? []).filter((p) => targets.includes(p.id)).map(plain);
    return write<void>(
      state,
      { kind: 'remove', ids: targets },
      () => remote.remove(targets),
      () => ({ known: withAnswer('remove', null, targets), removed: gone }),
      async () => ({ mine: gone, answer: { ok: true, pending: true, value: undefined } }),
    );
  }

  async function undelete(ids: readonly string[]): Promise<RepoResult<PaletteSummary[]>> {
    const state = await view();
    const targets = ids.map((id) => resolveId(state.ids, id));
    const body: OpBody = { kind: 'undelete', ids: targets };
    return write(
      state,
      body,
      () => remote.undelete(targets),
      (value) => ({ known: withAnswer('undelete', value) }),
      async () => {
        // Back are those the rules bring back: deleted here lately, not in the list now.
        const listed = new Set((state.list ?? []).map((p) => p.id));
        const after = listView({ ...state, ops: [...state.ops, queuedOp(body)] }, rules()) ?? [];
        const back = after.filter((p) => targets.includes(p.id) && !listed.has(p.id)).map(plain);
        return { mine: back, answer: { ok: true, pending: true, value: back.map(pending) } };
      },
    );
  }

  async function list(): Promise<RepoResult<PaletteSummary[]>> {
    const q = await queue;
    // A write that lands while the list is on its way makes that list stale (it was read before the
    // write): ask again, and after a few stale answers keep the cache, which holds every answer since.
    for (let attempt = 0; attempt < 3 && live(); attempt++) {
      const since = await q.meta('settled');
      const result = await remote.list();
      if (!result.ok) {
        if (!isOffline(result)) return result;
        break;
      }
      if (await q.setKnown(result.value.map(plain), since)) break;
    }
    const { list: shown, ops } = await view();
    if (!shown) return { ok: false, reason: 'offline' };
    return { ok: true, value: shown, ...(ops.length > 0 ? { pending: true } : {}) };
  }

  /** The history this device last got from the server (none for one made here), with the waiting writes' versions. */
  async function historyOf(id: string, state: View, fresh?: PaletteVersion[]): Promise<PaletteVersion[] | null> {
    const madeOffline = state.ops.some((op) => op.kind === 'create' && op.id === id);
    const entries = fresh ?? (madeOffline ? [] : await (await queue).history(id));
    return entries && historyView(entries, state.ops, state.ids, id, rules());
  }

  async function history(id: string): Promise<RepoResult<PaletteVersion[]>> {
    const state = await view();
    const target = resolveId(state.ids, id);
    const waiting = state.ops.some((op) => touches(op).some((x) => resolveId(state.ids, x) === target));
    let fresh: PaletteVersion[] | undefined;
    if (live() && !state.ops.some((op) => op.kind === 'create' && op.id === target)) {
      const result = await remote.history(target);
      if (result.ok) {
        await (await queue).setHistory(target, result.value);
        if (!waiting) return result;
        fresh = result.value;
      } else if (!isOffline(result)) return result;
    }
    const all = await historyOf(target, state, fresh);
    if (!all) return { ok: false, reason: 'offline' };
    return { ok: true, value: all, ...(waiting ? { pending: true } : {}) };
  }

  if (options.autoStart !== false) void kick();

  return {
    kind: 'outbox',
    list,
    create,
    update: (id, base, change) =>
      versioned(
        { kind: 'update', id, base, change: { ...change, colorIds: change.colorIds && [...change.colorIds] } },
        (target) => remote.update(target, base, change),
      ),
    setSharing: (id, isPublic, base) =>
      versioned({ kind: 'sharing', id, base, isPublic }, (target) => remote.setSharing(target, isPublic, base)),
    restore: (id, version, base) =>
      versioned({ kind: 'restore', id, base, version }, (target) => remote.restore(target, version, base)),
    remove,
    undelete,
    history,
    flush: kick,
    peek: async () => (await view()).list,
    waiting: async () => (await readQueue()).length,
    conflicts: async () => (await readQueue()).filter((op) => op.status !== 'queued').map(conflictOf),
    async resolve(seq, choice) {
      const q = await queue;
      const op = await q.get(seq);
      if (!op || op.status === 'queued') return { ok: false, reason: 'not-found' };
      const result = await settleChoice(q, op, choice, { id: newOfflineId(), at: now() });
      if (!result.ok) return result;
      announced.delete(seq);
      emit({ type: 'changed' }, true);
      void kick();
      return result;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      clearTimeout(broadcastTimer);
      events?.removeEventListener('online', onOnline);
      channel?.close();
      // A send under way finishes its step first; the database closes after it.
      void sender.close().then(async () => (await queue).close());
    },
  };
}

/** A write as the view sees it before it is queued. */
function queuedOp(body: OpBody): QueuedOp {
  return { ...body, seq: 0, queuedAt: '', attempts: 0, uncertain: false, status: 'queued', mine: [] } as QueuedOp;
}

/** A write as it is queued: the name as the rules keep it (checked already: `refusal`). */
function cleaned<T extends OpBody>(body: T): T {
  if (body.kind !== 'update') return body;
  const { name, colorIds } = body.change;
  const change = {
    ...(name === undefined ? {} : { name: checkName(name) }),
    ...(colorIds === undefined ? {} : { colorIds: [...colorIds] }),
  };
  return { ...body, change };
}
