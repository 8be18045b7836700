import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiPalette } from '../../../shared/api/palettes';
import { type RunningServer, signUpAt, startServer } from '../../support/server-process';
import { colorIds } from '../helpers';
import { freshPostgresDatabase } from '../test-engine';

/**
 * Two `npm start` processes on one PostgreSQL database, as behind a load balancer: one service.
 * (PostgreSQL only: this file runs in the server suite's PostgreSQL project.)
 */
const ORIGIN = 'https://swatchbook.example';
let a: RunningServer;
let b: RunningServer;

const json = (cookie: string, extra: Record<string, string> = {}) => ({
  origin: ORIGIN,
  'content-type': 'application/json',
  cookie,
  ...extra,
});

/** Signs up through one process, with the public origin as the page would send it behind a proxy. */
const signUp = async (server: RunningServer, email: string) =>
  (await signUpAt(server.url, email, 'correct horse battery', ORIGIN)).cookie;

async function start(url: string, env: Record<string, string> = {}) {
  return startServer({
    env: { DATABASE_URL: url, PUBLIC_ORIGIN: ORIGIN, DIST_DIR: '/nonexistent', USER_WRITES_PER_MINUTE: '12', ...env },
  });
}

describe('two app processes on one PostgreSQL', () => {
  beforeAll(async () => {
    const { url, sql } = await freshPostgresDatabase();
    await sql.close();
    [a, b] = await Promise.all([start(url), start(url)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('share sessions, versions and rate limits, and a write acknowledged by one is read by the other', async () => {
    const cookie = await signUp(a, 'two@example.com');
    const session = await (await fetch(`${b.url}/api/auth/session`, { headers: { cookie } })).json();
    expect(session).toMatchObject({ user: { email: 'two@example.com' } });

    const created = await fetch(`${a.url}/api/palettes`, {
      method: 'POST',
      headers: json(cookie),
      body: JSON.stringify({ name: 'Hall', colorIds: colorIds(3) }),
    });
    const palette = (await created.json()) as ApiPalette;
    // Read your writes: B sees what A acknowledged, at once.
    const seen = (await (
      await fetch(`${b.url}/api/palettes/${palette.id}`, { headers: { cookie } })
    ).json()) as ApiPalette;
    expect(seen).toMatchObject({ name: 'Hall', version: 1 });

    // The same stale save through both at once: exactly one wins, the other is told 409.
    const saves = await Promise.all(
      [a, b, a, b].map((server, i) =>
        fetch(`${server.url}/api/palettes/${palette.id}`, {
          method: 'PATCH',
          headers: json(cookie, { 'if-match': 'W/"1"' }),
          body: JSON.stringify({ name: `Landing ${i}` }),
        }),
      ),
    );
    expect(saves.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const after = (await (
      await fetch(`${a.url}/api/palettes/${palette.id}`, { headers: { cookie } })
    ).json()) as ApiPalette;
    expect(after.version).toBe(2);
    const history = await (await fetch(`${b.url}/api/palettes/${palette.id}/history`, { headers: { cookie } })).json();
    expect(history.versions).toHaveLength(2);

    // 12 writes a minute per user, counted in the database: A and B together, not 12 each.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const server = i % 2 ? b : a;
      const res = await fetch(`${server.url}/api/palettes`, {
        method: 'POST',
        headers: json(cookie),
        body: JSON.stringify({ name: `P${i}`, colorIds: colorIds(3, i) }),
      });
      statuses.push(res.status);
    }
    // 5 writes so far (the create and the 4 tries): 7 more fit. Counted per process, all 12 would have.
    expect(statuses.filter((s) => s === 201)).toHaveLength(7);
    expect(statuses.slice(7)).toEqual([429, 429, 429, 429, 429]);
  });

  it('finishes the requests in flight when told to stop, then exits cleanly', async () => {
    const cookie = await signUp(b, 'drain@example.com');
    // Imports of 50 palettes each take a while: in flight when SIGTERM arrives.
    const palettes = Array.from({ length: 50 }, (_, i) => ({
      localId: `l${i}`,
      name: `L${i}`,
      colorIds: colorIds(5, i),
    }));
    const inFlight = Array.from({ length: 4 }, (_, n) =>
      fetch(`${b.url}/api/palettes/import`, {
        method: 'POST',
        headers: json(cookie),
        body: JSON.stringify({ palettes: palettes.map((p) => ({ ...p, localId: `${n}-${p.localId}` })) }),
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    const exit = b.stop('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await exit).toBe(0);
    // Every import it acknowledged is there for the process still running.
    const list = (await (await fetch(`${a.url}/api/palettes`, { headers: { cookie } })).json()) as {
      palettes: ApiPalette[];
    };
    expect(list.palettes.length).toBe(200);
  }, 60_000);
});
