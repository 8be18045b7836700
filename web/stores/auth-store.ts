import { proxy } from 'valtio';
import type { ApiUser } from '../lib/api-client';

/**
 * Who is signed in, and whether there is a server at all. 'unavailable' is the "backend not
 * configured" mode (the SPA on a static host): everything stays on this device.
 */
export type Backend = 'checking' | 'available' | 'unavailable';

export const authState = proxy({
  backend: 'checking' as Backend,
  google: false,
  /** The server sends mail (confirmation and reset links); without it an administrator resets passwords. */
  mail: false,
  user: null as ApiUser | null,
});

let started = false;
let settle: () => void = () => {};
/** Resolves once it is known whether there is a server and who is signed in (a save waits for it). */
export const authChecked = new Promise<void>((resolve) => {
  settle = resolve;
});

/** The start-up check of /api/config and the session; the API client arrives as its own small chunk. */
export function initAuth(): void {
  if (started) return;
  started = true;
  // Offline before the client chunk arrived: behave as without a server, so saving still works.
  const unavailable = () => {
    authState.backend = 'unavailable';
    settle();
  };
  import('../lib/api-client').then(async (api) => {
    try {
      const config = await api.getConfig();
      authState.google = config.auth?.google === true;
      authState.mail = config.auth?.mail === true;
      authState.backend = 'available';
    } catch (error) {
      // No signal at all: whoever was signed in here last carries on with the list their outbox keeps.
      if ((error as { status?: number }).status === 0) {
        import('./account-actions')
          .then((m) => m.resumeOffline())
          .then((resumed) => (resumed ? settle() : unavailable()), unavailable);
        return;
      }
      unavailable();
      return;
    }
    // Arrived from an account mail's link, or back from Google with a step or an error to show.
    if (location.search || location.pathname !== '/') void import('./account-actions').then((m) => m.handleArrival());
    try {
      const { user } = await api.getSession();
      if (user) {
        authState.user = user;
        void import('./account-actions').then((m) => m.onSignedIn(user));
      }
    } catch {
      // No answer about the session: the visitor stays anonymous and can sign in by hand.
    }
    settle();
  }, unavailable);
}
