import { proxy } from 'valtio';

export const TOAST_MS = 2000;

interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error';
}

export const toastState = proxy<{ toasts: Toast[] }>({ toasts: [] });

let nextId = 1;

/** Shows a message for 2 s (spec §9); the region announces it to screen readers. */
export function showToast(message: string, tone: Toast['tone'] = 'info'): void {
  const id = nextId++;
  // Keep at most three on screen: a burst of shortcuts must not bury the page in toasts.
  toastState.toasts = [...toastState.toasts.slice(-2), { id, message, tone }];
  setTimeout(() => dismissToast(id), TOAST_MS);
}

export function dismissToast(id: number): void {
  toastState.toasts = toastState.toasts.filter((t) => t.id !== id);
}
