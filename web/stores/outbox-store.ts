import { proxy } from 'valtio';
import type { ConflictChoice, OutboxConflict, OutboxRepository } from '../data/outbox/outbox-types';
import { notify } from './notice-store';

/**
 * What the outbox holds for the person: writes made offline that met a newer
 * version on the server, or that the server refused. Each is announced by a notice (app/notices.ts:
 * an action toast that opens the choice, features/saved/offline-conflict-dialog.tsx); the choice
 * settles it in the outbox. Loaded
 * with the outbox, after first paint; the outbox itself is made in outbox-actions.ts, so the dialog's
 * chunk does not carry it.
 */
export const outboxState = proxy({
  conflicts: [] as OutboxConflict[],
  /** Writes still waiting to be sent (held ones included). */
  waiting: 0,
});

export interface OutboxHooks {
  /** After the person chose: e.g. follow the editor's link to theirs, then list again. */
  onResolved?: (conflict: OutboxConflict, choice: ConflictChoice) => void;
}

let connected: { outbox: OutboxRepository; hooks: OutboxHooks; stop: () => void } | null = null;

function announce(conflict: OutboxConflict): void {
  outboxState.conflicts = [...outboxState.conflicts.filter((c) => c.seq !== conflict.seq), conflict];
  notify({ type: 'outbox-held', conflict });
}

async function refresh(outbox: OutboxRepository): Promise<void> {
  const [conflicts, waiting] = await Promise.all([outbox.conflicts(), outbox.waiting()]);
  if (connected?.outbox !== outbox) return;
  outboxState.conflicts = conflicts;
  outboxState.waiting = waiting;
}

/**
 * Tells what the outbox reports: conflicts and damaged entries as notices, and keeps
 * the counts current (another tab's choice settles a conflict here too). Returns the disconnect.
 */
export function connectOutbox(outbox: OutboxRepository, hooks: OutboxHooks = {}): () => void {
  connected?.stop();
  const unsubscribe = outbox.subscribe((event) => {
    if (event.type === 'conflict') announce(event.conflict);
    else if (event.type === 'corrupt') notify({ type: 'outbox-corrupt', count: event.count });
    else if (event.type === 'changed' || event.type === 'idle') void refresh(outbox);
  });
  const stop = () => {
    unsubscribe();
    if (connected?.outbox === outbox) {
      connected = null;
      outboxState.conflicts = [];
      outboxState.waiting = 0;
    }
  };
  connected = { outbox, hooks, stop };
  // Conflicts left from an earlier visit are offered again at start-up.
  void outbox.conflicts().then((held) => {
    if (connected?.outbox === outbox) for (const conflict of held) announce(conflict);
  });
  void refresh(outbox);
  return stop;
}

/** How a choice ended: settled, settled already (another tab or an earlier press), or not settled. */
export type ChoiceOutcome = 'settled' | 'settled-already' | 'failed';

/** The dialog's buttons: settles the held write as chosen; the dialog says how it went. */
export async function chooseForConflict(seq: number, choice: ConflictChoice): Promise<ChoiceOutcome> {
  const current = connected;
  const conflict = outboxState.conflicts.find((c) => c.seq === seq);
  if (!current || !conflict) return 'settled-already';
  const result = await current.outbox.resolve(seq, choice);
  if (!result.ok) return 'failed';
  outboxState.conflicts = outboxState.conflicts.filter((c) => c.seq !== seq);
  current.hooks.onResolved?.(conflict, choice);
  return 'settled';
}
