import { useSyncExternalStore } from 'react';
import { subscribe } from 'valtio';
import { useShortcut } from '../../lib/shortcuts';
import { catalogueFailed, paintsKnown, subscribeCatalogue } from '../../stores/catalogue-store';
import { canExport } from '../../stores/export-store';
import { exportPalette, shareLink } from './start-export';
import { filterState } from '../../stores/filter-store';
import { paletteSize, subscribePalette } from '../../stores/palette-store';
import { openOverlay, uiState } from '../../stores/ui-store';
import { ExportMenu } from './export-menu';
import './share-export-bar.css';

const subscribeFilters = (onChange: () => void) => subscribe(filterState, onChange, true);
const filtered = () =>
  (filterState.searchTerm.trim() !== '' || filterState.brand !== null || filterState.category !== null) &&
  !filterState.paletteShown;

const usable = () => paintsKnown() && !catalogueFailed();

/** The bottom Share and Export buttons, shown only while a palette is on screen (not search results). */
export function ShareExportBar() {
  const count = useSyncExternalStore(subscribePalette, paletteSize, paletteSize);
  // The palette's own paints are enough to share or export it: the page carries them.
  const ready = useSyncExternalStore(subscribeCatalogue, usable, usable);
  // Only whether results hide the bar: a keystroke that keeps them showing does not render it.
  const hidden = useSyncExternalStore(subscribeFilters, filtered, filtered);
  // E works under the same condition, and not behind a modal.
  useShortcut('e', () => void exportPalette('png'), { when: () => canExport() && uiState.overlays.length === 0 });
  if (!ready || count === 0 || hidden) return null;
  return (
    <div className="share-export-bar">
      <button type="button" className="share-export-button share-export-share" onClick={() => void shareLink()}>
        Share
      </button>
      <ExportMenu />
      <button type="button" className="share-export-button" onClick={() => openOverlay('check')}>
        Check this palette
      </button>
      <a className="share-export-button share-export-room" href="#room">
        Try in a room
      </a>
    </div>
  );
}
