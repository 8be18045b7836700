import { useId, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { PALETTE_MAX } from '../../../shared/palette/limits';
import { anyLocked as anyLockedNow, paletteSize, subscribePalette } from '../../stores/palette-store';
import { savedCount, savedState } from '../../stores/saved-store';
import { openOverlay } from '../../stores/ui-store';
import { IconButton } from './icons';
import { ADD_REASON, addColor, save, unlockEverything } from './palette-commands';
import { usePaletteShortcuts } from './palette-shortcuts';

export function SavedCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="count-badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/**
 * The palette buttons (unlock all, save, saved, extract, add): labelled, in the tool row above 768 px;
 * at 768 px or less icons in the slim row, and the mobile footer takes save, saved and add.
 */
export function FloatingActions() {
  usePaletteShortcuts();
  const saved = savedCount(useSnapshot(savedState));
  const anyLocked = useSyncExternalStore(subscribePalette, anyLockedNow, anyLockedNow);
  const full = useSyncExternalStore(subscribePalette, paletteSize, paletteSize) >= PALETTE_MAX;
  const reasonId = useId();
  return (
    <div className="floating-actions">
      {anyLocked && (
        <IconButton
          icon="unlockAll"
          className="fab"
          aria-label="Unlock all colours"
          title="Unlock all (U)"
          onClick={unlockEverything}
          data-label="Unlock all"
        />
      )}
      <IconButton
        icon="save"
        className="fab fab-wide-only"
        aria-label="Save palette"
        title="Save (S)"
        onClick={save}
        data-label="Save"
      />
      <IconButton
        icon="saved"
        className="fab fab-wide-only"
        aria-label={`Saved palettes (${saved})`}
        title="Saved palettes"
        onClick={() => openOverlay('saved')}
        data-label="Saved"
      >
        <SavedCount count={saved} />
      </IconButton>
      <IconButton
        icon="image"
        className="fab"
        aria-label="Extract palette from image"
        title="Extract from image"
        onClick={() => openOverlay('extract')}
        data-label="Extract"
      />
      <IconButton
        icon="add"
        className="fab fab-primary fab-wide-only"
        aria-label="Add colour"
        title={full ? ADD_REASON : 'Add colour (A)'}
        // Not `disabled`: a tap or click on it must still answer, with the reason (touch shows no tooltip).
        aria-disabled={full}
        aria-describedby={full ? reasonId : undefined}
        onClick={addColor}
        data-label="Add colour"
      />
      <span id={reasonId} hidden>
        {ADD_REASON}
      </span>
    </div>
  );
}
