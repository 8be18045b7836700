import { useSnapshot } from 'valtio';
import { toastState } from '../../stores/toast-store';
import './toast-region.css';

/** Always in the DOM so screen readers announce each toast as it is added. */
export function ToastRegion() {
  const { toasts } = useSnapshot(toastState);
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="false">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`}>
          {t.message}
        </div>
      ))}
    </div>
  );
}
