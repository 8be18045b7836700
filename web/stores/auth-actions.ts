import { authState, markAuthChecked } from './auth-store';

let started = false;

/**
 * Starts the start-up check (first paint: the account button and the S key call it). The check
 * itself (auth-check-actions.ts) arrives as its own chunk, fetched beside the API client's (vite.config.ts
 * preloads it), so the check starts as soon as when this module fetched only the client.
 */
export function initAuth(): void {
  if (started) return;
  started = true;
  import('./auth-check-actions').then(
    (m) => m.checkAuth(),
    // Offline before the chunk arrived: behave as without a server, so saving still works.
    () => {
      authState.backend = 'unavailable';
      markAuthChecked();
    },
  );
}
