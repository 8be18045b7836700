import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/app.css';
import { startPalette } from './app/start-palette';
import { generate } from './features/palette/palette-actions';
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
startSavedAfterLoad();

// Launch shortcuts and the service worker: after the first palette, out of the first-paint bundle.
const afterStart = () => import('./app/after-start').then((m) => m.afterStart(generate));

/** Stops the inline loader's holding of taps and keys (rendered pages only) and returns what it held. */
const unhold = (): Event[] => (window as { __unhold?: () => Event[] }).__unhold?.() ?? [];

if (paint && root.firstElementChild) {
  // Taps and keys before hydration are held by the page's inline loader (server/pages/page-shell.ts)
  // and handed over here once the app is live.
  const done = () => {
    const events = unhold();
    for (const event of events) {
      const target = event.target as HTMLElement;
      if (event.type === 'click') target.closest('button')?.click();
      else target.dispatchEvent(new KeyboardEvent('keydown', event));
    }
    void startPalette(paint.source)
      .catch(() => {})
      .then(afterStart);
  };
  // The hydration code is its own chunk, fetched beside the catalogue.
  import('./app/hydrate-page').then(
    (m) => m.hydratePage(root, app, paint, done),
    // A stale deploy without that chunk: render from scratch rather than leave the page inert.
    () => {
      unhold();
      createRoot(root).render(app);
      void startPalette()
        .catch(() => {})
        .then(afterStart);
    },
  );
} else {
  unhold();
  createRoot(root).render(app);
  startPalette()
    .catch(() => {
      // The App shows the failure with a retry button; nothing else to do here.
    })
    .then(afterStart);
}
