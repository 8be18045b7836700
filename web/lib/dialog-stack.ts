/**
 * The open dialogs, bottom to top. Small and in the first-paint bundle: shortcuts ask whether a
 * dialog is open, and the toast region shows toasts in the top one. Their history entries are
 * lib/dialog-history.ts's, loaded with the dialogs.
 */

export interface OpenDialog {
  element: HTMLDialogElement;
  /** Asks the dialog's owner to close it (the owner unmounts it). */
  close: () => void;
  /** False where the address is the dialog's entry already (#about): its hash route handles Back. */
  ownsEntry: boolean;
}

const stack: OpenDialog[] = [];
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Registers an open dialog on top; the returned function removes it when it closes. */
export function pushDialog(dialog: OpenDialog): () => void {
  stack.push(dialog);
  notify();
  return () => {
    const index = stack.indexOf(dialog);
    if (index < 0) return;
    stack.splice(index, 1);
    notify();
  };
}

/** Takes the top dialog off the stack at once (Back closes it; its owner unmounts it later). */
export function popDialog(): OpenDialog | undefined {
  const top = stack.pop();
  if (top) notify();
  return top;
}

export function openDialogs(): readonly OpenDialog[] {
  return stack;
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
