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

/** Called by the start-up check (auth-check-actions.ts) once it has its answer. */
export let markAuthChecked: () => void = () => {};
/** Resolves once it is known whether there is a server and who is signed in (a save waits for it). */
export const authChecked = new Promise<void>((resolve) => {
  markAuthChecked = resolve;
});
