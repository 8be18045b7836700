import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { openOverlay } from '../../stores/ui-store';

/** The header's account menu: who is signed in, the account screen, and Sign Out. */
export default function AccountMenu({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    // A press anywhere else closes the menu, as any menu does.
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.stopPropagation();
      close(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="account-button account-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Account: ${email}`}
        onClick={() => setOpen(!open)}
      >
        <span className="account-email">{email}</span>
      </button>
      {open && (
        <div className="account-popup" role="menu" aria-label="Account" onKeyDown={onKeyDown}>
          <p className="account-who" role="none">
            Signed in as <strong>{email}</strong>
          </p>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              close(false);
              openOverlay('account');
            }}
          >
            Account settings
          </button>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              close(true);
              void import('../../stores/account-actions').then((m) => m.signOutNow());
            }}
          >
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}
