import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeTestApp } from './helpers';

function fakeBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'swatchbook-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Swatchbook</title><div id="root"></div>');
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), js);
  writeFileSync(join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(js));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('serving the built SPA', () => {
  const { app } = makeTestApp({ distDir: fakeBuild() });

  it('caches hashed assets for a year as immutable', async () => {
    const res = await app.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed file to clients that accept gzip', async () => {
    const res = await app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('never caches index.html without revalidation', async () => {
    const res = await app.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('falls back to index.html for app routes such as /share/:id', async () => {
    const res = await app.request('/share/abc123XYZ');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>Swatchbook</title>');
  });

  it('does not fall back for missing hashed assets or API paths', async () => {
    expect((await app.request('/assets/missing-999.js')).status).toBe(404);
    const api = await app.request('/api/missing');
    expect(api.status).toBe(404);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('explains what to run when the app has not been built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'swatchbook-empty-'));
    const res = await makeTestApp({ distDir: empty }).app.request('/');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });
});
