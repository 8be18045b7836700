import { useEffect, useRef } from 'react';

export interface ShortcutOptions {
  /** Require Ctrl (or Cmd on macOS). */
  mod?: boolean;
  shift?: boolean;
  /** Consulted at key time; the shortcut does nothing while it returns false. */
  when?: () => boolean;
}

type Entry = { key: string; options: ShortcutOptions; handler: (event: KeyboardEvent) => void };
const entries = new Set<Entry>();

/** True while the user types: shortcuts must not steal their keystrokes (spec §5). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.altKey || isTyping(event.target)) return;
  const mod = event.ctrlKey || event.metaKey;
  // Space on a focused button or link activates it; the generate shortcut must not fire as well.
  if (event.key === ' ' && event.target instanceof HTMLElement && event.target.closest('button, a, [role="button"]')) {
    return;
  }
  for (const entry of entries) {
    if (entry.key.toLowerCase() !== event.key.toLowerCase()) continue;
    if (Boolean(entry.options.mod) !== mod) continue;
    if (entry.options.shift !== undefined && entry.options.shift !== event.shiftKey) continue;
    if (entry.options.when && !entry.options.when()) continue;
    event.preventDefault();
    entry.handler(event);
    return;
  }
}

let listening = false;

/** Registers a global keyboard shortcut for as long as the calling component is mounted. */
export function useShortcut(key: string, handler: (event: KeyboardEvent) => void, options: ShortcutOptions = {}) {
  const latest = useRef(handler);
  latest.current = handler;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  useEffect(() => {
    if (!listening) {
      window.addEventListener('keydown', onKeyDown);
      listening = true;
    }
    const entry: Entry = {
      key,
      get options() {
        return optionsRef.current;
      },
      handler: (event) => latest.current(event),
    };
    entries.add(entry);
    return () => {
      entries.delete(entry);
    };
  }, [key]);
}
