import type { AuthRedirectError } from '../../shared/api/auth-redirects';
import type { OutboxConflict } from '../data/outbox/outbox-types';
import { type Notice, onNotice } from '../stores/notice-store';
import { showToast } from '../stores/toast-store';
import { openOverlay } from '../stores/ui-store';

/**
 * The toasts for what the stores report unasked (stores/notice-store.ts): no feature's call waits
 * for these, so they are said here, where the features meet. Started by after-start.ts; notices
 * made before that wait for it.
 */

/** Fixed texts per code: whatever else the query says could have been written by anyone who sent the link. */
const REDIRECT_ERRORS: Record<AuthRedirectError, string> = {
  google_failed: 'Failed to sign in with Google',
  google_email_unverified: 'Failed to sign in with Google: your Google email address is not verified.',
  confirmation_invalid: 'This confirmation link is invalid or has expired. Sign in to get a new one.',
};

const nameOf = (c: OutboxConflict) => c.mine?.name ?? c.theirs?.name ?? 'a palette';

/** A change held for the person: the toast's Choose opens the choice. */
function offerChoice(conflict: OutboxConflict): void {
  const text =
    conflict.reason === 'refused'
      ? `Your offline change to “${nameOf(conflict)}” could not be saved`
      : `Your offline change to “${nameOf(conflict)}” clashes with a newer version`;
  showToast(text, 'error', {
    label: 'Choose',
    run: () => openOverlay('offline-conflict', { seq: String(conflict.seq) }),
  });
}

/** The error toast's text for every notice but a held change (which offers its choice). */
function textOf(notice: Exclude<Notice, { type: 'outbox-held' | 'no-connection' }>): string {
  switch (notice.type) {
    case 'session-ended':
      return 'Your session has ended. Please sign in again.';
    case 'local-unavailable':
      return 'Could not open the palettes saved on this device';
    case 'local-unreadable':
      return `${notice.count} saved palette(s) on this device could not be read`;
    case 'upload-refused':
      return `${notice.count} palette(s) could not be uploaded and stay on this device`;
    case 'sync-failed':
      return 'Could not load your saved palettes';
    case 'outbox-corrupt':
      return `${notice.count} offline change(s) could not be read and were set aside`;
    case 'sign-in-redirect-failed': {
      const known = notice.code !== null && Object.hasOwn(REDIRECT_ERRORS, notice.code);
      return REDIRECT_ERRORS[known ? (notice.code as AuthRedirectError) : 'google_failed'];
    }
  }
}

/** Said when the app finds itself without a connection; the same words again while it shows are one toast. */
export const OFFLINE_NOTE =
  'You are offline. Swatchbook still works; changes stay on this device until the connection returns.';

function say(notice: Notice): void {
  if (notice.type === 'outbox-held') offerChoice(notice.conflict);
  else if (notice.type === 'no-connection') showToast(OFFLINE_NOTE);
  else showToast(textOf(notice), 'error');
}

export function sayNotices(): void {
  onNotice(say);
}
