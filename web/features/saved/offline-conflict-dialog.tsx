import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ConflictChoice } from '../../data/outbox/outbox-types';
import { Dialog } from '../../lib/dialog';
import { chooseForConflict, outboxState } from '../../stores/outbox-store';
import { showToast } from '../../stores/toast-store';
import type { OverlayProps } from '../../stores/ui-store';
import './saved.css';

/** What each choice will do, said once it is settled. */
const CHOSEN: Record<ConflictChoice, string> = {
  theirs: 'Kept the newer version',
  overwrite: 'Your change will be saved over the newer version',
  new: 'Your change will be saved as a new palette',
  retry: 'Trying again',
  discard: 'Your change was discarded',
};

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The choice for a change made offline that met a newer version (or a refusal) when it was sent:
 * the save dialog's conflict choice, for a change that waited in the outbox. Until the person
 * chooses, the change stays held; "Decide later" leaves it so.
 */
export default function OfflineConflictDialog({ params, onClose }: OverlayProps) {
  const { conflicts } = useSnapshot(outboxState);
  const [busy, setBusy] = useState(false);
  const seq = Number(params.seq);
  const conflict = conflicts.find((c) => c.seq === seq);

  async function choose(choice: ConflictChoice) {
    setBusy(true);
    const outcome = await chooseForConflict(seq, choice);
    setBusy(false);
    if (outcome === 'settled-already') showToast('This change was settled already', 'info');
    else if (outcome === 'failed') showToast('Could not settle this change. Please try again.', 'error');
    else {
      showToast(CHOSEN[choice]);
      onClose();
    }
  }

  if (!conflict) {
    return (
      <Dialog title="Nothing to choose" onClose={onClose} className="save-modal">
        <p>This change was settled already, here or in another tab.</p>
        <div className="conflict-actions">
          <button type="button" className="saved-primary" onClick={onClose}>
            Close
          </button>
        </div>
      </Dialog>
    );
  }

  const name = conflict.mine?.name ?? conflict.theirs?.name ?? 'This palette';
  const { theirs } = conflict;
  // A copy makes sense for what the palette holds (colours, name), not for a sharing change.
  const canCopy = conflict.mine !== null && (conflict.kind === 'update' || conflict.kind === 'restore');
  const later = (
    <button type="button" className="saved-secondary" onClick={onClose}>
      Decide later
    </button>
  );

  const discard = (
    <button type="button" className="saved-secondary" disabled={busy} onClick={() => void choose('discard')}>
      Discard my change
    </button>
  );

  if (conflict.reason === 'refused') {
    return (
      <Dialog title="Your change could not be saved" onClose={onClose} className="save-modal">
        <div role="alert">
          <p>
            The server refused your offline change to “{name}”{conflict.message ? `: ${conflict.message}` : '.'}
          </p>
        </div>
        <div className="conflict-actions">
          <button type="button" className="saved-primary" disabled={busy} onClick={() => void choose('retry')}>
            Try again
          </button>
          {canCopy && (
            <button type="button" className="saved-secondary" disabled={busy} onClick={() => void choose('new')}>
              Save mine as a new palette
            </button>
          )}
          {discard}
          {later}
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title="This palette changed elsewhere" onClose={onClose} className="save-modal">
      <div role="alert">
        {theirs ? (
          <p>
            “{name}” was saved in another tab or on another device (version {theirs.version},{' '}
            {formatTime(theirs.updatedAt)}) while your offline change waited to be sent. Sending it now would replace
            that change. What would you like to do?
          </p>
        ) : (
          <p>“{name}” was deleted in another tab or on another device while your offline change waited to be sent.</p>
        )}
      </div>
      <div className="conflict-actions">
        {theirs && (
          <>
            <button type="button" className="saved-secondary" disabled={busy} onClick={() => void choose('theirs')}>
              Keep their version
            </button>
            <button type="button" className="saved-secondary" disabled={busy} onClick={() => void choose('overwrite')}>
              Overwrite with mine
            </button>
          </>
        )}
        {canCopy && (
          <button type="button" className="saved-primary" disabled={busy} onClick={() => void choose('new')}>
            Save mine as a new palette
          </button>
        )}
        {!theirs && discard}
        {later}
      </div>
    </Dialog>
  );
}
