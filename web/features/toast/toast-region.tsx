import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { holdToast, releaseToast, runToastAction, toastState } from '../../stores/toast-store';
import { useTopDialog } from './top-dialog';
import './toast-region.css';

/** Always in the DOM so screen readers announce each toast as it is added. */
export function ToastRegion() {
  const { toasts } = useSnapshot(toastState);
  const plain = toasts.filter((t) => !t.actionLabel);
  const withAction = toasts.filter((t) => t.actionLabel);
  const dialog = useTopDialog();
  const actionToasts = (
    <div className="toast-region toast-region-actions" role="status" aria-live="polite" aria-atomic="false">
      {withAction.map((t) => (
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
  return (
    <>
      <div className="toast-region" role="status" aria-live="polite" aria-atomic="false">
        {plain.map((t) => (
          <div key={t.id} className={`toast toast-${t.tone}`}>
            {t.message}
          </div>
        ))}
      </div>
      {/* Inside the open modal, if any: outside it the button would be inert. */}
      {dialog ? createPortal(actionToasts, dialog) : actionToasts}
    </>
  );
}
