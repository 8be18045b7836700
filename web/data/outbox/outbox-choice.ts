import type { PaletteSummary, RepoResult } from '../palette-repository';
import type { OutboxQueue, QueuedOp } from './outbox-queue';
import type { ConflictChoice } from './outbox-types';
import { plain, withAnswer } from './outbox-view';

/**
 * The person's choice on a held write: keep theirs (or discard mine), try again, overwrite theirs
 * with mine (a new version on top of theirs), or save mine as a new palette in the held write's place.
 */
export async function settleChoice(
  queue: OutboxQueue,
  op: QueuedOp,
  choice: ConflictChoice,
  made: { id: string; at: string },
): Promise<RepoResult<void>> {
  const theirs = op.theirs ?? null;
  // Their version stays on the palette: the list shows it (not this device's stale copy) beside mine.
  const keepTheirs = () => (theirs ? queue.settle(null, { known: withAnswer('update', theirs) }) : undefined);
  switch (choice) {
    case 'theirs':
    case 'discard':
      await queue.settle(op.seq, theirs ? { known: withAnswer('update', theirs) } : {});
      break;
    case 'retry':
      await queue.put({ ...op, status: 'queued', attempts: 0, error: undefined } as QueuedOp);
      break;
    case 'overwrite':
      if (!theirs || !('base' in op)) return { ok: false, reason: 'failed' };
      await queue.put({ ...op, base: theirs.version, rebased: true, status: 'queued', theirs: undefined } as QueuedOp);
      await keepTheirs();
      break;
    default: {
      const mine = op.mine[0];
      if (!mine) return { ok: false, reason: 'failed' };
      await queue.put(asNew(op, mine, theirs, made));
      await keepTheirs();
    }
  }
  return { ok: true, value: undefined };
}

/** Mine as a new palette: a create that takes the held write's place, so the order around it stays. */
function asNew(
  op: QueuedOp,
  mine: PaletteSummary,
  theirs: PaletteSummary | null,
  { id, at }: { id: string; at: string },
): QueuedOp {
  const name = theirs && mine.name === theirs.name ? `${mine.name} (copy)` : mine.name;
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
  return {
    seq: op.seq,
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
  };
}
