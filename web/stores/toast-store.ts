import { proxy } from 'valtio';

export const TOAST_MS = 2000;

interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error';
}

export const toastState = proxy<{ toasts: Toast[] }>({ toasts: [] });

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function dismissLater(id: number): void {
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_MS),
  );
}

/** Shows a message for 2 s (spec §9); the region announces it to screen readers. */
export function showToast(message: string, tone: Toast['tone'] = 'info'): void {
  // The same message again while it shows (a limit pressed twice) restarts its time, never stacks.
  const same = toastState.toasts.find((t) => t.message === message && t.tone === tone);
  if (same) {
    dismissLater(same.id);
    return;
  }
  const id = nextId++;
  // Keep at most three on screen: a burst of shortcuts must not bury the page in toasts.
  const kept = toastState.toasts.slice(-2);
  for (const t of toastState.toasts) if (!kept.includes(t)) timers.delete(t.id);
  toastState.toasts = [...kept, { id, message, tone }];
  dismissLater(id);
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toastState.toasts = toastState.toasts.filter((t) => t.id !== id);
}
