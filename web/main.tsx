import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/app.css';
import { startPalette } from './app/start-palette';
import { firstPaint } from './lib/first-paint';
import { loadCatalogue } from './stores/catalogue-store';
import './stores/theme-store';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const paint = firstPaint();

/** Runs once the server's markup is hydrated: only then may the session change what shows. */
function Hydrated({ onDone }: { onDone: () => void }) {
  useEffect(onDone, [onDone]);
  return app;
}

if (paint && root.firstElementChild) {
  // The server's markup is on screen; hydration needs the same stores, so the catalogue first
  // (the code that fills the stores arrives beside it, not in the page's first script).
  Promise.all([loadCatalogue(), import('./app/apply-first-paint')]).then(
    ([catalogue, { applyFirstPaint }]) => {
      applyFirstPaint(catalogue, paint);
      hydrateRoot(root, <Hydrated onDone={() => void startPalette(paint.source).catch(() => {})} />);
    },
    // No catalogue: render from scratch, which shows the failure with a retry button.
    () => createRoot(root).render(app),
  );
} else {
  createRoot(root).render(app);
  startPalette().catch(() => {
    // The App shows the failure with a retry button; nothing else to do here.
  });
}
