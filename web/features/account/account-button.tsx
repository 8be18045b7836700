import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { authState, initAuth } from '../../stores/auth-store';
import { openOverlay } from '../../stores/ui-store';
import './account-button.css';

/** Header: Sign In or Sign Out (the header itself shows 'Syncing...' from the sync store). */
export function AccountButton() {
  const { user } = useSnapshot(authState);
  useEffect(initAuth, []);
  return (
    <div className="account">
      {user ? (
        <button
          type="button"
          className="account-button"
          title={`Signed in as ${user.email}`}
          onClick={() => void import('../../stores/account-actions').then((m) => m.signOutNow())}
        >
          Sign Out
        </button>
      ) : (
        <button type="button" className="account-button" onClick={() => openOverlay('auth')}>
          Sign In
        </button>
      )}
    </div>
  );
}
