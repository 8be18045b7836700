import type { CSSProperties, HTMLAttributes, Ref, RefObject } from 'react';
import { formatColorNumber } from '../../../shared/catalogue/ids';
import type { CatalogueColor } from '../../../shared/catalogue/types';
import { Icon } from './icons';
import { copyHexAt, REMOVE_REASON, removeColor, toggleLockAt } from './palette-commands';

/** What the lazily loaded drag-and-drop layer adds to a strip; absent until it has arrived. */
export interface StripDrag {
  setNodeRef: (element: HTMLLIElement | null) => void;
  setHandleRef: Ref<HTMLButtonElement>;
  handleProps: HTMLAttributes<HTMLButtonElement>;
  style: CSSProperties;
  dragging: boolean;
}

export interface StripProps {
  slotKey: string;
  index: number;
  locked: boolean;
  color: CatalogueColor;
  expanded: boolean;
  onToggleExpand: (key: string) => void;
  /** False at the minimum size: Remove is disabled, described by the element with this id. */
  canRemove: boolean;
  removeReasonId: string;
  /** Takes the strip's element, which `paintStrip` writes a new colour into. */
  stripRef: RefObject<HTMLLIElement | null>;
  drag?: StripDrag;
}

/** The brand line: one text node, so a new colour rewrites it once, not brand and number apart. */
function brandLine(color: CatalogueColor): string {
  const number = formatColorNumber(color.brand, color.number);
  return number ? `${color.brand} · ${number}` : color.brand;
}

/** As React writes a lone text child: the node's value in place, else the element's text. */
function setText(element: Element | undefined, text: string): void {
  if (!element) return;
  const node = element.firstChild;
  if (node && node === element.lastChild && node.nodeType === Node.TEXT_NODE) node.nodeValue = text;
  else element.textContent = text;
}

/**
 * A new colour in a strip on screen, written straight into its elements as `Strip` would render it
 * (the colours, the texts, the buttons' names, the colour id): a Generate then costs no React render
 * and commit, only these writes, close to the browser's own floor. The elements are found by their
 * place in `Strip`'s markup below; whatever else a strip shows (lock, Remove, expanded) is React's.
 */
export function paintStrip(strip: HTMLElement, color: CatalogueColor): void {
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
  setText(brandText, brandLine(color));
  setText(hexText, color.hexCode);
  setText(details, color.description);
  expand?.setAttribute('aria-label', `${strip.classList.contains('is-expanded') ? 'Collapse' : 'Expand'} ${name}`);
}

/**
 * The removed strip's button took the focus with it: hand it to the strip now at that position
 * (its Remove button where shown, else its lock), so keyboard users keep their place.
 */
function refocusAfterRemoval(index: number): void {
  requestAnimationFrame(() => {
    const strips = document.querySelectorAll<HTMLElement>('.palette-strips .palette-strip');
    const strip = strips[Math.min(index, strips.length - 1)];
    const remove = strip?.querySelector<HTMLButtonElement>('.strip-button[aria-label^="Remove"]');
    const usable = remove?.offsetParent && !remove.disabled;
    (usable ? remove : strip?.querySelector<HTMLElement>('.strip-lock'))?.focus();
  });
}

export function Strip(props: StripProps) {
  const { slotKey, index, locked, color, expanded, onToggleExpand, canRemove, removeReasonId, stripRef, drag } = props;
  const name = color.colorName;
  const classes = ['palette-strip'];
  if (expanded) classes.push('is-expanded');
  if (locked) classes.push('is-locked');
  if (drag?.dragging) classes.push('is-dragging');
  return (
    <li
      ref={
        drag
          ? (node) => {
              stripRef.current = node;
              drag.setNodeRef(node);
            }
          : stripRef
      }
      className={classes.join(' ')}
      style={{ backgroundColor: color.hexCode, color: color.textColor, ...drag?.style }}
      data-color-id={color.id}
      data-locked={locked ? 'true' : undefined}
    >
      <div className="palette-strip-tools">
        <button
          type="button"
          className="strip-button strip-handle"
          aria-label={`Reorder ${name}`}
          title="Drag, or press Space then the arrow keys, to move"
          {...(drag ? { ...drag.handleProps, ref: drag.setHandleRef } : { 'aria-disabled': true })}
        >
          <Icon name="drag" />
        </button>
        <button
          type="button"
          className="strip-button strip-secondary"
          aria-label={`Copy ${color.hexCode}`}
          title="Copy hex code"
          onClick={() => copyHexAt(index)}
        >
          <Icon name="copy" />
        </button>
        <button
          type="button"
          className="strip-button strip-lock"
          aria-label={`Lock ${name}`}
          aria-pressed={locked}
          title={locked ? 'Unlock' : 'Lock'}
          onClick={() => toggleLockAt(index)}
        >
          <Icon name={locked ? 'lock' : 'unlock'} />
        </button>
        <button
          type="button"
          className="strip-button strip-secondary"
          aria-label={`Remove ${name}`}
          title={canRemove ? 'Remove' : REMOVE_REASON}
          disabled={!canRemove}
          aria-describedby={canRemove ? undefined : removeReasonId}
          onClick={() => {
            if (removeColor(slotKey)) refocusAfterRemoval(index);
          }}
        >
          <Icon name="remove" />
        </button>
      </div>
      <div className="palette-strip-info">
        <span className="palette-strip-name">{name}</span>
        <span className="palette-strip-brand">{brandLine(color)}</span>
        <span className="palette-strip-hex">{color.hexCode}</span>
        <span className="palette-strip-details">{color.description}</span>
      </div>
      <button
        type="button"
        className="strip-button strip-expand"
        aria-expanded={expanded}
        aria-label={`${expanded ? 'Collapse' : 'Expand'} ${name}`}
        onClick={() => onToggleExpand(slotKey)}
      >
        <Icon name={expanded ? 'collapse' : 'expand'} />
      </button>
    </li>
  );
}
