import { subscribe } from 'valtio';
import { themeState } from '../stores/theme-store';
import { showToast } from '../stores/toast-store';
import { runLaunchAction } from './launch-action';
import { OFFLINE_NOTE, sayNotices } from './notices';
import { registerServiceWorker } from './service-worker';

const whenIdle = (run: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000);

/** The browser's toolbar takes the page's colour for the theme chosen in the app, not the system's. */
function followTheme(): void {
  const apply = () => {
    const bg = getComputedStyle(document.documentElement).getPropertyValue('--bg').trim();
    for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) meta.content = bg;
  };
  apply();
  subscribe(themeState, apply);
}

/**
 * What waits until the first palette is on screen (web/main.tsx imports this lazily, so none of it
 * weighs on the first paint): the stores' notices, a launch shortcut's request, the toolbar's colour, then, once the page has loaded and the
 * main thread is idle, the service worker (its install downloads the whole app for next time).
 */
export function afterStart(generate: () => void): void {
  // What the stores report unasked (the session ended, the outbox holds a change) becomes a toast.
  sayNotices();
  runLaunchAction(generate);
  // Opened (or cut off) without a connection: say so once, and that the work is safe on the device.
  const sayOffline = () => showToast(OFFLINE_NOTE);
  if (!navigator.onLine) sayOffline();
  addEventListener('offline', sayOffline);
  followTheme();
  if (document.readyState === 'complete') whenIdle(registerServiceWorker);
  else addEventListener('load', () => whenIdle(registerServiceWorker), { once: true });
}
