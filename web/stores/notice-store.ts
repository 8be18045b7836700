import type { OutboxConflict } from '../data/outbox/outbox-types';

/**
 * What the stores report that nobody asked for at that moment (no feature's call is waiting for
 * it): the session ended, a list could not be read, the outbox holds a change for the person. Each
 * is a typed notice; app/notices.ts turns them into toasts. Notices made before it listens (the
 * first seconds of a visit) wait for it, in order. A store answering a feature's call answers with
 * a result instead, and that feature shows the toast.
 */
export type Notice =
  /** The server said this session has ended: this tab signed out. */
  | { type: 'session-ended' }
  /** This device's saved palettes could not be opened (IndexedDB refused). */
  | { type: 'local-unavailable' }
  /** Saved palettes on this device that cannot be read (left as they are); said once a visit. */
  | { type: 'local-unreadable'; count: number }
  /** At sign-in: palettes the server refused, kept on this device. */
  | { type: 'upload-refused'; count: number }
  /** At sign-in: the signed-in list could not be loaded; this device's list stays in use. */
  | { type: 'sync-failed' }
  /** A change made offline met a newer version, or the server refused it: the person chooses. */
  | { type: 'outbox-held'; conflict: OutboxConflict }
  /** Queued changes that could not be read and were set aside. */
  | { type: 'outbox-corrupt'; count: number }
  /** Google sign-in or an email confirmation came back with an error (`code`: the query's, unchecked). */
  | { type: 'sign-in-redirect-failed'; code: string | null }
  /**
   * The app opened and its first call got no answer at all: offline, whatever `navigator.onLine`
   * says (a page the service worker served without a network can still read true there).
   */
  | { type: 'no-connection' };

const waiting: Notice[] = [];
let listener: ((notice: Notice) => void) | null = null;

export function notify(notice: Notice): void {
  if (listener) listener(notice);
  else waiting.push(notice);
}

/** The one listener (app/notices.ts): hears the notices that waited, then each as it comes. */
export function onNotice(show: (notice: Notice) => void): () => void {
  listener = show;
  for (const notice of waiting.splice(0)) show(notice);
  return () => {
    if (listener === show) listener = null;
  };
}
