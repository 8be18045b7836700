import { useShortcut } from '../../lib/shortcuts';
import { closeOverlay, openOverlay, uiState } from '../../stores/ui-store';
import { openInfoByKey } from './hash-routes';

/** Opens the navigation drawer; also owns the ? (help) and Escape keys of spec §9. */
export function MenuButton() {
  useShortcut('?', () => openInfoByKey('keyboard-shortcuts'));
  // An open <dialog> closes itself on Escape; this covers an overlay whose code is still loading.
  useShortcut('Escape', () => closeOverlay(), {
    when: () => uiState.overlays.length > 0 && !document.querySelector('dialog[open]'),
  });
  return (
    <button
      type="button"
      className="icon-button"
      aria-label="Menu"
      aria-haspopup="dialog"
      title="Menu"
      onClick={() => openOverlay('nav')}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
