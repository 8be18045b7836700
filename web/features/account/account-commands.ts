import { showToast } from '../../stores/toast-store';

/**
 * The account menu's Sign out: the actions arrive with it (not first-paint code), and a sign-out the
 * server never heard is said.
 */
export async function signOut(): Promise<void> {
  const { signOutNow } = await import('../../stores/account-actions');
  if (!(await signOutNow())) showToast('Failed to sign out', 'error');
}
