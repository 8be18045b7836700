import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { handOverEntry, stepBack } from '../../lib/dialog-stack';
import { clearHash, INFO_ROUTES, type InfoRoute, parseHash } from '../../lib/hash-route';
import { loadPaletteFromHexes } from '../../stores/palette-store';
import { showToast } from '../../stores/toast-store';
import { closeOverlay, isOverlayOpen, openOverlay, uiState } from '../../stores/ui-store';

// Marks a history entry this visit made for an information page (not the one the visit began on):
// closing the page steps back off it, so Back never lands on a dead copy of the palette.
const IN_APP = 'swatchbookInfoEntry';

const madeInApp = () => Boolean((history.state as Record<string, unknown> | null)?.[IN_APP]);

/** One information modal at a time: the next one replaces it rather than stacking on it. */
export function openInfo(name: InfoRoute): void {
  for (const other of INFO_ROUTES) if (other !== name && isOverlayOpen(other)) closeOverlay(other);
  openOverlay(name);
}

/** The menu's links: the menu's history entry becomes the page's (Back closes the page). */
export function openInfoFromMenu(name: InfoRoute): void {
  handOverEntry(`${location.pathname}${location.search}#${name}`, { [IN_APP]: true });
  openInfo(name);
}

/** The ? key: an address of its own, like the menu's links. */
export function openInfoByKey(name: InfoRoute): void {
  location.hash = name;
}

/**
 * Spec §2 hash routes. The address is the information modal's history entry: #about and friends
 * open their modal, Back off the hash closes it, and closing it clears the hash (stepping back off
 * an entry this visit made). #palette=… links opened later in the same tab load here (the first one
 * at start-up is the session store's, so it wins over the remembered session).
 */
export function HashRoutes() {
  useEffect(() => {
    const apply = (initial: boolean) => {
      const route = parseHash(location.hash);
      if (route.kind === 'info') {
        if (!initial && !madeInApp())
          history.replaceState({ ...(history.state ?? {}), [IN_APP]: true }, '', location.href);
        openInfo(route.name);
        return;
      }
      // Back from #about to the palette: the page goes with its address.
      for (const name of INFO_ROUTES) if (isOverlayOpen(name)) closeOverlay(name);
      if (route.kind === 'palette' && !initial) {
        clearHash();
        const loaded = loadPaletteFromHexes(route.hexes) > 0;
        showToast(loaded ? 'Palette loaded from link!' : 'No catalogue colors in that link', loaded ? 'info' : 'error');
      }
    };
    apply(true);
    const onHashChange = () => apply(false);
    window.addEventListener('hashchange', onHashChange);
    const unsubscribe = subscribe(uiState, () => {
      const route = parseHash(location.hash);
      if (route.kind !== 'info' || isOverlayOpen(route.name)) return;
      // Closed by ×, Escape or the backdrop.
      const stepOff = madeInApp();
      clearHash();
      if (stepOff) stepBack();
    });
    return () => {
      window.removeEventListener('hashchange', onHashChange);
      unsubscribe();
    };
  }, []);
  return null;
}
