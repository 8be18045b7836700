import { proxy, subscribe } from 'valtio';
import type { PaletteIdentity } from '../../shared/session/first-paint';
import { paletteState } from './palette-store';
import { savedState } from './saved-store';

/**
 * The palette on screen's name (the saved palette's, or a draft typed before saving) and whether its
 * colours changed since it was loaded or saved. The link itself is `savedState.loadedFrom`.
 */
export const identityState = proxy({ name: null as string | null, changed: false });

let lastIds = '';
const idsNow = () => paletteState.slots.map((s) => s.colorId).join(',');

// Sync: a load sets `changed` back to false straight after replacing the colours.
subscribe(
  paletteState,
  () => {
    const ids = idsNow();
    if (ids === lastIds) return;
    if (lastIds !== '') identityState.changed = true;
    lastIds = ids;
  },
  true,
);

/** The colours on screen are the saved palette's (loaded, saved or restored) under this name. */
export function markSaved(id: string, version: number, name: string): void {
  savedState.loadedFrom = { id, version };
  identityState.name = name;
  identityState.changed = false;
  lastIds = idsNow();
}

/** "New palette": no link, no name, nothing changed. */
export function forgetIdentity(): void {
  savedState.loadedFrom = null;
  identityState.name = null;
  identityState.changed = false;
}

/** What the session and the cookie keep. */
export function currentIdentity(): PaletteIdentity | null {
  const link = savedState.loadedFrom;
  const name = identityState.name;
  if (!link && name === null) return null;
  return { id: link?.id ?? null, version: link?.version ?? 0, name: name ?? '', changed: identityState.changed };
}

/** From the session or the server's first paint. */
export function applyIdentity(identity: PaletteIdentity | null | undefined): void {
  savedState.loadedFrom = identity?.id ? { id: identity.id, version: identity.version } : null;
  identityState.name = identity?.name || null;
  identityState.changed = identity?.changed ?? false;
  lastIds = idsNow();
}
