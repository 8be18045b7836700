import { type FormEvent, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Dialog } from '../../lib/dialog';
import { paletteState } from '../../stores/palette-store';
import type { SaveBackResult } from '../../stores/saved-actions';
import { loadPalette, saveAsNew, saveBack } from './saved-commands';
import { type PaletteSummary, savedCount, savedState } from '../../stores/saved-store';
import { identityState } from '../../stores/identity-store';
import { showToast } from '../../stores/toast-store';
import type { OverlayProps } from '../../stores/ui-store';
import './saved.css';

type Target = 'version' | 'new';
type Conflict = Extract<SaveBackResult, { kind: 'conflict' }>;

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** 'Name Your Palette'; onto the palette it was loaded from, or as a new one. */
export default function SaveModal({ onClose }: OverlayProps) {
  const saved = useSnapshot(savedState);
  const { palettes, loadedFrom } = saved;
  const source = loadedFrom ? palettes.find((p) => p.id === loadedFrom.id) : undefined;
  // A palette that came from the list (loaded or just saved) is saved as a new version of itself by
  // default; anything else as a new palette named 'Palette {n+1}' (spec).
  const [target, setTarget] = useState<Target>(source ? 'version' : 'new');
  // Counted from the badge's figure while this device's list is still being read.
  // A name typed above the strips of an unsaved palette is its name when saved.
  const defaultName = (loadedFrom ? null : identityState.name) ?? `Palette ${savedCount(saved) + 1}`;
  const [name, setName] = useState(source ? source.name : defaultName);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<{ result: Conflict; mine: PaletteSummary } | null>(null);
  const nameId = useId();

  const colorIds = () => paletteState.slots.map((s) => s.colorId);
  const chosenName = () => name.trim() || (target === 'new' ? defaultName : (source?.name ?? defaultName));

  const unchanged = () =>
    source !== undefined &&
    loadedFrom?.version === source.version &&
    chosenName() === source.name &&
    colorIds().join(',') === source.colorIds.join(',');

  async function run(action: () => Promise<boolean | SaveBackResult>) {
    setBusy(true);
    const result = await action();
    setBusy(false);
    if (result === true || (typeof result === 'object' && result.kind === 'saved')) onClose();
    else if (typeof result === 'object' && result.kind === 'conflict' && source) setConflict({ result, mine: source });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (target === 'version' && source && loadedFrom) {
      // A version identical to the last one would only lengthen the history.
      if (unchanged()) {
        showToast('No changes to save');
        onClose();
        return;
      }
      void run(() => saveBack(source.id, loadedFrom.version, { name: chosenName(), colorIds: colorIds() }));
    } else {
      void run(() => saveAsNew(chosenName(), colorIds()));
    }
  }

  if (conflict) {
    const mine = conflict.mine;
    return (
      <ConflictView
        conflict={conflict.result}
        mine={mine}
        busy={busy}
        onClose={onClose}
        onLoadTheirs={(theirs) => {
          loadPalette(theirs);
          onClose();
        }}
        onOverwrite={(theirs) =>
          void run(() => saveBack(theirs.id, theirs.version, { name: chosenName(), colorIds: colorIds() }))
        }
        onSaveAsNew={() =>
          void run(() => saveAsNew(chosenName() === mine.name ? `${mine.name} (copy)` : chosenName(), colorIds()))
        }
      />
    );
  }

  return (
    <Dialog title="Name Your Palette" onClose={onClose} className="save-modal">
      <form onSubmit={submit}>
        {source && (
          <fieldset className="save-target">
            <legend>Save where?</legend>
            <label>
              <input
                type="radio"
                name="target"
                checked={target === 'version'}
                onChange={() => {
                  setTarget('version');
                  setName(source.name);
                }}
              />{' '}
              Save as version {source.version + 1} of {source.name}
            </label>
            <label>
              <input
                type="radio"
                name="target"
                checked={target === 'new'}
                onChange={() => {
                  setTarget('new');
                  setName(defaultName);
                }}
              />{' '}
              Save as a new palette…
            </label>
          </fieldset>
        )}
        {target === 'version' && unchanged() && <p className="save-note">No changes to save</p>}
        <label htmlFor={nameId} className="save-label">
          Palette name
        </label>
        <input
          id={nameId}
          className="save-input"
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          onFocus={(e) => e.target.select()}
        />
        <div className="save-actions">
          <button type="button" className="saved-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="saved-primary" disabled={busy}>
            Save Palette
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ConflictView(props: {
  conflict: Conflict;
  mine: PaletteSummary;
  busy: boolean;
  onClose: () => void;
  onLoadTheirs: (theirs: PaletteSummary) => void;
  onOverwrite: (theirs: PaletteSummary) => void;
  onSaveAsNew: () => void;
}) {
  const { theirs } = props.conflict;
  return (
    <Dialog title="This palette changed elsewhere" onClose={props.onClose} className="save-modal">
      <div role="alert">
        {theirs ? (
          <p>
            “{props.mine.name}” was saved in another tab or on another device (version {theirs.version},{' '}
            {formatTime(theirs.updatedAt)}) after you loaded it. Saving now would replace that change. What would you
            like to do?
          </p>
        ) : (
          <p>“{props.mine.name}” was deleted in another tab or on another device after you loaded it.</p>
        )}
      </div>
      <div className="conflict-actions">
        {theirs && (
          <>
            <button
              type="button"
              className="saved-secondary"
              disabled={props.busy}
              onClick={() => props.onLoadTheirs(theirs)}
            >
              Load their version
            </button>
            <button
              type="button"
              className="saved-secondary"
              disabled={props.busy}
              onClick={() => props.onOverwrite(theirs)}
            >
              Overwrite with mine
            </button>
          </>
        )}
        <button type="button" className="saved-primary" disabled={props.busy} onClick={props.onSaveAsNew}>
          Save mine as a new palette
        </button>
        <button type="button" className="saved-secondary" onClick={props.onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
