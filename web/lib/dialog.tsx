import { type ReactNode, useEffect, useId, useRef } from 'react';
import './dialog-history';
import { pushDialog } from './dialog-stack';
import './dialog.css';

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'modal' centres it; 'sidebar' slides in from the right; 'drawer' from the left. */
  variant?: 'modal' | 'sidebar' | 'drawer';
  /** Extra class on the <dialog>, for a feature's own layout. */
  className?: string;
  /** Hide the visible heading (the dialog keeps its accessible name). */
  hideTitle?: boolean;
  /** False where the address already stands for the dialog (hash routes): no entry of its own. */
  historyEntry?: boolean;
}

// Fields a person types into; a checkbox, radio or file picker is not one.
const TEXT_FIELD =
  'input:not([type]), input[type="text"], input[type="email"], input[type="search"], input[type="url"], input[type="tel"], input[type="password"], input[type="number"], textarea';

/**
 * showModal focuses the first focusable element, often ×: where the dialog asks for text, the
 * person types into that field straight away (its text selected), never into ×, where Space closes.
 */
function focusTextField(dialog: HTMLDialogElement): void {
  const field = Array.from(dialog.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELD)).find(
    (element) => !element.disabled && !element.readOnly && element.getClientRects().length > 0,
  );
  if (!field) return;
  field.focus();
  field.select();
}

/**
 * An accessible modal on the native <dialog>: focus moves in and is trapped, Escape and a click on
 * the backdrop close it, focus returns to where it was, and Back closes it (lib/dialog-history.ts).
 */
export function Dialog(props: DialogProps) {
  const { title, onClose, children, variant = 'modal', className, hideTitle, historyEntry = true } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // Read once: a dialog keeps or lacks its history entry for as long as it is open.
  const ownsEntryRef = useRef(historyEntry);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    focusTextField(dialog);
    const removeFromStack = pushDialog({
      element: dialog,
      close: () => onCloseRef.current(),
      ownsEntry: ownsEntryRef.current,
    });
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    // A sheet risen from the bottom edge (a phone's share sheet): the toasts shown in it go just
    // above it (toast-region.css reads --toast-bottom), never over its words. Follows its size.
    const placeToasts = () => {
      const { top, bottom } = dialog.getBoundingClientRect();
      if (bottom >= innerHeight - 1 && top >= 48)
        dialog.style.setProperty('--toast-bottom', `${innerHeight - top + 8}px`);
      else dialog.style.removeProperty('--toast-bottom');
    };
    placeToasts();
    const resized = new ResizeObserver(placeToasts);
    resized.observe(dialog);
    return () => {
      resized.disconnect();
      dialog.removeEventListener('cancel', onCancel);
      removeFromStack();
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled by the dialog's cancel event.
    <dialog
      ref={ref}
      className={`dialog dialog-${variant}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onClick={(event) => {
        if (event.target === ref.current) onCloseRef.current();
      }}
    >
      <div className="dialog-body">
        <header className="dialog-header">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : undefined}>
            {title}
          </h2>
          <button type="button" className="dialog-close" aria-label="Close" onClick={() => onCloseRef.current()}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
