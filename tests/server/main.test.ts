import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startServer } from '../support/server-process';

describe('the server process', () => {
  it('opens its SQLite file, serves the API and shuts down cleanly on SIGTERM', async () => {
    const server = await startServer();
    try {
      expect(existsSync(server.databasePath)).toBe(true);
      const res = await fetch(`${server.url}/api/health`);
      expect(await res.json()).toEqual({ ok: true });
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
});
