/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { showToast } from '../stores/toast-store';

/** An installed app may stay open for days: look for a new version this often while it is in view. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (vite.config.ts builds it) so the next visit opens without a network.
 * A new version waits until the person presses Reload in the toast: it never reloads by itself,
 * and the session store has the palette, locks and search written before the page goes.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  let offered = false;
  let pressed = false;
  // Another tab's Reload activates the same new worker under this page: then only a reload is left.
  let replaced = false;
  const activate = registerSW({
    onNeedRefresh() {
      if (offered) return;
      offered = true;
      showToast('A new version is ready — Reload', 'info', {
        label: 'Reload',
        sticky: true,
        run: () => {
          pressed = true;
          if (replaced) location.reload();
          else void activate();
        },
      });
    },
    // The new worker took over. Reload only if this page asked for it (its toast's button).
    onNeedReload() {
      replaced = true;
      if (pressed) location.reload();
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      let checked = Date.now();
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState !== 'visible' || !navigator.onLine) return;
        if (Date.now() - checked < UPDATE_CHECK_MS) return;
        checked = Date.now();
        registration.update().catch(() => {});
      });
    },
  });
}
