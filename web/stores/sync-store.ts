import { proxy } from 'valtio';

/**
 * Where the saved list stands against the server; the header shows 'Syncing...'.
 * 'waiting': changes made without signal wait in the outbox on this device.
 */
export type SyncStatus = 'idle' | 'syncing' | 'synced' | 'waiting' | 'error';

export const syncState = proxy<{ status: SyncStatus }>({ status: 'idle' });

export function setSyncStatus(status: SyncStatus): void {
  syncState.status = status;
}
