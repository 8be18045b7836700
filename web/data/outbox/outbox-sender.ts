import type { PaletteRepository, PaletteSummary, RepoResult } from '../palette-repository';
import { backoff, judge, landedAt, type Verdict } from './outbox-policy';
import type { Chain, OutboxQueue, QueuedOp, Settle } from './outbox-queue';
import type { LockLike, OutboxEvent } from './outbox-types';
import { resolveId, touches, withAnswer } from './outbox-view';

/**
 * The sender: one tab at a time (the Web Locks API, else a lease in the queue's database) sends the
 * waiting writes in order, one by one, and does with each answer what the policy (outbox-policy.ts)
 * says. A write on a palette with a held one before it waits behind it; others go on.
 */

export interface SenderDeps {
  queue: Promise<OutboxQueue>;
  remote: PaletteRepository;
  /** The lock's and the lease's name. */
  name: string;
  /** This tab, as the lease's holder. */
  me: string;
  locks: LockLike | null;
  retry: { firstMs: number; maxMs: number };
  isOnline(): boolean;
  emit(event: OutboxEvent, broadcast?: boolean): void;
  /** Tells of a held write (the conflict event); `once`: unless this tab told of it already. */
  announce(op: QueuedOp, once?: boolean): void;
  /** Every readable entry, damaged ones reported. */
  readQueue(): Promise<QueuedOp[]>;
}

const LEASE_MS = 30_000;

type Outcome = 'next' | 'held' | 'stop';
type Value = PaletteSummary | PaletteSummary[] | null;

export class Sender {
  private closed = false;
  private stopped = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private draining: Promise<void> | null = null;
  private again = false;

  constructor(private readonly deps: SenderDeps) {}

  private sending(): boolean {
    return !this.closed && !this.stopped && this.deps.isOnline();
  }

  private later(delay = backoff(this.failures++, this.deps.retry)): void {
    if (this.closed) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.kick(), delay);
  }

  /** Starts a drain unless one runs in this tab; a call during it asks for one more round. */
  readonly kick = (): Promise<void> => {
    if (!this.sending()) return this.draining ?? Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.again = false;
          await this.underLock();
        } while (this.again && this.sending());
      } catch {
        // Storage failed under us (quota, a closed database): nothing was lost; try again later.
        this.later();
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  };

  /** Whether the server said the session ended. */
  isStopped(): boolean {
    return this.stopped;
  }

  /** The connection is back: backoff starts again from its first delay. */
  online(): void {
    this.failures = 0;
    void this.kick();
  }

  /** Stops sending; resolves once a send under way has finished its step. */
  close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    return this.draining ?? Promise.resolve();
  }

  private async underLock(): Promise<void> {
    const { deps } = this;
    if (deps.locks) {
      await deps.locks.request(`${deps.name}:sender`, () => this.drain());
      return;
    }
    const queue = await deps.queue;
    if (!(await queue.takeLease(deps.me, LEASE_MS))) {
      // Another tab sends; should it die, its lease runs out and this tab takes over.
      this.later(LEASE_MS + 500);
      return;
    }
    try {
      await this.drain(() => queue.takeLease(deps.me, LEASE_MS));
    } finally {
      await queue.dropLease(deps.me);
    }
  }

  /** Each pass works through one reading of the queue; the next pass picks up what came meanwhile. */
  private async drain(renew?: () => Promise<boolean>): Promise<void> {
    for (;;) {
      if (!this.sending()) return;
      const ops = await this.deps.readQueue();
      for (const op of ops) if (op.status !== 'queued') this.deps.announce(op, true);
      const blocked = new Set<string>();
      let sent = 0;
      for (const op of ops) {
        if (!this.sending()) return;
        const ids = await (await this.deps.queue).meta('ids');
        const palettes = touches(op).map((id) => resolveId(ids, id));
        if (op.status !== 'queued' || palettes.some((id) => blocked.has(id))) {
          for (const id of palettes) blocked.add(id);
          continue;
        }
        if (renew && !(await renew())) return;
        const outcome = await this.send(op, ids);
        if (outcome === 'stop') return;
        sent++;
        // A write held just now keeps the later ones on its palettes behind it.
        if (outcome === 'held') for (const id of palettes) blocked.add(id);
      }
      if (sent === 0) {
        this.deps.emit({ type: 'idle', waiting: ops.length });
        return;
      }
    }
  }

  /** One write to the server, in the palettes' server ids and versions. */
  private async call(op: QueuedOp, ids: Record<string, string>, base: number): Promise<RepoResult<unknown>> {
    const target = (id: string) => resolveId(ids, id);
    switch (op.kind) {
      case 'create':
        return this.deps.remote.create(op.name, op.colorIds, { key: op.id, createdAt: op.createdAt });
      case 'remove':
        return this.deps.remote.remove(op.ids.map(target));
      case 'undelete':
        return this.deps.remote.undelete(op.ids.map(target));
      case 'update':
        return this.deps.remote.update(target(op.id), base, op.change);
      case 'sharing':
        return this.deps.remote.setSharing(target(op.id), op.isPublic, base);
      default:
        return this.deps.remote.restore(target(op.id), op.version, base);
    }
  }

  private async send(op: QueuedOp, ids: Record<string, string>): Promise<Outcome> {
    const queue = await this.deps.queue;
    if ('base' in op && !op.uncertain) {
      // Should this tab close before the answer comes, the next attempt knows it may have landed.
      op = { ...op, uncertain: true };
      await queue.put(op);
    }
    const base = 'base' in op ? baseFor(op, resolveId(ids, op.id), await queue.meta('chains')) : 0;
    const answer = await this.call(op, ids, base);
    const verdict = judge(op, answer);
    const value = answer.ok ? ((answer.value ?? null) as Value) : null;
    if (verdict.action !== 'check-landed') return this.act(op, ids, verdict, value);
    const history = await this.deps.remote.history(resolveId(ids, (op as { id: string }).id));
    if (!history.ok && history.reason === 'offline') return this.act(op, ids, judge(op, history), null);
    const landed = history.ok ? landedAt(op, base, history.value) : null;
    // Landed: the first attempt reached the server; only its answer was lost.
    if (landed !== null) return this.act(op, ids, { action: 'settle' }, verdict.theirs, landed);
    return this.act(op, ids, { action: 'hold', status: 'held', theirs: verdict.theirs }, null);
  }

  private async act(
    op: QueuedOp,
    ids: Record<string, string>,
    verdict: Verdict,
    value: Value,
    /** For a write found in the history: the version it made (the server's copy may be newer). */
    landed?: number,
  ): Promise<Outcome> {
    const queue = await this.deps.queue;
    switch (verdict.action) {
      case 'settle': {
        await queue.settle(op.seq, { ...settled(op, ids, value), ...chained(op, ids, value, landed) });
        this.failures = 0;
        if (op.kind === 'create' && value && !Array.isArray(value))
          this.deps.emit({ type: 'id', from: op.id, to: value.id });
        this.deps.emit({ type: 'sent', kind: op.kind, value });
        this.deps.emit({ type: 'changed' }, true);
        return 'next';
      }
      case 'hold': {
        const held: QueuedOp =
          verdict.status === 'held'
            ? { ...op, status: 'held', theirs: verdict.theirs }
            : { ...op, status: 'refused', attempts: verdict.attempts, error: verdict.message };
        await queue.put(held);
        this.deps.announce(held);
        this.deps.emit({ type: 'changed' }, true);
        return 'held';
      }
      case 'sign-out':
        this.stopped = true;
        this.deps.emit({ type: 'signed-out' });
        return 'stop';
      case 'retry':
        await queue.put({ ...op, attempts: verdict.attempts, uncertain: true });
        this.later();
        return 'stop';
      default:
        // The write rate (or a history look-up without an answer): wait, nothing counted.
        this.later();
        return 'stop';
    }
  }
}

/**
 * The base a write is sent with. A chain of writes made on one palette without signal was based on the
 * versions the rules gave each write before it; once one is sent, the version the server gave stands
 * for the one foreseen (they differ only after an Overwrite, which put the first on top of theirs).
 */
function baseFor(op: QueuedOp & { base: number }, id: string, chains: Record<string, Chain>): number {
  if (op.rebased) return op.base;
  const chain = chains[id];
  return chain && chain.predicted === op.base ? chain.actual : op.base;
}

/** The chain a sent write leaves: the version its own copy foresaw, and the server's. */
function chained(op: QueuedOp, ids: Record<string, string>, value: Value, landed?: number): Settle {
  if (!value || Array.isArray(value) || op.kind === 'remove' || op.kind === 'undelete') return {};
  const id = op.kind === 'create' ? value.id : resolveId(ids, op.id);
  const predicted = op.mine[0]?.version ?? ('base' in op ? op.base + 1 : 1);
  return { chains: { [id]: { predicted, actual: landed ?? value.version } } };
}

/** What a settled write leaves in the cache: the server's answer in the list, the id it gave, a deleted copy. */
function settled(op: QueuedOp, ids: Record<string, string>, value: Value): Settle {
  switch (op.kind) {
    case 'create':
      return value && !Array.isArray(value) ? { known: withAnswer('create', value), ids: { [op.id]: value.id } } : {};
    case 'remove': {
      const targets = op.ids.map((id) => resolveId(ids, id));
      return { known: withAnswer('remove', null, targets), removed: op.mine };
    }
    default:
      return { known: withAnswer(op.kind, value) };
  }
}
