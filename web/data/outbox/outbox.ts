import { deleteDB } from 'idb';
import type { PaletteChange, PaletteSummary, RepoResult } from '../palette-repository';
import { settleChoice } from './outbox-choice';
import { type NewOp, openQueue, type OutboxQueue, type QueuedOp } from './outbox-queue';
import { history, list, type OutboxCore, view } from './outbox-reads';
import { Sender } from './outbox-sender';
import {
  type ConflictChoice,
  conflictOf,
  type LockLike,
  type OutboxEvent,
  type OutboxOptions,
  type OutboxRepository,
} from './outbox-types';
import { create, remove, undelete, versioned } from './outbox-writes';

/**
 * The outbox (web/README.md, "The outbox"): a repository in front of the remote one. Online with
 * nothing waiting, every call passes straight through; else a write waits in the queue
 * (outbox-queue.ts) and is answered at once with the palette as the palette rules will leave it
 * (outbox-view.ts, outbox-writes.ts); the sender (outbox-sender.ts) sends the writes in order when
 * the connection is back, doing with each answer what the policy (outbox-policy.ts) says.
 */

const BROADCAST_MS = 150;

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
  return new Outbox(options);
}

class Outbox implements OutboxRepository {
  readonly kind = 'outbox';
  private readonly queue: Promise<OutboxQueue>;
  private readonly channel: BroadcastChannel | null;
  private readonly events: EventTarget | null;
  private readonly sender: Sender;
  private readonly core: OutboxCore;
  private readonly listeners = new Set<(event: OutboxEvent) => void>();
  /** Held writes this tab has told about (each conflict is announced once per tab and start). */
  private readonly announced = new Set<number>();
  private closed = false;
  private broadcastTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: OutboxOptions) {
    const name = outboxDbName(options.owner);
    const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
    const now = () => (options.now ? options.now() : new Date()).toISOString();
    this.queue = openQueue(name);
    this.channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
    this.events = options.events === undefined ? (typeof window === 'undefined' ? null : window) : options.events;
    const readQueue = () => this.readQueue();
    this.sender = new Sender({
      queue: this.queue,
      remote: options.remote,
      name,
      me: newOfflineId(),
      locks: options.locks === undefined ? lockManager() : options.locks,
      retry: options.retry ?? { firstMs: 1000, maxMs: 60_000 },
      isOnline,
      emit: (event, broadcast) => this.emit(event, broadcast),
      readQueue,
      announce: (op, once) => this.announce(op, once),
    });
    this.core = {
      queue: this.queue,
      remote: options.remote,
      now,
      rules: () => ({ now: now(), colorExists: options.colorExists ?? (() => true) }),
      live: () => isOnline() && !this.sender.isStopped(),
      readQueue,
      enqueue: (op) => this.enqueue(op),
    };
    this.channel?.addEventListener('message', () => {
      this.emit({ type: 'changed' });
      void this.sender.kick();
    });
    this.events?.addEventListener('online', this.onOnline);
    if (options.autoStart !== false) void this.sender.kick();
  }

  private readonly onOnline = () => this.sender.online();

  private emit(event: OutboxEvent, broadcast = false): void {
    for (const listener of this.listeners) listener(event);
    if (event.type === 'conflict') this.options.onConflict?.(event.conflict);
    if (broadcast && !this.closed && this.channel && !this.broadcastTimer) {
      // A drain of many writes tells other tabs a few times a second, not once per write.
      this.broadcastTimer = setTimeout(() => {
        this.broadcastTimer = undefined;
        if (!this.closed) this.channel?.postMessage('changed');
      }, BROADCAST_MS);
    }
  }

  private announce(op: QueuedOp, once = false): void {
    if (once && this.announced.has(op.seq)) return;
    this.announced.add(op.seq);
    this.emit({ type: 'conflict', conflict: conflictOf(op) });
  }

  private async readQueue(): Promise<QueuedOp[]> {
    const { ops, setAside } = await (await this.queue).readOps();
    if (setAside > 0) this.emit({ type: 'corrupt', count: setAside }, true);
    return ops;
  }

  private async enqueue(op: NewOp): Promise<void> {
    await (await this.queue).add(op);
    this.emit({ type: 'changed' }, true);
    void this.sender.kick();
  }

  list = () => list(this.core);
  history = (id: string) => history(this.core, id);
  create = (name: string, colorIds: readonly string[], options = {}) =>
    create(this.core, name, colorIds, options, newOfflineId);
  update = (id: string, base: number, change: PaletteChange) =>
    versioned(
      this.core,
      { kind: 'update', id, base, change: { ...change, colorIds: change.colorIds && [...change.colorIds] } },
      (target) => this.options.remote.update(target, base, change),
    );
  setSharing = (id: string, isPublic: boolean, base: number) =>
    versioned(this.core, { kind: 'sharing', id, base, isPublic }, (target) =>
      this.options.remote.setSharing(target, isPublic, base),
    );
  restore = (id: string, version: number, base: number) =>
    versioned(this.core, { kind: 'restore', id, base, version }, (target) =>
      this.options.remote.restore(target, version, base),
    );
  remove = (ids: readonly string[]) => remove(this.core, ids);
  undelete = (ids: readonly string[]) => undelete(this.core, ids);
  flush = () => this.sender.kick();
  peek = async (): Promise<PaletteSummary[] | null> => (await view(this.core)).list;
  waiting = async () => (await this.readQueue()).length;
  conflicts = async () => (await this.readQueue()).filter((op) => op.status !== 'queued').map(conflictOf);

  resolve = async (seq: number, choice: ConflictChoice): Promise<RepoResult<void>> => {
    const queue = await this.queue;
    const op = await queue.get(seq);
    if (!op || op.status === 'queued') return { ok: false, reason: 'not-found' };
    const result = await settleChoice(queue, op, choice, { id: newOfflineId(), at: this.core.now() });
    if (!result.ok) return result;
    this.announced.delete(seq);
    this.emit({ type: 'changed' }, true);
    void this.sender.kick();
    return result;
  };

  subscribe = (listener: (event: OutboxEvent) => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  close = (): void => {
    this.closed = true;
    clearTimeout(this.broadcastTimer);
    this.events?.removeEventListener('online', this.onOnline);
    this.channel?.close();
    // A send under way finishes its step first; the database closes after it.
    void this.sender.close().then(async () => (await this.queue).close());
  };
}
