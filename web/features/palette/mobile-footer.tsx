import { useId, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { PALETTE_MAX } from '../../../shared/palette/limits';
import { catalogueFailed, subscribeCatalogue } from '../../stores/catalogue-store';
import { paletteSize, subscribePalette } from '../../stores/palette-store';
import { savedCount, savedState } from '../../stores/saved-store';
import { openOverlay } from '../../stores/ui-store';
import { SavedCount } from './floating-actions';
import { IconButton } from './icons';
import { ADD_REASON, addColor, generate, save } from './palette-commands';

/** At 768 px or less a footer bar holds save, saved palettes, generate, share and add. */
export function MobileFooter({ onShare }: { onShare: () => void }) {
  const saved = savedCount(useSnapshot(savedState));
  // Enabled while the catalogue loads: a tap then takes effect once it has (palette-actions.ts).
  const ready = !useSyncExternalStore(subscribeCatalogue, catalogueFailed, catalogueFailed);
  const full = useSyncExternalStore(subscribePalette, paletteSize, paletteSize) >= PALETTE_MAX;
  const reasonId = useId();
  return (
    <nav className="mobile-footer" aria-label="Palette actions">
      <IconButton icon="save" className="footer-button" onClick={save}>
        <span>Save</span>
      </IconButton>
      <IconButton
        icon="saved"
        className="footer-button"
        aria-label={`Saved palettes (${saved})`}
        onClick={() => openOverlay('saved')}
      >
        <span aria-hidden="true">
          Saved
          <SavedCount count={saved} />
        </span>
      </IconButton>
      <IconButton icon="generate" className="footer-button footer-generate" disabled={!ready} onClick={generate}>
        <span>Generate</span>
      </IconButton>
      <IconButton icon="share" className="footer-button" onClick={onShare}>
        <span>Share</span>
      </IconButton>
      <IconButton
        icon="add"
        className="footer-button"
        aria-label="Add colour"
        title={full ? ADD_REASON : undefined}
        // Not `disabled`: a tap or click on it must still answer, with the reason (touch shows no tooltip).
        aria-disabled={full}
        aria-describedby={full ? reasonId : undefined}
        onClick={addColor}
      >
        <span aria-hidden="true">Add</span>
      </IconButton>
      <span id={reasonId} hidden>
        {ADD_REASON}
      </span>
    </nav>
  );
}
