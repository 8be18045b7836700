import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/app.css';
import { startPalette } from './app/start-palette';
import './stores/theme-store';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

startPalette().catch(() => {
  // The App shows the failure with a retry button; nothing else to do here.
});
