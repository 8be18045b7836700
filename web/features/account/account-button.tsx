import { lazy, Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { initAuth } from '../../stores/auth-actions';
import { authState } from '../../stores/auth-store';
import { openOverlay } from '../../stores/ui-store';
import './account-button.css';

// Only a signed-in person needs the menu: it loads beside the session check, off the first paint.
const AccountMenu = lazy(() => import('./account-menu'));

/** Header: Sign In, or the account menu that shows who is signed in (the header shows 'Syncing...'). */
export function AccountButton() {
  const { user } = useSnapshot(authState);
  // In a task of its own: adding the check's chunks' preloads was part of the hydration's effects,
  // a long task.
  useEffect(() => void setTimeout(initAuth), []);
  return (
    <div className="account">
      {user ? (
        <Suspense fallback={null}>
          <AccountMenu email={user.email} />
        </Suspense>
      ) : (
        <button type="button" className="account-button" onClick={() => openOverlay('auth')}>
          Sign In
        </button>
      )}
    </div>
  );
}
