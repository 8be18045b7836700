import { describe, expect, it } from 'vitest';
import { colorIds, fakeBuild, makeTestApp, signUp, testConfig } from './helpers';

describe('the API skeleton', () => {
  it('answers GET /api/health', async () => {
    const { app } = await makeTestApp();
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('says which sign-in methods are enabled', async () => {
    const off = await (await makeTestApp()).app.request('/api/config');
    expect(await off.json()).toEqual({ auth: { password: true, google: false, mail: false } });
    const on = await makeTestApp({
      config: { ...testConfig, auth: { google: { clientId: 'id', clientSecret: 's' } } },
    });
    expect(await (await on.app.request('/api/config')).json()).toEqual({
      auth: { password: true, google: true, mail: false },
    });
  });

  it('answers an unknown API path with 404 in the error shape', async () => {
    const res = await (await makeTestApp()).app.request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toContain('/api/no-such-thing');
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const res = await (await makeTestApp()).app.request('/api/health', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
    });
  });

  it('answers a non-JSON body with 415 and an oversized one with 413', async () => {
    const { app } = await makeTestApp();
    const form = await app.request('/api/health', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'http://localhost' },
      body: 'hi',
    });
    expect(form.status).toBe(415);
    expect(((await form.json()) as { error: { code: string } }).error.code).toBe('unsupported_media_type');
    const big = await app.request('/api/health', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('refuses a JSON write that a browser marks cross-site even when it sends no Origin, and still takes one from a script', async () => {
    const { app } = await makeTestApp();
    const { cookie } = await signUp(app);
    const post = (headers: Record<string, string>) =>
      app.request('http://localhost:3000/api/palettes', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...headers },
        body: JSON.stringify({ name: 'Planted', colorIds: colorIds(3) }),
      });
    for (const site of ['cross-site', 'same-site']) {
      const res = await post({ 'sec-fetch-site': site });
      expect(res.status, site).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden_origin');
    }
    const list = async () =>
      ((await (await app.request('/api/palettes', { headers: { cookie } })).json()) as { palettes: unknown[] })
        .palettes;
    expect(await list()).toHaveLength(0);
    // The app's own page, and a script or curl (no browser, no Sec-Fetch-Site), still write.
    expect((await post({ 'sec-fetch-site': 'same-origin' })).status).toBe(201);
    expect((await post({})).status).toBe(201);
    expect(await list()).toHaveLength(2);
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await (await makeTestApp()).app.request('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // Over plain http HSTS is meaningless: sent only where the public origin (or the request) is https.
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const tls = await makeTestApp({ config: { ...testConfig, publicOrigin: 'https://swatchbook.example' } });
    const secure = await tls.app.request('https://swatchbook.example/api/health');
    expect(secure.headers.get('strict-transport-security')).toMatch(/^max-age=\d+; includeSubDomains$/);
  });

  it("matches the share read, the pages and the files with Hono's fast router", async () => {
    // A route the fast router cannot hold sends every request to the tree router: share reads
    // lost a fifth of their rate that way (app.ts). The session API has an app of its own.
    const { app } = await makeTestApp({ distDir: fakeBuild() });
    expect((await app.request('/api/shares/abcdefghijklm')).status).toBe(404);
    expect((await app.request('/api/health')).status).toBe(200);
    expect(app.router.name).toBe('SmartRouter + RegExpRouter');
  });
});
