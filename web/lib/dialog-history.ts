import { openDialogs, popDialog, subscribeDialogs } from './dialog-stack';

/**
 * The browser history entries of the open dialogs: each dialog that owns one has an entry, so
 * Back closes the top dialog (on a phone too) instead of leaving the site, and closing a dialog by
 * ×, Escape or its own buttons takes its entry back off. Loaded with lib/dialog.tsx.
 */

const STATE_KEY = 'swatchbookDialogs';

/** How many dialog entries are at or below this history entry (0 for the page's own entries). */
function depthOf(state: unknown): number {
  if (!state || typeof state !== 'object') return 0;
  const depth = (state as Record<string, unknown>)[STATE_KEY];
  return typeof depth === 'number' && Number.isInteger(depth) && depth > 0 ? depth : 0;
}

function withDepth(depth: number): Record<string, unknown> {
  const base = history.state && typeof history.state === 'object' ? history.state : {};
  return { ...base, [STATE_KEY]: depth };
}

const ownedCount = () => openDialogs().filter((dialog) => dialog.ownsEntry).length;

let traversing = false;
let scheduled = false;
// history.length grows on a new entry and not on a traversal: popstate also fires when a link or
// the address bar moves to a #fragment, and that is not Back.
let knownLength = 0;
let lastNavigationType: string | null = null;

interface NavigationLike {
  addEventListener(type: 'navigate', listener: (event: { navigationType: string }) => void): void;
}

// A dialog that closes and another that opens in the same task (menu → About, sign-in → save)
// share one entry: settle the history once the task's changes are in.
function scheduleSync(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(sync);
}

function sync(): void {
  scheduled = false;
  // A traversal we asked for is under way; its popstate syncs again.
  if (traversing) return;
  const have = depthOf(history.state);
  const want = ownedCount();
  for (let depth = have + 1; depth <= want; depth++) history.pushState(withDepth(depth), '', location.href);
  knownLength = history.length;
  if (want < have) {
    traversing = true;
    history.go(want - have);
  }
}

function onPopState(event: PopStateEvent): void {
  const ours = traversing;
  traversing = false;
  // The Navigation API says which it was; without it, a grown history.length tells.
  const newEntry = lastNavigationType ? lastNavigationType !== 'traverse' : history.length > knownLength;
  knownLength = history.length;
  const depth = depthOf(event.state);
  // Back (not our own step back, nor a #fragment link or address): close the dialogs above this
  // entry, top first. They leave the stack now, so the sync below does not push entries for them
  // again while their owners unmount them.
  if (!ours && !newEntry) {
    const closing = [];
    while (ownedCount() > depth) {
      const top = popDialog();
      if (!top) break;
      closing.push(top);
    }
    for (const dialog of closing) dialog.close();
  }
  // Forward onto the entry of a dialog closed since: nothing to reopen, the entry is the page's.
  if (depth > ownedCount()) history.replaceState(withDepth(ownedCount()), '', location.href);
  scheduleSync();
}

/** One step back, taken for the page (a hash route closing): dialogs opened meanwhile stay open. */
export function stepBack(): void {
  traversing = true;
  history.back();
}

/**
 * The top dialog's entry becomes the page's, at this address (the menu swapping itself for the
 * page a link names): no step back and no new entry, so Back then leaves that page.
 */
export function handOverEntry(url: string, state: Record<string, unknown>): void {
  const depth = Math.max(0, depthOf(history.state) - 1);
  history.replaceState({ ...withDepth(depth), ...state }, '', url);
}

// A reload keeps history.state: no dialog is open after one, so no entry is a dialog's.
if (depthOf(history.state) > 0) history.replaceState(withDepth(0), '', location.href);
knownLength = history.length;
window.addEventListener('popstate', onPopState);
(window as unknown as { navigation?: NavigationLike }).navigation?.addEventListener('navigate', (event) => {
  lastNavigationType = event.navigationType;
});
subscribeDialogs(scheduleSync);
