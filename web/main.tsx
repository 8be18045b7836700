import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/app.css';
import { startPalette } from './app/start-palette';
import { generate } from './features/palette/palette-actions';
import './stores/theme-store';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

startPalette()
  .catch(() => {
    // The App shows the failure with a retry button; nothing else to do here.
  })
  // Launch shortcuts and the service worker: after the first palette, out of the first-paint bundle.
  .then(() => import('./app/after-start'))
  .then((m) => m.afterStart(generate));
