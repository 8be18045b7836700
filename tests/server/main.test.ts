import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { signUpAt, startServer } from '../support/server-process';
import { colorIds } from './helpers';

describe('the server process', () => {
  it('sends HSTS when its public origin is https (behind a TLS proxy), on a real socket', async () => {
    const server = await startServer({ env: { PUBLIC_ORIGIN: 'https://swatchbook.example' } });
    try {
      const res = await fetch(`${server.url}/api/health`);
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+; includeSubDomains$/);
    } finally {
      await server.stop();
    }
  });

  it('opens its SQLite file, serves the API and shuts down cleanly on SIGTERM', async () => {
    const server = await startServer();
    try {
      expect(existsSync(server.databasePath)).toBe(true);
      const res = await fetch(`${server.url}/api/health`);
      expect(await res.json()).toEqual({ ok: true });
      // The security headers reach a real socket (they are handed to Node's response there).
      expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self'/);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('cache-control')).toBe('no-store');
      // Plain http (the default public origin): HSTS means nothing here and is not sent.
      expect(res.headers.get('strict-transport-security')).toBeNull();
      // One structured log line per request, with method, path, status and duration.
      await new Promise((r) => setTimeout(r, 50));
      const line = server.logs
        .join('')
        .split('\n')
        .find((l) => l.includes('"path":"/api/health"'));
      expect(JSON.parse(line ?? '{}')).toMatchObject({ method: 'GET', path: '/api/health', status: 200 });
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    expect(server.logs.join('')).toContain('shutting down');
  }, 30_000);

  it('answers a share read over a real socket with the security set once, its ETag and public cache life, and a 304 alike', async () => {
    const server = await startServer();
    try {
      const { cookie } = await signUpAt(server.url, `share-${Date.now()}@example.com`, 'correct horse battery');
      const json = { origin: server.url, 'content-type': 'application/json', cookie };
      const created = (await (
        await fetch(`${server.url}/api/palettes`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ name: 'Hall', colorIds: colorIds(3) }),
        })
      ).json()) as { id: string };
      const { shareId } = (await (
        await fetch(`${server.url}/api/palettes/${created.id}/sharing`, {
          method: 'PUT',
          headers: json,
          body: JSON.stringify({ public: true }),
        })
      ).json()) as { shareId: string };
      const read = async (headers: Record<string, string> = {}) => {
        const res = await fetch(`${server.url}/api/shares/${shareId}`, { headers });
        return { res, text: await res.text() };
      };
      // Twice: the second is answered from memory.
      for (const { res, text } of [await read(), await read()]) {
        expect(res.status).toBe(200);
        expect(JSON.parse(text)).toMatchObject({ name: 'Hall', shareId });
        expect(res.headers.get('content-type')).toBe('application/json');
        expect(res.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
        expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
        // Each security header exactly once (a doubled one reads "nosniff, nosniff").
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
        expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self'[^,]*$/);
        expect(res.headers.get('set-cookie')).toBeNull();
      }
      const { res: first } = await read();
      const { res: again, text } = await read({ 'if-none-match': first.headers.get('etag')! });
      expect(again.status).toBe(304);
      expect(text).toBe('');
      expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(again.headers.get('x-content-type-options')).toBe('nosniff');
      // Gone: a 404 in the one error shape, with the security set and nothing a cache may keep.
      // Another id of the same shape: its last letter changed (never to itself).
      const other = `${shareId.slice(0, -1)}${shareId.endsWith('x') ? 'y' : 'x'}`;
      const missing = await fetch(`${server.url}/api/shares/${other}`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('cache-control')).toBe('no-store');
      expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('keeps an idle keep-alive connection past Node’s 5 s default, so the next request on it is answered', async () => {
    const server = await startServer();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const req = request(`${server.url}/api/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const first = await get();
      await new Promise((r) => setTimeout(r, 6_000));
      // Still open after 6 s idle (Node's default closes it at 5 s).
      expect((first.socket as Socket).destroyed).toBe(false);
      const second = await get();
      expect([first.status, second.status]).toEqual([200, 200]);
    } finally {
      agent.destroy();
      await server.stop('SIGTERM');
    }
  }, 30_000);

  it('over a real socket, judges bodies as the app does: 413 by length or by chunks, 415, 400, and a body-less DELETE', async () => {
    const server = await startServer();
    const post = (body: BodyInit, headers: Record<string, string>, method = 'POST') =>
      fetch(`${server.url}/api/palettes`, {
        method,
        headers: { origin: server.url, ...headers },
        body,
        duplex: 'half',
      } as RequestInit);
    const code = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
    try {
      const json = { 'content-type': 'application/json' };
      const big = `{"name":"${'x'.repeat(1024 * 1024)}"}`;
      expect(await code(await post(big, json))).toBe('payload_too_large');
      // Chunked (no Content-Length): counted as it arrives. One byte over, in the last chunk, so the
      // server has read it all when it answers (earlier, it answers and closes while we still send).
      const chunks = new ReadableStream({
        start(controller) {
          for (let i = 0; i < 16; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(64 * 1024)));
          controller.enqueue(new TextEncoder().encode('x'));
          controller.close();
        },
      });
      expect(await code(await post(chunks, json))).toBe('payload_too_large');
      expect(await code(await post('name=x', { 'content-type': 'application/x-www-form-urlencoded' }))).toBe(
        'unsupported_media_type',
      );
      expect(await code(await post('{"name":', json))).toBe('invalid_json');
      // Well-formed and small: on to the route, which wants a signed-in caller.
      expect(await code(await post('{"name":"Hall","colorIds":["a","b","c"]}', json))).toBe('unauthenticated');
      const del = await fetch(`${server.url}/api/palettes/abc`, { method: 'DELETE', headers: { origin: server.url } });
      expect(await code(del)).toBe('palette_not_found');
    } finally {
      await server.stop();
    }
  }, 30_000);
});
