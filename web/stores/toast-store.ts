import { proxy } from 'valtio';
import { afterPaint } from '../lib/after-paint';

export const TOAST_MS = 2000;
/** A toast with a button (Undo) stays long enough to be reached, by keyboard too. */
const ACTION_TOAST_MS = 6000;

interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error';
  /** The label of the toast's button, when it has one (its callback is kept outside the store). */
  actionLabel?: string;
}

export interface ToastAction {
  label: string;
  run: () => void;
  /** Stays until its button is pressed (a waiting update): no timer, and newer toasts never push it off. */
  sticky?: boolean;
}

export const toastState = proxy<{ toasts: Toast[] }>({ toasts: [] });

let nextId = 1;
const actions = new Map<number, () => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
/** Toasts the pointer is over or focus is in: they wait until left. */
const held = new Set<number>();
const sticky = new Set<number>();

function schedule(id: number, ms: number): void {
  clearTimeout(timers.get(id));
  if (sticky.has(id)) return;
  timers.set(
    id,
    setTimeout(() => dismissToast(id), ms),
  );
}

/**
 * Shows a message for 2 s from when it is painted; the region announces it to screen readers. With an action
 * it shows a button and stays 6 s, and does not leave while hovered or focused.
 */
export function showToast(message: string, tone: Toast['tone'] = 'info', action?: ToastAction): void {
  // The same plain message again while it shows (a limit pressed twice) restarts its time, never
  // stacks; a toast with a button is its own offer (each Undo undoes its own delete).
  const same = action
    ? undefined
    : toastState.toasts.find((t) => t.message === message && t.tone === tone && !t.actionLabel);
  if (same) {
    if (!held.has(same.id)) schedule(same.id, TOAST_MS);
    return;
  }
  const id = nextId++;
  // Keep at most three on screen (besides a sticky one): a burst of shortcuts must not bury the page.
  const gone = new Set(
    toastState.toasts
      .filter((t) => !sticky.has(t.id))
      .slice(0, -2)
      .map((t) => t.id),
  );
  for (const goneId of gone) forget(goneId);
  const kept = toastState.toasts.filter((t) => !gone.has(t.id));
  toastState.toasts = [...kept, action ? { id, message, tone, actionLabel: action.label } : { id, message, tone }];
  if (action) actions.set(id, action.run);
  if (action?.sticky) sticky.add(id);
  // Its time counts from when it is on screen: a page busy for seconds (a slow phone becoming live)
  // would otherwise take it away before it was ever painted. (Gone or held by then, its timer does nothing.)
  afterPaint(() => schedule(id, action ? ACTION_TOAST_MS : TOAST_MS));
}

function forget(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  actions.delete(id);
  held.delete(id);
  sticky.delete(id);
}

function dismissToast(id: number): void {
  if (held.has(id)) return;
  forget(id);
  toastState.toasts = toastState.toasts.filter((t) => t.id !== id);
}

/** The toast's button: runs its action once and takes the toast away. */
export function runToastAction(id: number): void {
  const run = actions.get(id);
  held.delete(id);
  dismissToast(id);
  run?.();
}

/** Pointer over or focus in a toast with a button: keep it until the user moves on. */
export function holdToast(id: number): void {
  held.add(id);
  clearTimeout(timers.get(id));
}

/** Left again: it goes after a short while, not at once (the user may come back to it). */
export function releaseToast(id: number): void {
  if (!held.delete(id) || !toastState.toasts.some((t) => t.id === id)) return;
  schedule(id, TOAST_MS);
}
