import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { toastState } from '../../stores/toast-store';
import './toast-region.css';

const ActionToasts = lazy(() => import('./action-toasts'));

/** Always in the DOM so screen readers announce each toast as it is added. */
export function ToastRegion() {
  const { toasts } = useSnapshot(toastState);
  return (
    <>
      <div className="toast-region" role="status" aria-live="polite" aria-atomic="false">
        {toasts.map((t) =>
          // A toast with a button is drawn by ActionToasts; its words are announced from here.
          t.actionLabel ? (
            <div key={t.id} className="toast-said">
              {t.message}
            </div>
          ) : (
            <div key={t.id} className={`toast toast-${t.tone}`}>
              {t.message}
            </div>
          ),
        )}
      </div>
      {toasts.some((t) => t.actionLabel) && (
        <Suspense fallback={null}>
          <ActionToasts />
        </Suspense>
      )}
    </>
  );
}
