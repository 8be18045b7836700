import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { clearHash, parseHash } from '../../lib/hash-route';
import { loadPaletteFromHexes } from '../../stores/palette-store';
import { showToast } from '../../stores/toast-store';
import { isOverlayOpen, openOverlay, uiState } from '../../stores/ui-store';

/**
 * Spec §2 hash routes. #about and friends open their modal (closing it clears the hash);
 * #palette=… links opened later in the same tab load here (the first one at start-up is the
 * session store's, so it wins over the remembered session).
 */
export function HashRoutes() {
  useEffect(() => {
    const apply = (initial: boolean) => {
      const route = parseHash(location.hash);
      if (route.kind === 'info') openOverlay(route.name);
      if (route.kind === 'palette' && !initial) {
        clearHash();
        const loaded = loadPaletteFromHexes(route.hexes) > 0;
        // The label and the Undo offer are not first-paint code: they arrive with the link.
        if (loaded)
          void import('../../stores/shared-link-actions').then((m) =>
            m.announceShared(null, 'Palette loaded from link!'),
          );
        else showToast('No catalogue colors in that link', 'error');
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
