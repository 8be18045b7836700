import { FIRST_PAINT_ELEMENT, type FirstPaint } from '../../shared/session/first-paint';

let state: FirstPaint | null | undefined;

/**
 * The state the server rendered the page from (the JSON beside the markup), or null for the
 * client-only shell. Hydration renders from it, so the first render matches the server's HTML.
 */
export function firstPaint(): FirstPaint | null {
  if (state === undefined) {
    // Only in the browser: the server sets the state before it renders.
    const text = document.getElementById(FIRST_PAINT_ELEMENT)?.textContent;
    try {
      state = text ? (JSON.parse(text) as FirstPaint) : null;
    } catch {
      state = null;
    }
  }
  return state;
}

/** The server entry sets it before each render. */
export function setFirstPaint(next: FirstPaint | null): void {
  state = next;
}
