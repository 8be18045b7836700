import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/app.css';
import { loadCatalogue } from './stores/catalogue-store';
import { generatePalette } from './stores/palette-store';
import './stores/theme-store';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

loadCatalogue()
  .then(() => generatePalette())
  .catch(() => {
    // The App shows the failure with a retry button; nothing else to do here.
  });
