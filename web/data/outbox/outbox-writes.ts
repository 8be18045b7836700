import { checkName } from '../../../shared/palette/palette-decider';
import type { CreateOptions, PaletteSummary, RepoResult } from '../palette-repository';
import type { NewOp, OpBody, QueuedOp, Settle } from './outbox-queue';
import { historyOf, mustWait, type OutboxCore, type View, view } from './outbox-reads';
import { afterWrite, listView, pending, plain, refusal, resolveId, withAnswer } from './outbox-view';

/**
 * The outbox's writes: each checked by the palette rules first, then sent straight through when
 * nothing waits before it, else queued and answered with the palette as the rules will leave it.
 */

type Queued<T> = { mine: PaletteSummary[]; answer: RepoResult<T> };

const invalid = (error: Error): RepoResult<never> => ({ ok: false, reason: 'failed', error });
const isOffline = (r: RepoResult<unknown>) => !r.ok && r.reason === 'offline';

/**
 * One write: straight to the server when online and nothing waits before it (its answer enters the
 * cache); else, or when no answer came, into the queue with what `queued()` foresees.
 */
async function write<T>(
  core: OutboxCore,
  state: View,
  body: OpBody,
  direct: () => Promise<RepoResult<T>>,
  remember: (value: T) => Settle,
  queued: () => Promise<Queued<T>>,
): Promise<RepoResult<T>> {
  const online = core.live() && !mustWait(state, body);
  if (online) {
    const result = await direct();
    if (result.ok) await (await core.queue).settle(null, remember(result.value));
    // No answer: it may have reached the server, so its retry checks before it counts a conflict.
    if (!isOffline(result)) return result;
  }
  const { mine, answer } = await queued();
  if (answer.ok && answer.pending) {
    await core.enqueue({
      ...body,
      queuedAt: core.now(),
      attempts: 0,
      uncertain: online,
      status: 'queued',
      mine,
    } as NewOp);
  }
  return answer;
}

/** A write as the view sees it before it is queued. */
function asQueued(body: OpBody): QueuedOp {
  return { ...body, seq: 0, queuedAt: '', attempts: 0, uncertain: false, status: 'queued', mine: [] } as QueuedOp;
}

/** A write as it is queued: the name as the rules keep it (checked already by `refusal`). */
function cleaned<T extends OpBody>(body: T): T {
  if (body.kind !== 'update') return body;
  const { name, colorIds } = body.change;
  const change = {
    ...(name === undefined ? {} : { name: checkName(name) }),
    ...(colorIds === undefined ? {} : { colorIds: [...colorIds] }),
  };
  return { ...body, change };
}

export async function create(
  core: OutboxCore,
  name: string,
  colorIds: readonly string[],
  { key, createdAt = core.now() }: CreateOptions,
  newId: () => string,
): Promise<RepoResult<PaletteSummary>> {
  const id = key ?? newId();
  const refused = refusal({ kind: 'create', id, name, colorIds: [...colorIds], createdAt }, core.rules());
  if (refused) return invalid(refused);
  const body: OpBody = { kind: 'create', id, name: checkName(name), colorIds: [...colorIds], createdAt };
  const state = await view(core);
  return write(
    core,
    state,
    body,
    () => core.remote.create(name, colorIds, { key: id, createdAt }),
    (value) => ({ known: withAnswer('create', value), ids: { [id]: value.id } }),
    async () => {
      const [copy] = listView({ known: [], removed: [], ops: [asQueued(body)], ids: {} }, core.rules()) ?? [];
      return { mine: [plain(copy!)], answer: { ok: true, pending: true, value: pending(copy!) } };
    },
  );
}

/** A save, a sharing change or a restore: on top of `base`, a conflict when this device knows newer. */
export async function versioned(
  core: OutboxCore,
  raw: Extract<OpBody, { base: number }>,
  direct: (id: string) => Promise<RepoResult<PaletteSummary>>,
): Promise<RepoResult<PaletteSummary>> {
  const refused = refusal(raw, core.rules());
  if (refused) return invalid(refused);
  const state = await view(core);
  const body = { ...cleaned(raw), id: resolveId(state.ids, raw.id) };
  return write(
    core,
    state,
    body,
    () => direct(body.id),
    (value) => ({ known: withAnswer('update', value) }),
    () => foresee(core, state, body),
  );
}

async function foresee(
  core: OutboxCore,
  state: View,
  body: Extract<OpBody, { base: number }>,
): Promise<Queued<PaletteSummary>> {
  const palette = state.list?.find((p) => p.id === body.id);
  if (!palette) return { mine: [], answer: { ok: false, reason: state.list ? 'not-found' : 'offline' } };
  // Stale already on this device (another tab saved since): the same choice as a server conflict.
  if (palette.version !== body.base) return { mine: [], answer: { ok: false, reason: 'conflict', theirs: palette } };
  // Offline, only a version this device has seen can be brought back: never a guess.
  const history = body.kind === 'restore' ? await historyOf(core, body.id, state) : null;
  const after = afterWrite(palette, body, core.rules(), history);
  if (after === 'unknown') return { mine: [], answer: { ok: false, reason: 'offline' } };
  // Changes nothing: nothing to send.
  if (!after) return { mine: [], answer: { ok: true, value: palette, ...(palette.pending ? { pending: true } : {}) } };
  return { mine: [after], answer: { ok: true, pending: true, value: pending(after) } };
}

export async function remove(core: OutboxCore, ids: readonly string[]): Promise<RepoResult<void>> {
  const state = await view(core);
  const targets = ids.map((id) => resolveId(state.ids, id));
  const gone = (state.list ?? []).filter((p) => targets.includes(p.id)).map(plain);
  return write<void>(
    core,
    state,
    { kind: 'remove', ids: targets },
    () => core.remote.remove(targets),
    () => ({ known: withAnswer('remove', null, targets), removed: gone }),
    async () => ({ mine: gone, answer: { ok: true, pending: true, value: undefined } }),
  );
}

export async function undelete(core: OutboxCore, ids: readonly string[]): Promise<RepoResult<PaletteSummary[]>> {
  const state = await view(core);
  const targets = ids.map((id) => resolveId(state.ids, id));
  const body: OpBody = { kind: 'undelete', ids: targets };
  return write(
    core,
    state,
    body,
    () => core.remote.undelete(targets),
    (value) => ({ known: withAnswer('undelete', value) }),
    async () => {
      // Back are those the rules bring back: deleted here lately, not in the list now.
      const listed = new Set((state.list ?? []).map((p) => p.id));
      const after = listView({ ...state, ops: [...state.ops, asQueued(body)] }, core.rules()) ?? [];
      const back = after.filter((p) => targets.includes(p.id) && !listed.has(p.id)).map(plain);
      return { mine: back, answer: { ok: true, pending: true, value: back.map(pending) } };
    },
  );
}
