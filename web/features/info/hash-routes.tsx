import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { clearHash, INFO_ROUTES, type InfoRoute, parseHash } from '../../lib/hash-route';
import { loadPaletteFromHexes } from '../../stores/palette-store';
import { showToast } from '../../stores/toast-store';
import { closeOverlay, isOverlayOpen, openOverlay, uiState } from '../../stores/ui-store';

/** One information modal at a time: the next one replaces it rather than stacking on it. */
export function openInfo(name: InfoRoute): void {
  for (const other of INFO_ROUTES) if (other !== name && isOverlayOpen(other)) closeOverlay(other);
  openOverlay(name);
}

/**
 * Spec §2 hash routes. #about and friends open their modal (closing it clears the hash);
 * #palette=… links opened later in the same tab load here (the first one at start-up is the
 * session store's, so it wins over the remembered session).
 */
export function HashRoutes() {
  useEffect(() => {
    const apply = (initial: boolean) => {
      const route = parseHash(location.hash);
      if (route.kind === 'info') openInfo(route.name);
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
      if (route.kind === 'info' && !isOverlayOpen(route.name)) clearHash();
    });
    return () => {
      window.removeEventListener('hashchange', onHashChange);
      unsubscribe();
    };
  }, []);
  return null;
}
