import { proxy } from 'valtio';
import type { ConflictChoice, OutboxConflict, OutboxRepository } from '../data/outbox/outbox-types';
import { showToast } from './toast-store';
import { openOverlay } from './ui-store';

/**
 * What the outbox holds for the person: writes made offline that met a newer
 * version on the server, or that the server refused. Each is announced by an action toast that opens
 * the choice (features/saved/offline-conflict-dialog.tsx); the choice settles it in the outbox. Loaded
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

const nameOf = (c: OutboxConflict) => c.mine?.name ?? c.theirs?.name ?? 'a palette';

function announce(conflict: OutboxConflict): void {
  outboxState.conflicts = [...outboxState.conflicts.filter((c) => c.seq !== conflict.seq), conflict];
  const text =
    conflict.reason === 'refused'
      ? `Your offline change to “${nameOf(conflict)}” could not be saved`
      : `Your offline change to “${nameOf(conflict)}” clashes with a newer version`;
  showToast(text, 'error', {
    label: 'Choose',
    run: () => openOverlay('offline-conflict', { seq: String(conflict.seq) }),
  });
}

async function refresh(outbox: OutboxRepository): Promise<void> {
  const [conflicts, waiting] = await Promise.all([outbox.conflicts(), outbox.waiting()]);
  if (connected?.outbox !== outbox) return;
  outboxState.conflicts = conflicts;
  outboxState.waiting = waiting;
}

/**
 * Shows what the outbox reports: conflicts as action toasts, damaged entries as a message, and keeps
 * the counts current (another tab's choice settles a conflict here too). Returns the disconnect.
 */
export function connectOutbox(outbox: OutboxRepository, hooks: OutboxHooks = {}): () => void {
  connected?.stop();
  const unsubscribe = outbox.subscribe((event) => {
    if (event.type === 'conflict') announce(event.conflict);
    else if (event.type === 'corrupt') {
      showToast(`${event.count} offline change(s) could not be read and were set aside`, 'error');
    } else if (event.type === 'changed' || event.type === 'idle') void refresh(outbox);
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

/** The dialog's buttons: settles the held write as chosen; false (with a toast) when it could not. */
export async function chooseForConflict(seq: number, choice: ConflictChoice): Promise<boolean> {
  const current = connected;
  const conflict = outboxState.conflicts.find((c) => c.seq === seq);
  if (!current || !conflict) {
    showToast('This change was settled already', 'info');
    return false;
  }
  const result = await current.outbox.resolve(seq, choice);
  if (!result.ok) {
    showToast('Could not settle this change. Please try again.', 'error');
    return false;
  }
  outboxState.conflicts = outboxState.conflicts.filter((c) => c.seq !== seq);
  current.hooks.onResolved?.(conflict, choice);
  const done: Record<ConflictChoice, string> = {
    theirs: 'Kept the newer version',
    overwrite: 'Your change will be saved over the newer version',
    new: 'Your change will be saved as a new palette',
    retry: 'Trying again',
    discard: 'Your change was discarded',
  };
  showToast(done[choice]);
  return true;
}
