/**
 * The open dialogs, bottom to top, and the browser history entries they own: each open dialog has
 * one entry, so Back closes the top dialog (on a phone too) instead of leaving the site, and closing
 * a dialog by ×, Escape or its own buttons takes its entry back off.
 */

export interface OpenDialog {
  element: HTMLDialogElement;
  /** Asks the dialog's owner to close it (the owner unmounts it). */
  close: () => void;
  /** False where the address is the dialog's entry already (#about): its hash route handles Back. */
  ownsEntry: boolean;
}

const STATE_KEY = 'swatchbookDialogs';
const stack: OpenDialog[] = [];
const listeners = new Set<() => void>();

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

const ownedCount = () => stack.filter((dialog) => dialog.ownsEntry).length;

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

function notify(): void {
  for (const listener of listeners) listener();
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
    const closing: OpenDialog[] = [];
    while (ownedCount() > depth) closing.push(stack.pop() as OpenDialog);
    if (closing.length > 0) notify();
    for (const dialog of closing) dialog.close();
  }
  // Forward onto the entry of a dialog closed since: nothing to reopen, the entry is the page's.
  if (depth > ownedCount()) history.replaceState(withDepth(ownedCount()), '', location.href);
  scheduleSync();
}

/** One step back, taken for the page (a hash route closing): dialogs opened meanwhile stay open. */
export function stepBack(): void {
  listen();
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

let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  // A reload keeps history.state: no dialog is open after one, so no entry is a dialog's.
  if (depthOf(history.state) > 0) history.replaceState(withDepth(0), '', location.href);
  knownLength = history.length;
  window.addEventListener('popstate', onPopState);
  const navigation = (window as unknown as { navigation?: NavigationLike }).navigation;
  navigation?.addEventListener('navigate', (event) => {
    lastNavigationType = event.navigationType;
  });
}

/** Registers an open dialog on top; the returned function removes it when it closes. */
export function pushDialog(dialog: OpenDialog): () => void {
  listen();
  stack.push(dialog);
  notify();
  scheduleSync();
  return () => {
    const index = stack.indexOf(dialog);
    if (index < 0) return;
    stack.splice(index, 1);
    notify();
    scheduleSync();
  };
}

/** The dialog in front, where anything that must show above it (toasts) goes. */
export function topDialog(): HTMLDialogElement | null {
  return stack.at(-1)?.element ?? null;
}

/** True while any modal dialog is open (ours, or a native one still closing). */
export function isDialogOpen(): boolean {
  return stack.length > 0 || document.querySelector('dialog[open]') !== null;
}

export function subscribeDialogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
