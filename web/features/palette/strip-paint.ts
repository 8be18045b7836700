import type { CatalogueColor } from '../../../shared/catalogue/types';
import { formatColorNumber } from '../../../shared/catalogue/ids';

/** As React writes a lone text child: the node's value in place, else the element's text. */
function setText(element: Element | undefined, text: string): void {
  if (!element) return;
  const node = element.firstChild;
  if (node && node === element.lastChild && node.nodeType === Node.TEXT_NODE) node.nodeValue = text;
  else element.textContent = text;
}

/**
 * A strip's colour written straight into its elements as `Strip` renders it (the colours, the texts,
 * the buttons' names, the colour id): a Generate then costs no React render and commit, only these
 * writes, close to the browser's own floor. The elements are found by their place in `Strip`'s
 * markup; whatever else a strip shows (lock, Remove, expanded) stays React's. Writes when `color`
 * differs from the one the elements show (`shown`; none known: React's render of it), and answers
 * the one they show now. Not first-paint code: it comes with the drag-and-drop layer (painted-strip.tsx).
 */
export function paintStrip(
  strip: HTMLElement | null,
  color: CatalogueColor | undefined,
  shown: string | undefined,
): string | undefined {
  if (!strip || !color) return shown;
  if (shown === undefined || shown === color.id) return color.id;
  const name = color.colorName;
  strip.style.backgroundColor = color.hexCode;
  strip.style.color = color.textColor;
  strip.dataset.colorId = color.id;
  const [tools, info, expand] = strip.children;
  const [handle, copy, lock, remove] = tools?.children ?? [];
  handle?.setAttribute('aria-label', `Reorder ${name}`);
  copy?.setAttribute('aria-label', `Copy ${color.hexCode}`);
  lock?.setAttribute('aria-label', `Lock ${name}`);
  remove?.setAttribute('aria-label', `Remove ${name}`);
  const [nameText, brandText, hexText, details] = info?.children ?? [];
  setText(nameText, name);
  // As `Strip` renders its brand line.
  const number = formatColorNumber(color.brand, color.number);
  setText(brandText, number ? `${color.brand} · ${number}` : color.brand);
  setText(hexText, color.hexCode);
  setText(details, color.description);
  expand?.setAttribute('aria-label', `${strip.classList.contains('is-expanded') ? 'Collapse' : 'Expand'} ${name}`);
  return color.id;
}
