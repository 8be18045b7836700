import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Writes .br and .gz beside each built asset so the server sends them with no CPU per request. */
function precompress(): Plugin {
  return {
    name: 'swatchbook:precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle(options, bundle) {
      const outDir = options.dir ?? '';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|json|svg|html|webmanifest)$/.test(fileName)) continue;
        const path = join(outDir, fileName);
        const data = readFileSync(path);
        if (data.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/** Starts the catalogue download with the HTML, before the app's JS has even been parsed. */
function preloadCatalogue(): Plugin {
  return {
    name: 'swatchbook:preload-catalogue',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const asset = Object.keys(ctx.bundle ?? {}).find((name) => /\/catalogue-[\w-]+\.json$/.test(name));
        if (!asset) return [];
        return [
          { tag: 'link', attrs: { rel: 'preload', href: `/${asset}`, as: 'fetch', crossorigin: '' }, injectTo: 'head' },
        ];
      },
    },
  };
}

/** The light theme's page colour (web/app/app.css `--bg`): splash screen, title bar, maskable icon ground. */
const PAPER = '#f7f5f2';

/** The service worker's Cache Storage, which the navigation route's plugin (run in the worker) reads. */
declare const caches: { match(url: string, options?: { ignoreSearch?: boolean }): Promise<Response | undefined> };

/** How long an installed app waits for the server's page before it paints the offline shell instead. */
const NAVIGATION_TIMEOUT_S = 2;

/**
 * Installable and offline: the manifest, icons made at build time from the one SVG, and a
 * Workbox service worker that precaches the app shell, every chunk and worker, and the catalogue.
 */
function pwa() {
  return VitePWA({
    registerType: 'prompt',
    // Registered by web/app/service-worker.ts, loaded after the first paint: nothing in the HTML.
    injectRegister: false,
    manifest: {
      id: '/',
      name: 'Swatchbook — paint palettes',
      short_name: 'Swatchbook',
      description: 'Generate, save and share palettes of real paint from Farrow & Ball, Lick and Little Greene.',
      lang: 'en-GB',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: PAPER,
      background_color: PAPER,
      categories: ['design', 'lifestyle'],
      // web/app/launch-action.ts does what these ask, then tidies the address.
      shortcuts: [
        { name: 'Generate', description: 'A new palette of real paint', url: '/?action=generate' },
        { name: 'Saved palettes', short_name: 'Saved', description: 'Open your saved palettes', url: '/?open=saved' },
      ],
    },
    pwaAssets: {
      config: false,
      image: 'public/favicon.svg',
      overrideManifestIcons: true,
      // index.html has its own theme colours, one per colour scheme.
      injectThemeColor: false,
      preset: {
        transparent: { sizes: [64, 192, 512], favicons: [[48, 'favicon.ico']] },
        // The square of stripes fits inside the maskable safe zone (a circle of 80 % of the width): 55 % wide.
        maskable: { sizes: [192, 512], padding: 0.45, resizeOptions: { background: PAPER } },
        apple: { sizes: [180], padding: 0.3, resizeOptions: { background: PAPER } },
      },
    },
    workbox: {
      // web/public/sw-routes.js: hashed files read from the caches by the browser, not the script.
      importScripts: ['/sw-routes.js'],
      // Not the .gz/.br twins: the browser asks for the plain URL and the server picks the encoding.
      globPatterns: ['**/*.{html,js,css,json,svg,png,jpg,webp,ico,woff2}'],
      // The app's routes come from the server, which paints them sooner than the shell can (the
      // shell must load the app and the catalogue first); the request starts while the worker
      // boots (navigation preload). Offline or with no answer within NAVIGATION_TIMEOUT_S (one bar
      // of signal), the last page it painted answers, else the precached shell; a page from a
      // release newer than the one installed is not used (until Reload).
      navigationPreload: true,
      // No fallback route before it (vite-plugin-pwa would add one for index.html).
      navigateFallback: undefined,
      // '/' is not the precached shell's address: the route below answers it.
      directoryIndex: '',
      runtimeCaching: [
        {
          // The API and everything else is never the worker's business: it behaves as without one.
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' && /^\/(?:share\/[^/?#]+\/?|confirm|reset-password)?$/.test(url.pathname),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'pages',
            networkTimeoutSeconds: NAVIGATION_TIMEOUT_S,
            // The page varies by cookie; the worker keeps one per address, this browser's own.
            matchOptions: { ignoreVary: true },
            expiration: { maxEntries: 20 },
            plugins: [
              {
                // The last page the server painted is kept, so a visit without the network paints
                // as soon as one with it (the session then puts this visit's palette in, as online).
                cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
                cachedResponseWillBeUsed: async ({ cachedResponse }) =>
                  cachedResponse ?? caches.match('/index.html', { ignoreSearch: true }),
                // The installed shell's SHA-256, worked out while the page is on its way (not after
                // it came, which held every online visit up by a search of the caches and a hash),
                // and kept for the worker's life: its precache never changes.
                handlerWillStart: async () => {
                  const worker = globalThis as unknown as { installedShell?: Promise<string | null> };
                  worker.installedShell ??= caches.match('/index.html', { ignoreSearch: true }).then(async (shell) => {
                    if (!shell) return null;
                    const digest = await crypto.subtle.digest('SHA-256', await shell.arrayBuffer());
                    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
                  });
                },
                // Whatever answers (the preloaded page, the network's or the kept one): a page of
                // another release than the one installed (deployed since) gives way to the
                // installed shell until the person takes the new version (the Reload toast). The
                // server names its shell's SHA-256 (server/pages/page-shell.ts SHELL_HEADER).
                handlerWillRespond: async ({ response }) => {
                  const worker = globalThis as unknown as { installedShell?: Promise<string | null> };
                  const installed = await worker.installedShell;
                  // No shell yet (still precaching): ask again next time.
                  if (!installed) worker.installedShell = undefined;
                  if (!installed || response.headers.get('swatchbook-shell') === installed) return response;
                  return (await caches.match('/index.html', { ignoreSearch: true })) ?? response;
                },
              },
            ],
          },
        },
      ],
      // The first visit's page is served from the cache too once precaching is done: lazy chunks load offline.
      clientsClaim: true,
      cleanupOutdatedCaches: true,
    },
  });
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: 'public',
  // The server's renderer needs no manifest, icons or service worker.
  plugins: [react(), precompress(), preloadCatalogue(), ...(isSsrBuild ? [] : [pwa()])],
  build: {
    // `vite build --ssr entry-server.tsx` (npm run build) writes the server's renderer beside the SPA.
    outDir: isSsrBuild ? '../dist/ssr' : '../dist/web',
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    target: isSsrBuild ? 'node20' : 'es2022',
    // Inline nothing: the catalogue must stay a cacheable JSON file, not a base64 string in JS.
    assetsInlineLimit: 0,
    // The page's own scripts and the hydration chunk's come preloaded (the way to a live page), as
    // do the imports of the two chunks fetched right after it: the code that reads the catalogue
    // (web/stores/catalogue-store.ts) and the start-up sign-in check (it fetches the API client's
    // chunk beside its own, as when the entry imported the client itself). Any other lazy chunk
    // brings its CSS and finds its own imports as it loads (the service worker holds every chunk
    // after the first visit). Listing them all put the hashed name of every lazy chunk into the
    // first-paint script: over 1 KiB of its gzip.
    // The renderer imports the shared-palette label at once (it paints with a shared palette) while
    // the app loads it lazily: that one module is meant to be in both.
    rollupOptions: isSsrBuild
      ? {
          onwarn(warning, warn) {
            if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
          },
        }
      : // The entry names every chunk it may import: 7 characters of hash (the fewest the bundler
        // takes for this many chunks) rather than 8 take ~30 bytes off its gzip.
        { output: { chunkFileNames: 'assets/[name]-[hash:7].js' } },
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'html' || /hydrate-page|auth-check-actions|\/catalogue-(?!store)/.test(file)
          ? deps
          : deps.filter((dep) => dep.endsWith('.css')),
    },
  },
  // React's production build on the server too (the SPA build sets this by itself).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  // The renderer is one self-contained file: it runs from any folder (tests build into /tmp).
  ssr: { noExternal: true, target: 'node' },
  worker: { format: 'es' },
  server: {
    fs: { allow: ['..'] },
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
