import { type ComponentType, lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { subscribeDialogs, topDialog } from '../../lib/dialog-stack';
import { toastState } from '../../stores/toast-store';
import './toast-region.css';

/**
 * Offline before this chunk arrived (no service worker yet): a failed import must not blank the app.
 * It waits for the connection and loads then; meanwhile the toast's words are still announced.
 */
function loadActionToasts(): Promise<{ default: ComponentType }> {
  return import('./action-toasts').catch(
    () => new Promise((resolve) => addEventListener('online', () => resolve(loadActionToasts()), { once: true })),
  );
}
const ActionToasts = lazy(loadActionToasts);

function Region({ children, covered = false }: { children?: ReactNode; covered?: boolean }) {
  return (
    <div
      className={covered ? 'toast-region-covered' : 'toast-region'}
      role="status"
      aria-live="polite"
      aria-atomic="false"
    >
      {children}
    </div>
  );
}

/**
 * Always in the DOM so screen readers announce each toast as it is added. A modal dialog sits in
 * the top layer and makes the page under it inert, so while one is open the toasts show in a
 * region inside it: above its content, and heard.
 */
export function ToastRegion() {
  const { toasts } = useSnapshot(toastState);
  const host = // Also the server's answer: no dialog is open on the server nor before hydration ends.
    useSyncExternalStore(subscribeDialogs, topDialog, topDialog);
  const items = toasts.map((t) =>
    // A toast with a button is drawn by ActionToasts; its words are announced from here.
    t.actionLabel ? (
      <div key={t.id} className="toast-said">
        {t.message}
      </div>
    ) : (
      <div key={t.id} className={`toast toast-${t.tone}`}>
        {t.message}
      </div>
    ),
  );
  return (
    <>
      {/* Stays mounted under a dialog, so a toast shown as the dialog closes is still announced. */}
      <Region covered={host !== null}>{host ? null : items}</Region>
      {host && createPortal(<Region>{items}</Region>, host)}
      {toasts.some((t) => t.actionLabel) && (
        <Suspense fallback={null}>
          <ActionToasts />
        </Suspense>
      )}
    </>
  );
}
