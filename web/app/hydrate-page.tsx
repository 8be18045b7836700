import { type ReactNode, Suspense, use, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ref } from 'valtio';
import type { Catalogue } from '../../shared/catalogue/catalogue';
import type { FirstPaint } from '../../shared/session/first-paint';
import { catalogueState, loadCatalogue } from '../stores/catalogue-store';
import { filterState } from '../stores/filter-store';
import { applyHeldInput } from './held-input';
import { applyIdentity } from '../stores/identity-store';
import { initPalette, paletteState, replacePalette } from '../stores/palette-store';
import { sharedLinkState } from '../stores/shared-link-store';

/**
 * Puts the stores in the state the page was rendered from: the server before rendering, the
 * browser before hydrating, so both render the same markup.
 */
export function applyFirstPaint(catalogue: Catalogue, paint: FirstPaint): void {
  catalogueState.catalogue = ref(catalogue);
  catalogueState.status = 'ready';
  if (paint.own) {
    // The visitor's palette first, so the shared one is one Undo away (as when the client loaded it).
    initPalette(paint.own.colorIds, paint.own.locked);
    replacePalette(paint.colorIds);
  } else {
    initPalette(paint.colorIds, paint.locked);
  }
  filterState.searchTerm = paint.searchTerm;
  filterState.brand = paint.brand;
  filterState.category = paint.category;
  filterState.lightness = paint.lightness;
  filterState.undertone = paint.undertone;
  // The strips paint first even with a remembered search: its results need the search worker,
  // and arrive once the page has hydrated.
  filterState.paletteShown = true;
  paletteState.style = paint.style;
  applyIdentity(paint.own ? null : paint.identity);
  // A shared palette's label paints with it (the session code then announces it, as the client did);
  // any other page has none (the server's stores serve one request after another).
  sharedLinkState.shown = paint.share ? { name: paint.share.name, colorIds: [...paint.colorIds] } : null;
}

/**
 * Hydrates once the stores hold what the server rendered from (the catalogue must load first).
 * Meanwhile the server's markup stays: React keeps the suspended boundary as it is. Then `onDone`:
 * only then may the session change what shows.
 */
function WhenReady({ ready, onDone, children }: { ready: Promise<unknown>; onDone: () => void; children: ReactNode }) {
  use(ready);
  useEffect(onDone, [onDone]);
  return children;
}

/** The browser's side of the server's first paint: its own chunk, beside the catalogue. */
export function hydratePage(root: HTMLElement, app: ReactNode, paint: FirstPaint, onDone: () => void): void {
  // The page's stylesheet, held back as 'print' by the server (its rules are inline), now applies.
  document.querySelector('link[data-inlined]')?.setAttribute('media', 'all');
  // A failed catalogue still settles: the app then renders its retry screen.
  const ready = loadCatalogue().then(
    (catalogue) => applyFirstPaint(catalogue, paint),
    () => {},
  );
  // Live: first the input held until now is applied, as it would have been taken, then `onDone`.
  const live = () => {
    void applyHeldInput().then(onDone);
  };
  // The same boundary as entry-server.tsx renders around the app.
  hydrateRoot(
    root,
    <Suspense>
      <WhenReady ready={ready} onDone={live}>
        {app}
      </WhenReady>
    </Suspense>,
  );
}
