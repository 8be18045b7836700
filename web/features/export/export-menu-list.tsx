import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';
import { menuItems, moveInMenu } from '../../lib/menu-keys';
import type { ExportFormat } from '../../stores/export-store';

const ITEMS: ReadonlyArray<{ format: ExportFormat; label: string; detail: string; shortcut?: string }> = [
  { format: 'png', label: 'PNG', detail: 'Image, 1200 × 630', shortcut: 'E' },
  { format: 'svg', label: 'SVG', detail: 'Scalable image' },
  { format: 'json', label: 'JSON', detail: 'Names, hex, RGB' },
  { format: 'css', label: 'CSS', detail: 'Custom properties' },
  { format: 'ase', label: 'Adobe swatches', detail: '.ase for Photoshop, Illustrator' },
  { format: 'gpl', label: 'GIMP palette', detail: '.gpl for GIMP, Inkscape, Krita' },
  { format: 'swatches', label: 'Procreate', detail: '.swatches' },
  { format: 'paint-list', label: 'Paint list', detail: 'A page to print or save as PDF' },
];

interface Props {
  menuId: string;
  buttonId: string;
  /** Which item takes focus on opening (ArrowUp on the button opens at the last). */
  initial: 'first' | 'last';
  /** The menu button and its list: a press outside both closes the menu. */
  rootRef: RefObject<HTMLDivElement | null>;
  onClose: (returnFocus: boolean) => void;
  onChoose: (format: ExportFormat) => void;
}

/** The open Export menu's items and their keys. */
export default function ExportMenuList({ menuId, buttonId, initial, rootRef, onClose, onChoose }: Props) {
  const menuRef = useRef<HTMLDivElement>(null);

  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const initialRef = useRef(initial);

  // Once, on opening: focus goes into the menu, and a press outside it closes it.
  useEffect(() => {
    const list = menuItems(menuRef.current);
    (initialRef.current === 'last' ? list.at(-1) : list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onCloseRef.current(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [rootRef]);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = menuItems(menuRef.current);
    // Typeahead matches the format's name, not its detail line.
    const label = (item: HTMLElement) => ITEMS[list.indexOf(item)]?.label ?? '';
    if (event.key === 'Escape') onClose(true);
    else if (event.key === 'Tab') {
      onClose(false);
      return;
    } else if (!moveInMenu(list, event, label)) return;
    // Handled here: the global shortcuts (S, E, Escape…) must not act on the same key.
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div
      ref={menuRef}
      id={menuId}
      role="menu"
      aria-labelledby={buttonId}
      className="export-menu-list"
      onKeyDown={onMenuKeyDown}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) onClose(false);
      }}
    >
      {ITEMS.map((item) => (
        <button
          key={item.format}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="export-menu-item"
          aria-keyshortcuts={item.shortcut}
          onClick={() => onChoose(item.format)}
        >
          <span className="export-menu-label">{item.label}</span>
          <span className="export-menu-detail">{item.detail}</span>
          {item.shortcut && (
            <span className="export-menu-key" aria-hidden="true">
              {item.shortcut}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
