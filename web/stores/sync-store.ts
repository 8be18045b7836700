import { proxy } from 'valtio';

/** Spec §4: where the saved list stands against the server; the header shows 'Syncing...'. */
export type SyncStatus = 'idle' | 'syncing' | 'synced' | 'error';

export const syncState = proxy<{ status: SyncStatus }>({ status: 'idle' });

export function setSyncStatus(status: SyncStatus): void {
  syncState.status = status;
}
