import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
} from 'react';
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

function Region({ children, covered = false, bottom }: { children?: ReactNode; covered?: boolean; bottom?: number }) {
  return (
    <div
      className={covered ? 'toast-region-covered' : 'toast-region'}
      style={bottom === undefined ? undefined : { bottom }}
      role="status"
      aria-live="polite"
      aria-atomic="false"
    >
      {children}
    </div>
  );
}

/**
 * Where toasts go over a sheet risen from the bottom edge (a phone's share sheet): just above it, so
 * they never cover its words. Undefined for any other dialog (and none). Follows the sheet's size.
 */
function useAboveSheet(host: HTMLElement | null, showing: boolean): number | undefined {
  const [bottom, setBottom] = useState<number>();
  useLayoutEffect(() => {
    if (!host || !showing) return setBottom(undefined);
    const measure = () => {
      const { top, bottom: end } = host.getBoundingClientRect();
      setBottom(end >= innerHeight - 1 && top >= 48 ? innerHeight - top + 8 : undefined);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(host);
    return () => observer.disconnect();
  }, [host, showing]);
  return bottom;
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
  const bottom = useAboveSheet(host, toasts.length > 0);
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
      {host && createPortal(<Region bottom={bottom}>{items}</Region>, host)}
      {toasts.some((t) => t.actionLabel) && (
        <Suspense fallback={null}>
          <ActionToasts />
        </Suspense>
      )}
    </>
  );
}
