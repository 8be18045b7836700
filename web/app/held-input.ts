import { afterPaint } from '../lib/after-paint';
import { isDialogOpen } from '../lib/dialog-stack';
import { isOverlayComing, uiState } from '../stores/ui-store';

/**
 * What the page's inline script (server/pages/page-shell.ts) held between the first paint and the
 * app being live, in order: a click or key with the element it landed on and the event itself, or
 * the value a field or select was given.
 */
type HeldInput = { target: Element; path: number[] } & (
  | { type: 'click'; event: MouseEvent }
  | { type: 'keydown'; event: KeyboardEvent }
  | { type: 'value'; target: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement; value: string }
);

interface Held {
  queue: HeldInput[];
  /** Set while an input is applied: the holder lets those events through. */
  replaying: boolean;
  /** Stops holding: from then on inputs reach the app directly. */
  release(): void;
}

const held = () => (window as { __held?: Held }).__held;

/**
 * The element now where the held one was: the app may have rendered that part anew since (the
 * strips, once drag and drop arrives), the same markup in new elements.
 */
function current(input: HeldInput): Element | null {
  if (input.target.isConnected) return input.target;
  let element: Element | null | undefined = document.getElementById('root');
  for (const index of input.path) element = element?.children[index];
  return element?.tagName === input.target.tagName ? element : null;
}

const NOT_TEXT = /^(checkbox|radio|button|submit|reset|file|range|color|image)$/;
const isTextField = (el: Element): el is HTMLInputElement | HTMLTextAreaElement =>
  el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && !NOT_TEXT.test(el.type));

/** Gives a field or select a value as the person's own input would: React sees the change. */
function setValue(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // Through the element first, so React's record of the value is one it is not, then natively, so
  // the input event finds a change to report.
  field.value = `${value}\u0000`;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** What typing a character does in a field: it replaces the selection (the dialog selects its name). */
function type(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  let start = field.value.length;
  let end = start;
  try {
    start = field.selectionStart ?? start;
    end = field.selectionEnd ?? start;
  } catch {
    // A field without a caret (email): typing goes at the end.
  }
  const next = field.value.slice(0, start) + text + field.value.slice(end);
  if (field.maxLength >= 0 && next.length > field.maxLength) return;
  setValue(field, next);
  try {
    field.setSelectionRange(start + text.length, start + text.length);
  } catch {
    // As above.
  }
}

function click(target: Element, event: MouseEvent): void {
  target.dispatchEvent(
    new MouseEvent('click', {
      bubbles: true,
      cancelable: true,
      composed: true,
      view: window,
      detail: event.detail,
      clientX: event.clientX,
      clientY: event.clientY,
      screenX: event.screenX,
      screenY: event.screenY,
      button: event.button,
      ctrlKey: event.ctrlKey,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      metaKey: event.metaKey,
    }),
  );
}

/** The element a key press activates, as the browser does on its own (Space on keyup, Enter on keydown). */
const ACTIVATED_BY: Record<string, string> = {
  ' ': 'button, summary, input[type="checkbox"], input[type="radio"], input[type="button"], input[type="submit"], input[type="reset"]',
  Enter: 'button, a[href], summary, input[type="button"], input[type="submit"], input[type="reset"]',
};

/**
 * A key goes to the element it was pressed on, unless the app has since moved the focus (the name
 * field of the dialog a held S opened): then it goes there, as it would have had the app been live.
 * What the app does not take, the browser would have done: a character typed into a field, a
 * button or link activated.
 */
function key(target: Element, event: KeyboardEvent, focusAtStart: Element | null): void {
  const active = document.activeElement;
  const to = active && active !== focusAtStart && active !== document.body ? active : target;
  const replay = new KeyboardEvent('keydown', {
    key: event.key,
    code: event.code,
    location: event.location,
    repeat: event.repeat,
    ctrlKey: event.ctrlKey,
    shiftKey: event.shiftKey,
    altKey: event.altKey,
    metaKey: event.metaKey,
    bubbles: true,
    cancelable: true,
    composed: true,
  });
  if (!to.dispatchEvent(replay)) return;
  const modified = event.ctrlKey || event.metaKey || event.altKey;
  if (isTextField(to)) {
    if (event.key.length === 1 && !modified) type(to, event.key);
    else if (event.key === 'Enter') to.form?.requestSubmit();
  } else if (!modified && ACTIVATED_BY[event.key] && to.matches(ACTIVATED_BY[event.key] as string)) {
    (to as HTMLElement).click();
  }
}

/**
 * React has hydrated this element (it carries React's props): a click there reaches its handler.
 * The strips (inside their Activity) hydrate after the rest, at a lower priority.
 */
const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

const frame = () => new Promise<void>(afterPaint);

/**
 * After an input: React has rendered its effect, and a dialog it asked for (each is its own chunk,
 * S waits for the sign-in check) has opened and focused its field, so the next key goes where it
 * would have gone had the app been live.
 */
async function settle(): Promise<void> {
  await frame();
  const until = performance.now() + 10_000;
  const opening = () => isOverlayComing() || (uiState.overlays.length > 0 && !isDialogOpen());
  while (opening() && performance.now() < until) await frame();
}

/**
 * Once the app is live: applies what was held, one input at a time, each after the last has taken
 * effect, then lets inputs through. Inputs made meanwhile join the end of the queue.
 */
export async function applyHeldInput(): Promise<void> {
  const h = held();
  if (!h) return;
  // Any input may change the palette (a Generate draws at once from the paints the page carries),
  // and the strips show it from inside their Activity, which hydrates after the rest: changed
  // before then, React finds their markup no longer the page's and throws it away (error 418).
  const strip = document.querySelector('.palette-strips > li');
  const hydrating = performance.now() + 5000;
  while (strip?.isConnected && !hydrated(strip) && performance.now() < hydrating) await frame();
  const focusAtStart = document.activeElement;
  while (h.queue.length > 0) {
    const input = h.queue.shift() as HeldInput;
    const target = current(input);
    if (!target) continue;
    const until = performance.now() + 5000;
    while (document.getElementById('root')?.contains(target) && !hydrated(target) && performance.now() < until)
      await frame();
    // Only the last of a run of typing in one field: the person saw that one.
    const next = h.queue[0];
    if (input.type === 'value' && next?.type === 'value' && next.target === input.target) continue;
    // A click a key made (Space or Enter on a button: no pointer, detail 0) comes from that key's replay.
    if (input.type === 'click' && input.event.detail === 0) continue;
    h.replaying = true;
    try {
      if (input.type === 'value') setValue(target as typeof input.target, input.value);
      else if (input.type === 'click') click(target, input.event);
      else key(target, input.event, focusAtStart);
    } finally {
      h.replaying = false;
    }
    await settle();
  }
  h.release();
}
