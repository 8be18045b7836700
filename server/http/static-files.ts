import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** A path with a segment starting with '.' (`/.env`, `/.git/config`, `/%2eenv` once decoded). */
function isDotPath(path: string): boolean {
  let decoded = path;
  // Twice: `%252e` decodes to `%2e`, which a later layer might decode again.
  for (let i = 0; i < 2; i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return true;
    }
  }
  return /(^|[/\\])\./.test(decoded);
}

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Page not found — Swatchbook</title>
  </head>
  <body style="font-family: system-ui, sans-serif; margin: 2rem; line-height: 1.4">
    <h1>Page not found</h1>
    <p>There is nothing at this address.</p>
    <p><a href="/">Go to the palette generator</a></p>
  </body>
</html>
`;

/**
 * Serves the built SPA's files: hashed files under /assets are cached for a year, everything else
 * is revalidated. The app's pages are routes/page-routes.ts; anything else is a 404 (an HTML page
 * for browsers), and no dotfile is ever served.
 */
export function staticFiles(distDir: string) {
  const app = new Hono();

  app.use('*', async (c, next) => {
    if (!isDotPath(c.req.path) && !isDotPath(new URL(c.req.url).pathname)) return next();
    c.header('Cache-Control', 'no-store');
    return c.text('Not found', 404);
  });

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
  // Everything else, the service worker, its Workbox runtime and the manifest among them, is not
  // hashed: every visit revalidates it, so a new version is found at once (web/app/service-worker.ts
  // offers it). One catch-all: a pattern route here (`/:name{…}`) would cost the app its fast router.
  app.get('*', (c, next) => {
    c.header('Cache-Control', REVALIDATE);
    return serveFile(c, next);
  });
  // Not a page of the app nor a built file: a real 404, so crawlers and Lighthouse see one.
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-store');
    if (c.req.header('accept')?.includes('text/html')) return c.html(NOT_FOUND_PAGE, 404);
    return c.text('Not found', 404);
  });
  return app;
}
