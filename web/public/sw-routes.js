// Imported by the Workbox service worker (vite.config.ts). The app's hashed files are read straight
// from the worker's caches by the browser (ServiceWorker static routing), without starting or
// running the worker's script for each: a returning visitor's CSS and chunks come as soon as from
// the HTTP cache. A file not in the caches goes to the network, as without a worker.
self.addEventListener('install', (event) => {
  if (!event.addRoutes) return;
  event.waitUntil(
    event.addRoutes([{ condition: { urlPattern: new URLPattern({ pathname: '/assets/*' }) }, source: 'cache' }]),
  );
});
