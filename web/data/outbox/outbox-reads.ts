import type { PaletteVersion } from '../../../shared/palette/palette-evolve';
import type { PaletteRepository, PaletteSummary, RepoResult } from '../palette-repository';
import type { NewOp, OpBody, OutboxQueue, QueuedOp } from './outbox-queue';
import { historyView, type ListInput, listView, plain, resolveId, touches, type ViewRules } from './outbox-view';

/**
 * What the front's reads and writes share (outbox.ts makes it): the queue, the remote, the rules the
 * view runs, and whether sending may go on (online, session not ended).
 */
export interface OutboxCore {
  queue: Promise<OutboxQueue>;
  remote: PaletteRepository;
  rules(): ViewRules;
  now(): string;
  live(): boolean;
  readQueue(): Promise<QueuedOp[]>;
  /** Puts a write in the queue, tells listeners and other tabs, and starts sending. */
  enqueue(op: NewOp): Promise<void>;
}

export type View = ListInput & { ops: QueuedOp[]; list: PaletteSummary[] | null };

const isOffline = (r: RepoResult<unknown>) => !r.ok && r.reason === 'offline';

/** The list as the person sees it: the server's last list with the waiting writes run on it. */
export async function view(core: OutboxCore): Promise<View> {
  const q = await core.queue;
  const [known, removed, ops, ids] = await Promise.all([
    q.meta('known'),
    q.meta('removed'),
    core.readQueue(),
    q.meta('ids'),
  ]);
  // A waiting restore on a palette from the server looks back in its history, as last cached (one made
  // here has its whole history in the queue).
  const listed = new Set((known ?? []).map((p) => p.id));
  const restored = new Set(ops.flatMap((op) => (op.kind === 'restore' ? [resolveId(ids, op.id)] : [])));
  const cached = await Promise.all(
    [...restored].filter((id) => listed.has(id)).map(async (id) => [id, await q.history(id)] as const),
  );
  const histories = new Map(cached);
  const input = { known, removed, ops, ids, histories: (id: string) => histories.get(id) ?? null };
  return { ...input, list: listView(input, core.rules()) };
}

/** Whether a write on these palettes must wait behind others to keep the order. */
export function mustWait({ ops, ids }: View, body: OpBody): boolean {
  if (ops.some((op) => op.status === 'queued')) return true;
  const mine = new Set(touches(body).map((id) => resolveId(ids, id)));
  return ops.some((op) => touches(op).some((id) => mine.has(resolveId(ids, id))));
}

export async function list(core: OutboxCore): Promise<RepoResult<PaletteSummary[]>> {
  const q = await core.queue;
  // A write that lands while the list is on its way makes that list stale (it was read before the
  // write): ask again, and after a few stale answers keep the cache, which holds every answer since.
  for (let attempt = 0; attempt < 3 && core.live(); attempt++) {
    const since = await q.meta('settled');
    const result = await core.remote.list();
    if (!result.ok) {
      if (!isOffline(result)) return result;
      break;
    }
    if (await q.setKnown(result.value.map(plain), since)) break;
  }
  const { list: shown, ops } = await view(core);
  if (!shown) return { ok: false, reason: 'offline' };
  return { ok: true, value: shown, ...(ops.length > 0 ? { pending: true } : {}) };
}

/** The history this device last got from the server (none for one made here), with the waiting writes' versions. */
export async function historyOf(
  core: OutboxCore,
  id: string,
  state: View,
  fresh?: PaletteVersion[],
): Promise<PaletteVersion[] | null> {
  const madeOffline = state.ops.some((op) => op.kind === 'create' && op.id === id);
  const entries = fresh ?? (madeOffline ? [] : await (await core.queue).history(id));
  return entries && historyView(entries, state.ops, state.ids, id, core.rules());
}

export async function history(core: OutboxCore, id: string): Promise<RepoResult<PaletteVersion[]>> {
  const state = await view(core);
  const target = resolveId(state.ids, id);
  const waiting = state.ops.some((op) => touches(op).some((x) => resolveId(state.ids, x) === target));
  let fresh: PaletteVersion[] | undefined;
  if (core.live() && !state.ops.some((op) => op.kind === 'create' && op.id === target)) {
    const result = await core.remote.history(target);
    if (result.ok) {
      await (await core.queue).setHistory(target, result.value);
      if (!waiting) return result;
      fresh = result.value;
    } else if (!isOffline(result)) return result;
  }
  const all = await historyOf(core, target, state, fresh);
  if (!all) return { ok: false, reason: 'offline' };
  return { ok: true, value: all, ...(waiting ? { pending: true } : {}) };
}
