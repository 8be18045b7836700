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
  useEffect(initAuth, []);
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
