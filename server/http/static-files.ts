import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built SPA: hashed files under /assets are cached for a year, everything else is
 * revalidated, and any other GET that is not an API call falls back to index.html (the app routes
 * /share/:id and friends itself).
 */
export function staticFiles(distDir: string) {
  const app = new Hono();
  const indexPath = join(distDir, 'index.html');
  let indexHtml: string | null = null;
  const readIndex = () => {
    if (indexHtml === null && existsSync(indexPath)) indexHtml = readFileSync(indexPath, 'utf8');
    return indexHtml;
  };

  // Headers go on before serveStatic builds its response; it would drop later ones.
  const serveFile = serveStatic({ root: distDir, precompressed: true });
  app.get(
    '/assets/*',
    (c, next) => {
      c.header('Cache-Control', IMMUTABLE);
      return serveFile(c, next);
    },
    // A missing hashed asset is a stale page asking for an old build: say so, never send HTML.
    (c) => {
      c.header('Cache-Control', 'no-store');
      return c.text('Not found', 404);
    },
  );
  // The service worker, its Workbox runtime and the manifest are not hashed: every visit revalidates
  // them, so a new version is found at once (web/app/service-worker.ts offers it).
  app.on('GET', ['/sw.js', '/:runtime{workbox-[\\w-]+\\.js}', '/manifest.webmanifest'], (c, next) => {
    c.header('Cache-Control', REVALIDATE);
    return serveFile(c, next);
  });
  app.get('*', (c, next) => {
    c.header('Cache-Control', REVALIDATE);
    return serveFile(c, next);
  });
  app.get('*', (c) => {
    const html = readIndex();
    if (html === null) {
      return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    c.header('Cache-Control', REVALIDATE);
    return c.html(html);
  });
  return app;
}
