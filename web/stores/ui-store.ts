import { proxy } from 'valtio';

/**
 * Every modal, drawer and sidebar of the app. Features open them by name, so a button in one
 * feature never imports another feature's component (app/overlay-stack.tsx maps names to components).
 */
export type OverlayName =
  | 'nav'
  | 'about'
  | 'how-to-use'
  | 'keyboard-shortcuts'
  | 'contact'
  | 'detail'
  | 'extract'
  | 'save'
  | 'saved'
  | 'auth'
  | 'history'
  /** Who can see a saved palette, and its link (features/saved/share-sheet). */
  | 'share'
  | 'account'
  | 'account-link'
  | 'check'
  /** A change made offline that met a newer version: the choice (features/saved/offline-conflict-dialog). */
  | 'offline-conflict'
  /** The room view (#room): the palette tried on a photo or a sample room (features/room). */
  | 'room';

export interface Overlay {
  name: OverlayName;
  /** e.g. `{ colorId }` for 'detail', `{ paletteId }` for 'history'. */
  params: Record<string, string>;
}

/** A stack: the top overlay is the one shown and the one Escape closes. */
export const uiState = proxy<{ overlays: Overlay[] }>({ overlays: [] });

export function openOverlay(name: OverlayName, params: Record<string, string> = {}): void {
  uiState.overlays = [...uiState.overlays.filter((o) => o.name !== name), { name, params }];
}

let coming = 0;

/**
 * Marks an overlay an action opens once `wait` has answered (S before the sign-in check): keys
 * pressed meanwhile are meant for it (app/held-input.ts waits for it before applying the next).
 */
export function overlayComing<T>(wait: Promise<T>): Promise<T> {
  coming++;
  return wait.finally(() => {
    coming--;
  });
}

export const isOverlayComing = (): boolean => coming > 0;

/** Opens this overlay in place of any other of its group (one information page at a time). */
export function openOverlayInstead(name: OverlayName, group: readonly OverlayName[]): void {
  uiState.overlays = [
    ...uiState.overlays.filter((o) => o.name !== name && !group.includes(o.name)),
    { name, params: {} },
  ];
}

/** Closes the named overlay, or the top one when no name is given. */
export function closeOverlay(name?: OverlayName): void {
  if (!name) {
    uiState.overlays = uiState.overlays.slice(0, -1);
    return;
  }
  uiState.overlays = uiState.overlays.filter((o) => o.name !== name);
}

export function topOverlay(): Overlay | undefined {
  return uiState.overlays.at(-1);
}

export function isOverlayOpen(name: OverlayName): boolean {
  return uiState.overlays.some((o) => o.name === name);
}

/** What app/overlay-stack.tsx passes to each overlay component (each is a lazily loaded default export). */
export interface OverlayProps {
  params: Record<string, string>;
  onClose: () => void;
}
