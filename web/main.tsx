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

if (paint && root.firstElementChild) {
  // A tap on a button or a key (Space for Generate, Enter in the search box) before the app is
  // hydrated would do nothing: they are held and handed over once it is. Typing itself is native.
  let held: Event[] | null = [];
  const hold = (event: Event) => {
    const target = event.target as Element;
    if (!held || (event.type === 'click' && !target.closest('button'))) return;
    event.stopPropagation();
    held.push(event);
  };
  addEventListener('keydown', hold);
  addEventListener('click', hold, true);
  const done = () => {
    const events = held ?? [];
    held = null;
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
      createRoot(root).render(app);
      void startPalette()
        .catch(() => {})
        .then(afterStart);
    },
  );
} else {
  createRoot(root).render(app);
  startPalette()
    .catch(() => {
      // The App shows the failure with a retry button; nothing else to do here.
    })
    .then(afterStart);
}
