import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../helpers';

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

describe('serving the built SPA', async () => {
  const { app } = await makeTestApp({ distDir: fakeBuild() });

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

  it('sends the app for its routes, and for an unknown share link the app with a 404 status', async () => {
    for (const path of ['/confirm?token=abc', '/reset-password']) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
    const res = await app.request('/share/abc123XYZ');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>Swatchbook</title>');
  });

  it('answers 404 for paths that are neither a page nor a file: an HTML page for browsers', async () => {
    for (const path of ['/nope', '/palettes/123', '/wp-login.php', '/share/abc/extra', '/favicon.ico']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('<div id="root">');
    }
    const page = await app.request('/nope', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Page not found');
  });

  it('never serves a dotfile, however the path is written', async () => {
    const dir = fakeBuild();
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, '.env'), 'SECRET=1');
    writeFileSync(join(dir, '.git', 'config'), '[core]');
    writeFileSync(join(dir, 'assets', '.hidden.js'), 'secret');
    const served = (await makeTestApp({ distDir: dir })).app;
    for (const path of [
      '/.env',
      '/.git/config',
      '/%2eenv',
      '/%2Egit/config',
      '/%252eenv',
      '/assets/.hidden.js',
      '/x/../.env',
    ]) {
      const res = await served.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toMatch(/SECRET|core|secret/);
    }
  });

  it('has a robots.txt that allows the app and keeps crawlers off the API', async () => {
    const res = await app.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).not.toContain('<');
  });

  it('does not fall back for missing hashed assets or API paths', async () => {
    expect((await app.request('/assets/missing-999.js')).status).toBe(404);
    const api = await app.request('/api/missing');
    expect(api.status).toBe(404);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('explains what to run when the app has not been built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'swatchbook-empty-'));
    const res = await (await makeTestApp({ distDir: empty })).app.request('/');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });
});
