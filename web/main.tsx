import { StrictMode } from 'react';
import type { PaletteSession } from '../shared/session/first-paint';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/app.css';
import { prepareStart, startPalette } from './app/start-palette';
import { generate } from './features/palette/palette-commands';
import { firstPaint } from './lib/first-paint';
import { startSavedAfterLoad } from './stores/saved-start-actions';
import './stores/theme-store';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const paint = firstPaint();

/**
 * Stops the page's inline loader holding input (rendered pages, server/pages/page-shell.ts) and
 * forgets it: a page rendered from scratch has none of the elements it was meant for.
 */
const dropHeldInput = () => (window as { __held?: { release(): void } }).__held?.release();

// Launch shortcuts and the service worker: after the first palette, out of the first-paint bundle.
const afterStart = () => import('./app/after-start').then((m) => m.afterStart(generate));

if (paint && root.firstElementChild) {
  // Once live and the input held until then applied (hydrate-page.tsx): the session may change what shows.
  // Saved palettes' storage code too: on a slow link it took the bandwidth the way to a live page needs.
  const done = (shown: PaletteSession) => {
    void startPalette(paint.source, shown)
      .catch(() => {})
      .then(() => {
        startSavedAfterLoad();
        return afterStart();
      });
  };
  // The catalogue (its download preloaded by the page) and the session code are read once the page
  // has hydrated: they no longer hold it up.
  const hydrated = () => void prepareStart(true);
  // The hydration code is its own chunk, preloaded by the page.
  import('./app/hydrate-page').then(
    (m) => m.hydratePage(root, app, paint, hydrated, done),
    // A stale deploy without that chunk: render from scratch rather than leave the page inert.
    () => {
      dropHeldInput();
      startSavedAfterLoad();
      createRoot(root).render(app);
      void startPalette()
        .catch(() => {})
        .then(afterStart);
    },
  );
} else {
  dropHeldInput();
  startSavedAfterLoad();
  createRoot(root).render(app);
  startPalette()
    .catch(() => {
      // The App shows the failure with a retry button; nothing else to do here.
    })
    .then(afterStart);
}
