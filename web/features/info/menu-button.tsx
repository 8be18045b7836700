import { useShortcut } from '../../lib/shortcuts';
import { closeOverlay, openOverlay, uiState } from '../../stores/ui-store';

/** Opens the navigation drawer; also owns the ? (help) and Escape (close overlays) keys. */
export function MenuButton() {
  // An address of its own, like the menu's links: Back closes it (hash-routes.tsx opens it).
  useShortcut('?', () => {
    location.hash = 'keyboard-shortcuts';
  });
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
