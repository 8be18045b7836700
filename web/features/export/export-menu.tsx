import { type KeyboardEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import type { ExportFormat } from '../../stores/export-store';
import { exportPalette, preloadExport } from './start-export';

// The list of formats loads with the exporters (on hover or focus of the button), not with the first paint.
const ExportMenuList = lazy(() => import('./export-menu-list'));

/**
 * The Export menu button (WAI-ARIA menu button pattern): arrows, Home/End and first letters move
 * through the formats, Escape closes it and focus returns to the button.
 */
export function ExportMenu() {
  const [open, setOpen] = useState(false);
  const [initial, setInitial] = useState<'first' | 'last'>('first');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();

  // Hover or focus fetches the exporters and the list, so a click or key opens it at once.
  const preload = () => {
    preloadExport();
    void import('./export-menu-list');
  };

  const show = (from: 'first' | 'last') => {
    preload();
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
        onPointerEnter={preload}
        onFocus={preload}
      >
        Export <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ExportMenuList
            menuId={menuId}
            buttonId={buttonId}
            initial={initial}
            rootRef={rootRef}
            onClose={close}
            onChoose={choose}
          />
        </Suspense>
      )}
    </div>
  );
}
