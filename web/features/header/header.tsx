import { type ReactNode, useSyncExternalStore } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import { firstPaint } from '../../lib/first-paint';
import { useShortcut } from '../../lib/shortcuts';
import { syncState } from '../../stores/sync-store';
import { themeState, toggleDarkMode } from '../../stores/theme-store';
import './header.css';

const subscribeTheme = (onChange: () => void) => subscribe(themeState, onChange);
const clientDark = () => themeState.dark;
// What the server knew: the theme cookie, else light (the page's colours already follow the system).
const serverDark = () => firstPaint()?.dark === true;

/** The header owns the title and dark mode; the account and menu buttons come from their features. */
export function Header({ accountSlot, menuSlot }: { accountSlot: ReactNode; menuSlot: ReactNode }) {
  // Hydration renders the server's answer, then the browser's own if it differs: no mismatch.
  const dark = useSyncExternalStore(subscribeTheme, clientDark, serverDark);
  const { status } = useSnapshot(syncState);
  useShortcut('d', toggleDarkMode);
  return (
    <header className="app-header">
      <div className="app-title">
        <h1>Swatchbook</h1>
        <p className="app-byline">Real paint colours by Farrow &amp; Ball, Lick and Little Greene</p>
      </div>
      <div className="app-header-actions">
        {/* Always present, so screen readers hear the text when it appears. */}
        <span className="sync-status" role="status" data-status={status}>
          {status === 'syncing' ? 'Syncing...' : status === 'waiting' ? 'Changes waiting for connection' : ''}
        </span>
        {accountSlot}
        <button
          type="button"
          className="icon-button"
          aria-pressed={dark}
          aria-label={dark ? 'Switch to light mode' : 'Switch to dark mode'}
          title="Dark mode (D)"
          onClick={toggleDarkMode}
        >
          <span aria-hidden="true">{dark ? '☀' : '☾'}</span>
        </button>
        {menuSlot}
      </div>
    </header>
  );
}
