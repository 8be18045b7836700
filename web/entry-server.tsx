import { StrictMode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import type { Catalogue } from '../shared/catalogue/catalogue';
import type { FirstPaint } from '../shared/session/first-paint';
import { App } from './app/app';
import { generateAtFirstPaint } from './app/early-generate';
import { applyFirstPaint } from './app/hydrate-page';
import { renderSharedBannerWith } from './features/share-page/share-route';
import SharedBanner from './features/share-page/shared-banner';
import { setFirstPaint } from './lib/first-paint';

renderSharedBannerWith(SharedBanner);

// The boundary lets the browser hydrate at once and wait inside it for the catalogue (main.tsx).
const render = () =>
  renderToString(
    <Suspense>
      <StrictMode>
        <App />
      </StrictMode>
    </Suspense>,
  );

/**
 * The server's first paint: the same <App /> the browser hydrates, rendered from the
 * same stores. Built by `vite build --ssr` into dist/ssr; the Hono server imports it.
 * Synchronous from setting the stores to the markup, so concurrent requests never mix.
 * `next`: where the page carries paints for an early Random Generate, the app once more after
 * the Generate a tap at first paint makes (`generateAtFirstPaint`), by the same components in the
 * same tree (so the same ids and markers), for the page to show before it is live (page-shell.ts).
 */
export function renderApp(catalogue: Catalogue, paint: FirstPaint): { markup: string; next: string | null } {
  setFirstPaint(paint);
  applyFirstPaint(catalogue, paint);
  const markup = render();
  const drawn = paint.share || paint.style !== 'Random' ? null : paint.paints?.next;
  const next = drawn && generateAtFirstPaint({ ids: [...drawn.ids] }) ? render() : null;
  return { markup, next };
}
