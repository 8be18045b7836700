import type { CSSProperties, HTMLAttributes, Ref } from 'react';
import { formatColorNumber } from '../../../shared/catalogue/ids';
import type { CatalogueColor } from '../../../shared/catalogue/types';
import { Icon } from './icons';
import { copyHex, REMOVE_REASON, removeColor, toggleLockAt } from './palette-commands';

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
  drag?: StripDrag;
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
  const { slotKey, index, locked, color, expanded, onToggleExpand, canRemove, removeReasonId, drag } = props;
  const number = formatColorNumber(color.brand, color.number);
  const name = color.colorName;
  return (
    <li
      ref={drag?.setNodeRef}
      className={`palette-strip${expanded ? ' is-expanded' : ''}${locked ? ' is-locked' : ''}${drag?.dragging ? ' is-dragging' : ''}`}
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
          onClick={() => copyHex(color.hexCode)}
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
        {/* One text node: a new colour rewrites it once, not brand and number apart. */}
        <span className="palette-strip-brand">{number ? `${color.brand} · ${number}` : color.brand}</span>
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
