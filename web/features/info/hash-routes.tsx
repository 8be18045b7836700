import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { clearHash, INFO_ENTRY_KEY, INFO_ROUTES, isInfoEntryMadeInApp, parseHash } from '../../lib/hash-route';
import { loadPaletteFromHexes } from '../../stores/palette-link-actions';
import { showToast } from '../../stores/toast-store';
import { closeOverlay, isOverlayOpen, openOverlay, openOverlayInstead, uiState } from '../../stores/ui-store';

/**
 * Hash routes. The address is the information modal's history entry: #about and friends
 * open their modal (one at a time), Back off the hash closes it, and closing it clears the hash,
 * stepping back off an entry this visit made. #room (and #room=<saved id>) is the room view's, the same way. #palette=… links opened later in the same tab load
 * here (the first one at start-up is the session store's, so it wins over the remembered session).
 */
export default function HashRoutes() {
  useEffect(() => {
    const apply = (initial: boolean) => {
      const route = parseHash(location.hash);
      if (route.kind === 'info') {
        if (!initial && !isInfoEntryMadeInApp()) {
          history.replaceState({ ...(history.state ?? {}), [INFO_ENTRY_KEY]: true }, '', location.href);
        }
        openOverlayInstead(route.name, INFO_ROUTES);
        return;
      }
      // Back from #about to the palette: the page goes with its address.
      for (const name of INFO_ROUTES) if (isOverlayOpen(name)) closeOverlay(name);
      if (route.kind === 'room') {
        if (!initial && !isInfoEntryMadeInApp()) {
          history.replaceState({ ...(history.state ?? {}), [INFO_ENTRY_KEY]: true }, '', location.href);
        }
        openOverlay('room', route.saved ? { saved: route.saved } : {});
        return;
      }
      if (isOverlayOpen('room')) closeOverlay('room');
      if (route.kind === 'palette' && initial) {
        // The start-up link is the session's, unless the session had started before this code
        // arrived (it mounts after the first render): then the link is a new one, for us.
        void import('../../stores/session-store').then((m) => {
          if (m.sessionStarted() && parseHash(location.hash).kind === 'palette') apply(false);
        });
      }
      if (route.kind === 'palette' && !initial) {
        clearHash();
        const loaded = loadPaletteFromHexes(route.hexes) > 0;
        // The label and the Undo offer are not first-paint code: they arrive with the link.
        if (loaded)
          void import('../../stores/shared-link-actions').then(({ announceShared, backToOwn }) => {
            const message = 'Palette loaded from link!';
            // The visitor's own palette is one Undo away; the toast says so and offers it.
            if (announceShared(null).canUndo) {
              showToast(message, 'info', { label: 'Undo: back to your palette', run: backToOwn });
            } else showToast(message);
          });
        else showToast('No catalogue colours in that link', 'error');
      }
    };
    apply(true);
    const onHashChange = () => apply(false);
    window.addEventListener('hashchange', onHashChange);
    const unsubscribe = subscribe(uiState, () => {
      const route = parseHash(location.hash);
      if (route.kind === 'info' ? isOverlayOpen(route.name) : route.kind !== 'room' || isOverlayOpen('room')) return;
      // Closed by ×, Escape or the backdrop.
      const stepOff = isInfoEntryMadeInApp();
      clearHash();
      // The dialog code (and its history module) is loaded: the modal was on screen.
      // Only from that entry still: a link opened meanwhile is a new entry, which Back must not undo.
      if (stepOff)
        void import('../../lib/dialog-history').then((module) => {
          if (isInfoEntryMadeInApp()) module.stepBack();
        });
    });
    return () => {
      window.removeEventListener('hashchange', onHashChange);
      unsubscribe();
    };
  }, []);
  return null;
}
