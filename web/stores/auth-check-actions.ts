import { getConfig, getSession, isOffline } from '../lib/api-client';
import { authState, markAuthChecked } from './auth-store';
import { notify } from './notice-store';

/** The account mails' links' pages (account-actions.ts `handleArrival` opens them). */
const ACCOUNT_LINK_PATHS = ['/confirm', '/reset-password'];

/** Offline, or the check's code could not load: behave as without a server, so saving still works. */
function authUnavailable(): void {
  authState.backend = 'unavailable';
  markAuthChecked();
}

/**
 * The start-up check of /api/config and the session (auth-actions.ts loads it with the API client,
 * once the page is up); what a signed-in start does (account-actions.ts) is its own chunk.
 */
export async function checkAuth(): Promise<void> {
  try {
    const config = await getConfig();
    authState.google = config.auth?.google === true;
    authState.mail = config.auth?.mail === true;
    authState.backend = 'available';
  } catch (error) {
    // No signal at all: whoever was signed in here last carries on with the list their outbox keeps.
    if (isOffline(error)) {
      notify({ type: 'no-connection' });
      import('./account-actions')
        .then((m) => m.resumeOffline())
        .then((resumed) => (resumed ? markAuthChecked() : authUnavailable()), authUnavailable);
      return;
    }
    authUnavailable();
    return;
  }
  // Arrived from an account mail's link, or back from Google with a step or an error to show. Any
  // other page (a share link's) has nothing to handle: it does not load that chunk on its way to live.
  if (location.search || ACCOUNT_LINK_PATHS.includes(location.pathname)) {
    void import('./account-actions').then((m) => m.handleArrival());
  }
  try {
    const { user } = await getSession();
    if (user) {
      authState.user = user;
      void import('./account-actions').then((m) => m.onSignedIn(user));
    }
  } catch {
    // No answer about the session: the visitor stays anonymous and can sign in by hand.
  }
  markAuthChecked();
}
