import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { PALETTE_MAX } from '../../../shared/palette/limits';
import { paletteState } from '../../stores/palette-store';
import { requestSave } from '../../stores/saved-start-actions';
import { savedCount, savedState } from '../../stores/saved-store';
import { openOverlay } from '../../stores/ui-store';
import { Icon } from './icons';
import { ADD_REASON, addColor, unlockEverything } from './palette-actions';
import { usePaletteShortcuts } from './palette-shortcuts';

export function SavedCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="count-badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The floating buttons (unlock all, save, saved, extract, add); at 768 px or less the mobile footer takes save, saved and add. */
export function FloatingActions() {
  usePaletteShortcuts();
  const { slots } = useSnapshot(paletteState);
  const saved = savedCount(useSnapshot(savedState));
  const anyLocked = slots.some((s) => s.locked);
  const full = slots.length >= PALETTE_MAX;
  const reasonId = useId();
  return (
    <div className="floating-actions">
      {anyLocked && (
        <button
          type="button"
          className="fab"
          aria-label="Unlock all colours"
          title="Unlock all (U)"
          onClick={unlockEverything}
        >
          <Icon name="unlockAll" />
        </button>
      )}
      <button
        type="button"
        className="fab fab-wide-only"
        aria-label="Save palette"
        title="Save (S)"
        onClick={requestSave}
      >
        <Icon name="save" />
      </button>
      <button
        type="button"
        className="fab fab-wide-only"
        aria-label={`Saved palettes (${saved})`}
        title="Saved palettes"
        onClick={() => openOverlay('saved')}
      >
        <Icon name="saved" />
        <SavedCount count={saved} />
      </button>
      <button
        type="button"
        className="fab"
        aria-label="Extract palette from image"
        title="Extract from image"
        onClick={() => openOverlay('extract')}
      >
        <Icon name="image" />
      </button>
      <button
        type="button"
        className="fab fab-primary fab-wide-only"
        aria-label="Add colour"
        title={full ? ADD_REASON : 'Add colour (A)'}
        disabled={full}
        aria-describedby={full ? reasonId : undefined}
        onClick={addColor}
      >
        <Icon name="add" />
      </button>
      <span id={reasonId} hidden>
        {ADD_REASON}
      </span>
    </div>
  );
}
