import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { authState, initAuth } from '../../stores/auth-store';
import { syncState } from '../../stores/sync-store';
import { openOverlay } from '../../stores/ui-store';
import './account-button.css';

/** Header: 'Syncing...' while the list talks to the server, and Sign In or Sign Out. */
export function AccountButton() {
  const { user } = useSnapshot(authState);
  const { status } = useSnapshot(syncState);
  useEffect(initAuth, []);
  return (
    <div className="account">
      <span className="account-sync" role="status">
        {status === 'syncing' ? 'Syncing...' : ''}
      </span>
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
