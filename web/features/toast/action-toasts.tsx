import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { subscribeDialogs, topDialog } from '../../lib/dialog-stack';
import { holdToast, releaseToast, runToastAction, toastState } from '../../stores/toast-store';

/**
 * Toasts with a button (Undo). Loaded with the first of them: plain toasts need none of this. They
 * sit inside the open modal, if any: outside it the button would be inert. The always-present region
 * announces their text; here it is shown beside the button that keyboard and screen-reader users reach.
 */
export default function ActionToasts() {
  const toasts = useSnapshot(toastState).toasts.filter((t) => t.actionLabel);
  const dialog = useSyncExternalStore(subscribeDialogs, topDialog);
  const list = (
    <div className="toast-region toast-region-actions">
      {toasts.map((t) => (
        // Hover or focus keeps it: a toast must not vanish under the pointer or the keyboard.
        // biome-ignore lint/a11y/noStaticElementInteractions: these only pause the timer; the button is the control.
        <div
          key={t.id}
          className={`toast toast-${t.tone} toast-with-action`}
          onPointerEnter={() => holdToast(t.id)}
          onPointerLeave={() => releaseToast(t.id)}
          onFocus={() => holdToast(t.id)}
          onBlur={() => releaseToast(t.id)}
        >
          <span>{t.message}</span>
          <button type="button" className="toast-action" onClick={() => runToastAction(t.id)}>
            {t.actionLabel}
          </button>
        </div>
      ))}
    </div>
  );
  return dialog ? createPortal(list, dialog) : list;
}
