import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { menuItems, moveInMenu } from '../../lib/menu-keys';
import { openOverlay } from '../../stores/ui-store';
import { signOut } from './account-commands';

/** The header's account menu: who is signed in, the account screen, and Sign Out. */
export default function AccountMenu({ email }: { email: string }) {
  // Which item takes focus on opening: ArrowUp on the button opens at the last, as Export does.
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const items = menuItems(root.current);
    (open === 'last' ? items.at(-1) : items[0])?.focus();
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
    if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') {
      setOpen(false);
      return;
    } else if (!moveInMenu(menuItems(root.current), event)) return;
    event.preventDefault();
    event.stopPropagation();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="account-button account-trigger"
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-label={`Account: ${email}`}
        title={email}
        onClick={() => setOpen(open ? false : 'first')}
        onKeyDown={onTriggerKeyDown}
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
              void signOut();
            }}
          >
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}
