import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes .br and .gz beside each built asset so the server sends them with no CPU per request. */
function precompress(): Plugin {
  return {
    name: 'swatchbook:precompress',
    apply: 'build',
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

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), precompress(), preloadCatalogue()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // Inline nothing: the catalogue must stay a cacheable JSON file, not a base64 string in JS.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  worker: { format: 'es' },
  server: {
    fs: { allow: ['..'] },
    proxy: { '/api': 'http://localhost:3000' },
  },
});
