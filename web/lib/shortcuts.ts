import { useEffect, useRef } from 'react';
import { isDialogOpen } from './dialog-stack';

export interface ShortcutOptions {
  /** Require Ctrl (or Cmd on macOS). */
  mod?: boolean;
  shift?: boolean;
  /** Consulted at key time; the shortcut does nothing while it returns false. */
  when?: () => boolean;
}

type Entry = { key: string; options: ShortcutOptions; handler: (event: KeyboardEvent) => void };
const entries = new Set<Entry>();

/** True while the user types: shortcuts must not steal their keystrokes. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

function matching(event: KeyboardEvent): Entry | undefined {
  const mod = event.ctrlKey || event.metaKey;
  for (const entry of entries) {
    if (entry.key.toLowerCase() !== event.key.toLowerCase()) continue;
    if (Boolean(entry.options.mod) !== mod) continue;
    if (entry.options.shift !== undefined && entry.options.shift !== event.shiftKey) continue;
    if (entry.options.when && !entry.options.when()) continue;
    return entry;
  }
  return undefined;
}

/** A single key (no Ctrl or Cmd) belongs to an open dialog: it is for its fields and buttons. */
function blockedByDialog(event: KeyboardEvent): boolean {
  return !(event.ctrlKey || event.metaKey) && event.key !== 'Escape' && isDialogOpen();
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.altKey || isTyping(event.target) || blockedByDialog(event)) return;
  // Space on a button or link reached by keyboard activates it; the generate shortcut must not fire as well.
  if (event.key === ' ' && isControl(event.target)) return;
  const entry = matching(event);
  if (!entry) return;
  event.preventDefault();
  entry.handler(event);
}

const isControl = (target: EventTarget | null) =>
  target instanceof HTMLElement && target.closest('button, a, [role="button"]') !== null;

/**
 * How the focused element got focus. Chromium makes an element :focus-visible as soon as a key is
 * pressed on it, so the origin is remembered at focus time: by pointer (click, tap) or otherwise.
 */
let lastInput: 'pointer' | 'keyboard' = 'keyboard';
let pointerFocused: Element | null = null;

function onPointerDown(event: PointerEvent): void {
  lastInput = 'pointer';
  // A click on the already focused control: from now on it is the pointer's too.
  const active = document.activeElement;
  if (active && event.target instanceof Node && active.contains(event.target)) pointerFocused = active;
}

function onFocusIn(event: FocusEvent): void {
  pointerFocused = lastInput === 'pointer' ? (event.target as Element) : null;
}

/**
 * Space on a palette control the pointer just used (the lock clicked a moment ago) generates, as
 * with nothing focused: pressing it again would undo what the click did. Menus and listboxes keep
 * their own keys. Runs in the capture phase so a control's own Space handling (drag handle) waits.
 */
function onSpaceCapture(event: KeyboardEvent): void {
  lastInput = 'keyboard';
  if (event.key !== ' ' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey)
    return;
  const target = event.target;
  if (!isControl(target) || target !== pointerFocused || blockedByDialog(event)) return;
  if ((target as HTMLElement).closest('[role="menu"], [role="listbox"], [role="tablist"], dialog')) return;
  const entry = matching(event);
  if (!entry) return;
  event.preventDefault();
  event.stopPropagation();
  entry.handler(event);
}

function listen(): void {
  window.addEventListener('keydown', onKeyDown);
  window.addEventListener('keydown', onSpaceCapture, true);
  window.addEventListener('pointerdown', onPointerDown, true);
  window.addEventListener('focusin', onFocusIn, true);
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
      listen();
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
