import { proxy } from 'valtio';

/**
 * The palette a shared link (`/share/{id}` or `#palette=`) put on screen: the app says whose it is
 * ('Shared palette', its name) until the visitor changes it or goes back to their own. Only the
 * state here (the first paint reads it); what a link does is in shared-link-actions.ts.
 */
export const sharedLinkState = proxy({
  shown: null as { name: string | null; colorIds: string[] } | null,
});

export function dismissShared(): void {
  sharedLinkState.shown = null;
}
