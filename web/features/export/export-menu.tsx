import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { type ExportFormat, exportPalette, preloadExport } from '../../stores/export-store';

const menuItems = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

const ITEMS: ReadonlyArray<{ format: ExportFormat; label: string; detail: string; shortcut?: string }> = [
  { format: 'png', label: 'PNG', detail: 'Image, 1200 × 630', shortcut: 'E' },
  { format: 'svg', label: 'SVG', detail: 'Scalable image' },
  { format: 'json', label: 'JSON', detail: 'Names, hex, RGB' },
  { format: 'css', label: 'CSS', detail: 'Custom properties' },
  { format: 'ase', label: 'Adobe swatches', detail: '.ase for Photoshop, Illustrator' },
  { format: 'gpl', label: 'GIMP palette', detail: '.gpl for GIMP, Inkscape, Krita' },
  { format: 'swatches', label: 'Procreate', detail: '.swatches' },
  { format: 'paint-list', label: 'Paint list', detail: 'Printable page for the shop' },
];

/**
 * The Export menu button (WAI-ARIA menu button pattern): arrows, Home/End and first letters move
 * through the formats, Escape closes it and focus returns to the button.
 */
export function ExportMenu() {
  const [open, setOpen] = useState(false);
  const [initial, setInitial] = useState<'first' | 'last'>('first');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const list = menuItems(menuRef.current);
    (initial === 'last' ? list.at(-1) : list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, initial]);

  const show = (from: 'first' | 'last') => {
    preloadExport();
    setInitial(from);
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const choose = (format: ExportFormat) => {
    close(true);
    void exportPalette(format);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = menuItems(menuRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    const key = event.key;
    if (key === 'ArrowDown') focusAt(index + 1);
    else if (key === 'ArrowUp') focusAt(index - 1);
    else if (key === 'Home' || key === 'PageUp') focusAt(0);
    else if (key === 'End' || key === 'PageDown') focusAt(list.length - 1);
    else if (key === 'Escape') close(true);
    else if (key === 'Tab') {
      setOpen(false);
      return;
    } else if (key.length === 1 && /\S/.test(key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const match = ITEMS.findIndex((item, i) => i > index && item.label.toLowerCase().startsWith(key.toLowerCase()));
      const wrapped =
        match >= 0 ? match : ITEMS.findIndex((item) => item.label.toLowerCase().startsWith(key.toLowerCase()));
      if (wrapped >= 0) focusAt(wrapped);
    } else return;
    // Handled here: the global shortcuts (S, E, Escape…) must not act on the same key.
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div className="export-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="share-export-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : show('first'))}
        onKeyDown={onButtonKeyDown}
        onPointerEnter={preloadExport}
        onFocus={preloadExport}
      >
        Export <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className="export-menu-list"
          onKeyDown={onMenuKeyDown}
          onBlur={(event) => {
            if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
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
              onClick={() => choose(item.format)}
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
      )}
    </div>
  );
}
