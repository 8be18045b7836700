import { type KeyboardEvent, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { forgetIdentity, identityState } from '../../stores/identity-store';
import { savedState } from '../../stores/saved-store';
import { generate } from './palette-commands';
import './palette-name.css';

/** The name typed in place: a saved palette is renamed (spec's rules), an unsaved one keeps it as a draft. */
function commitName(raw: string): void {
  const name = raw.trim();
  if (name === '' || name === identityState.name) return;
  const id = savedState.loadedFrom?.id;
  if (id && savedState.palettes.some((p) => p.id === id)) {
    void import('./rename-saved').then((m) => m.renameSaved(id, name));
  } else {
    identityState.name = name;
  }
}

/** "New palette": the link to the saved palette ends, and a fresh palette replaces this one. */
function newPalette(): void {
  forgetIdentity();
  generate();
}

/** The palette on screen's name above the strips, editable in place, with "· changed" after an edit. */
export function PaletteName() {
  const { name, changed } = useSnapshot(identityState);
  const { loadedFrom } = useSnapshot(savedState);
  const [editing, setEditing] = useState(false);
  const cancelled = useRef(false);
  const shown = name ?? 'Unsaved palette';

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // The palette's own keys (Space, S, arrows) must not act while a name is typed.
    event.stopPropagation();
    if (event.key === 'Enter') event.currentTarget.blur();
    if (event.key === 'Escape') {
      cancelled.current = true;
      event.currentTarget.blur();
    }
  }

  return (
    <div className="palette-name">
      {editing ? (
        <input
          className="palette-name-input"
          aria-label="Palette name"
          defaultValue={name ?? ''}
          placeholder="Unsaved palette"
          maxLength={100}
          // biome-ignore lint/a11y/noAutofocus: the person just asked to edit the name, focus belongs here.
          autoFocus
          onFocus={(e) => e.target.select()}
          onKeyDown={onKeyDown}
          onBlur={(e) => {
            if (!cancelled.current) commitName(e.target.value);
            cancelled.current = false;
            setEditing(false);
          }}
        />
      ) : (
        <button
          type="button"
          className="palette-name-text"
          title="Rename this palette"
          aria-label={`${shown}${changed ? ', changed' : ''}. Rename`}
          onClick={() => setEditing(true)}
        >
          <span className={name === null ? 'palette-name-unsaved' : undefined}>{shown}</span>
          {changed && (loadedFrom || name !== null) && <span className="palette-name-changed"> · changed</span>}
        </button>
      )}
      {(loadedFrom || name !== null) && (
        <button type="button" className="palette-name-new" onClick={newPalette}>
          New palette
        </button>
      )}
    </div>
  );
}
