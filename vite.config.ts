import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), precompress(), preloadCatalogue()],
  build: {
    // `vite build --ssr entry-server.tsx` (npm run build) writes the server's renderer beside the SPA.
    outDir: isSsrBuild ? '../dist/ssr' : '../dist/web',
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    target: isSsrBuild ? 'node20' : 'es2022',
    // Inline nothing: the catalogue must stay a cacheable JSON file, not a base64 string in JS.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
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
