import type { CatalogueColor } from '../../../shared/catalogue/types';
import { formatColorNumber } from '../../../shared/catalogue/ids';
import { afterPaint } from '../../lib/after-paint';
import { paintById } from '../../stores/catalogue-store';

/** As React writes a lone text child: the node's value in place, else the element's text. */
function setText(element: Element | undefined, text: string): void {
  if (!element) return;
  const node = element.firstChild;
  if (node && node === element.lastChild && node.nodeType === Node.TEXT_NODE) node.nodeValue = text;
  else element.textContent = text;
}

/** Strips whose buttons are named, and colour id set, after the frame's paint (see `nameTools`). */
const unnamed = new Map<HTMLElement, string>();

/**
 * Names each waiting strip's buttons after the colour its texts show, and sets its colour id: neither
 * is drawn, so they wait for the frame to be painted (a frame, then a task) instead of lengthening
 * it. Read from the texts themselves, the names follow whatever the strip shows by then.
 */
function nameTools(): void {
  for (const [strip, id] of unnamed) {
    strip.dataset.colorId = id;
    const [tools, info, expand] = strip.children;
    const [handle, copy, lock, remove] = tools?.children ?? [];
    const name = info?.children[0]?.textContent ?? '';
    handle?.setAttribute('aria-label', `Reorder ${name}`);
    copy?.setAttribute('aria-label', `Copy ${info?.children[2]?.textContent ?? ''}`);
    lock?.setAttribute('aria-label', `Lock ${name}`);
    remove?.setAttribute('aria-label', `Remove ${name}`);
    expand?.setAttribute('aria-label', `${strip.classList.contains('is-expanded') ? 'Collapse' : 'Expand'} ${name}`);
  }
  unnamed.clear();
}

/**
 * A strip's colour written straight into its elements as `Strip` renders it (the colours and texts
 * now; the buttons' names and the colour id once the frame is painted): a Generate then costs no
 * React render and commit, only these writes, close to the browser's own floor. The elements are
 * found by their place in `Strip`'s markup; whatever else a strip shows (lock, Remove, expanded)
 * stays React's. Writes when `color` differs from the one the elements show (`shown`; none known:
 * React's render of it), and answers the one they show now. Not first-paint code: it comes with the
 * drag-and-drop layer (painted-strip.tsx).
 */
export function paintStrip(
  strip: HTMLElement | null,
  color: CatalogueColor | undefined,
  shown: string | undefined,
): string | undefined {
  if (!strip || !color) return shown;
  if (shown === undefined || shown === color.id) return color.id;
  strip.style.backgroundColor = color.hexCode;
  // The text colour is inherited by everything in the strip: set only when it changes.
  if (paintById(shown)?.textColor !== color.textColor) strip.style.color = color.textColor;
  const [nameText, brandText, hexText, details] = strip.children[1]?.children ?? [];
  setText(nameText, color.colorName);
  // As `Strip` renders its brand line.
  const number = formatColorNumber(color.brand, color.number);
  setText(brandText, number ? `${color.brand} · ${number}` : color.brand);
  setText(hexText, color.hexCode);
  setText(details, color.description);
  if (unnamed.size === 0) afterPaint(nameTools);
  unnamed.set(strip, color.id);
  return color.id;
}
