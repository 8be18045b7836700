import { StrictMode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import type { Catalogue } from '../shared/catalogue/catalogue';
import type { FirstPaint } from '../shared/session/first-paint';
import { App } from './app/app';
import { applyFirstPaint } from './app/hydrate-page';
import { renderSharedBannerWith } from './features/share-page/share-route';
import SharedBanner from './features/share-page/shared-banner';
import { setFirstPaint } from './lib/first-paint';

renderSharedBannerWith(SharedBanner);

/**
 * The server's first paint: the same <App /> the browser hydrates, rendered from the
 * same stores. Built by `vite build --ssr` into dist/ssr; the Hono server imports it.
 * Synchronous from setting the stores to the markup, so concurrent requests never mix.
 */
export function renderApp(catalogue: Catalogue, paint: FirstPaint): string {
  setFirstPaint(paint);
  applyFirstPaint(catalogue, paint);
  // The boundary lets the browser hydrate at once and wait inside it for the catalogue (main.tsx).
  return renderToString(
    <Suspense>
      <StrictMode>
        <App />
      </StrictMode>
    </Suspense>,
  );
}
