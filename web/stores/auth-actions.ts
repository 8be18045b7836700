import { authState, markAuthChecked } from './auth-store';

let started = false;

/**
 * The start-up check of /api/config and the session (first paint: the account button and the S key
 * call it); the API client and what a signed-in start does (account-actions.ts) arrive as their own chunks.
 */
export function initAuth(): void {
  if (started) return;
  started = true;
  // Offline before the client chunk arrived: behave as without a server, so saving still works.
  const unavailable = () => {
    authState.backend = 'unavailable';
    markAuthChecked();
  };
  import('../lib/api-client').then(async (api) => {
    try {
      const config = await api.getConfig();
      authState.google = config.auth?.google === true;
      authState.mail = config.auth?.mail === true;
      authState.backend = 'available';
    } catch (error) {
      // No signal at all: whoever was signed in here last carries on with the list their outbox keeps.
      if (api.isOffline(error)) {
        import('./account-actions')
          .then((m) => m.resumeOffline())
          .then((resumed) => (resumed ? markAuthChecked() : unavailable()), unavailable);
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
    markAuthChecked();
  }, unavailable);
}
