import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../../shared/api/common';
import { rebuildPaletteProjections } from '../../../server/palettes/palette-projection';
import { call, colorIds, makeTestApp, signUp, snapshot } from '../helpers';
import { sqliteOf } from '../../../server/db/sqlite-sql';

const RUNS = 1000;

/** Bodies a careless or hostile client might send: any JSON, broken JSON, near-valid shapes. */
const jsonish = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '',
    '{',
    '{"name":',
    'null',
    '[]',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{}}}',
  ),
  fc
    .record(
      {
        name: fc.oneof(fc.string({ maxLength: 150 }), fc.integer(), fc.constant(null)),
        colorIds: fc.oneof(
          fc.array(fc.constantFrom(...colorIds(12), 'nope', '', 'x'.repeat(500)), { maxLength: 14 }),
          fc.string(),
          fc.array(fc.integer()),
        ),
        ids: fc.array(fc.string({ maxLength: 70 }), { maxLength: 5 }),
        public: fc.oneof(fc.boolean(), fc.string(), fc.integer()),
        version: fc.oneof(fc.integer(), fc.double(), fc.string()),
        email: fc.oneof(fc.emailAddress(), fc.string()),
        password: fc.string({ maxLength: 300 }),
        currentPassword: fc.string({ maxLength: 300 }),
        newPassword: fc.string({ maxLength: 300 }),
        token: fc.oneof(fc.string({ maxLength: 80 }), fc.stringMatching(/^[a-z2-7]{16,64}$/)),
        totp: fc.oneof(fc.string({ maxLength: 40 }), fc.stringMatching(/^[0-9]{6}$/)),
        palettes: fc.array(
          fc.record(
            {
              localId: fc.string({ maxLength: 130 }),
              name: fc.string({ maxLength: 120 }),
              colorIds: fc.array(fc.constantFrom(...colorIds(12), 'nope'), { maxLength: 12 }),
              createdAt: fc.oneof(
                fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'bad' : d.toISOString())),
                fc.string(),
              ),
              history: fc.array(
                fc.record({
                  type: fc.constantFrom(
                    'PaletteCreated',
                    'PaletteRenamed',
                    'PaletteColorsChanged',
                    'PaletteRestored',
                    'PaletteDeleted',
                    'Nope',
                  ),
                  schemaVersion: fc.constantFrom(1, 2),
                  at: fc.constantFrom('2026-11-01T00:00:00.000Z', '2030-01-01T00:00:00Z', 'yesterday'),
                  data: fc.jsonValue(),
                }),
                { maxLength: 4 },
              ),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 3 },
        ),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  '',
);
const ifMatch = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('W/"1"', '"2"', '*', 'W/"999999999999999999"'),
  fc.string({ maxLength: 30 }),
);
const idLike = fc.oneof(fc.string({ maxLength: 80 }), fc.stringMatching(/^[a-z0-9]{1,64}$/));

describe('fuzzing every endpoint', () => {
  it('answers thousands of random and malformed requests with 4xx (never 5xx), leaving the database intact', async () => {
    const { app, deps } = await makeTestApp();
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const created = await call(app, 'POST', '/api/palettes', {
      cookie: owner.cookie,
      body: { name: 'Guarded', colorIds: colorIds(4) },
    });
    const guarded = (await created.json()) as { id: string };
    const guardedBefore = await deps.sql.get('SELECT * FROM palettes WHERE id = ?', [guarded.id]);
    const mine = await call(app, 'POST', '/api/palettes', {
      cookie: stranger.cookie,
      body: { name: 'Mine', colorIds: colorIds(3) },
    });
    const own = (await mine.json()) as { id: string };

    const endpoints: Array<[string, (id: string) => string]> = [
      ['POST', () => '/api/auth/signup'],
      ['POST', () => '/api/auth/signin'],
      ['POST', () => '/api/auth/signout'],
      ['POST', () => '/api/palettes'],
      ['PATCH', (id) => `/api/palettes/${id}`],
      ['DELETE', (id) => `/api/palettes/${id}`],
      ['POST', () => '/api/palettes/delete'],
      ['POST', () => '/api/palettes/undelete'],
      ['PUT', (id) => `/api/palettes/${id}/sharing`],
      ['GET', (id) => `/api/palettes/${id}/history`],
      ['POST', (id) => `/api/palettes/${id}/restore`],
      ['POST', (id) => `/api/palettes/${id}/undelete`],
      ['POST', () => '/api/palettes/import'],
      ['GET', (id) => `/api/shares/${id}`],
      ['POST', () => '/api/auth/confirm'],
      ['POST', () => '/api/auth/resend-confirmation'],
      ['POST', () => '/api/auth/password-reset'],
      ['POST', () => '/api/auth/password-reset/confirm'],
      ['POST', () => '/api/auth/password'],
      ['GET', (id) => `/api/palettes/${id}/history?before=${id}&limit=${id}`],
      ['POST', () => '/api/auth/totp/setup'],
      ['POST', () => '/api/auth/totp/enable'],
      ['POST', () => '/api/auth/totp/disable'],
      ['GET', () => '/api/account/export'],
      ['DELETE', () => '/api/account'],
      // Last: it ends the stranger's sessions, so the calls above still run signed in.
      ['POST', () => '/api/auth/signout-everywhere'],
    ];
    let requests = 0;
    const statuses = new Map<number, number>();
    const codes = new Set<string>();
    for (const [method, path] of endpoints) {
      await fc.assert(
        fc.asyncProperty(
          jsonish,
          contentType,
          ifMatch,
          fc.oneof(fc.constant(own.id), fc.constant(guarded.id), idLike),
          async (body, type, match, id) => {
            const headers: Record<string, string> = { origin: 'http://localhost:3000', cookie: stranger.cookie };
            if (type) headers['content-type'] = type;
            if (match !== undefined) headers['if-match'] = match;
            let url: string;
            try {
              url = `http://localhost:3000${path(encodeURIComponent(id))}`;
            } catch {
              return;
            }
            const res = await app.request(url, { method, headers, body: method === 'GET' ? undefined : body });
            requests++;
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            expect(res.status, `${method} ${url} ${body.slice(0, 80)}`).toBeLessThan(500);
            if (res.status >= 400) {
              const error = ((await res.json()) as { error: { code: string; message: string } }).error;
              codes.add(error.code);
              expect(error.message).not.toMatch(/at .*\.ts:\d+/);
            }
          },
        ),
        { numRuns: RUNS },
      );
    }
    expect(requests).toBeGreaterThanOrEqual(endpoints.length * RUNS);
    expect([...statuses.keys()].some((s) => s >= 400)).toBe(true);
    // Every code the API answered with is one the app can know: the exported list, not a copy of it.
    const listed = new Set<string>(API_ERROR_CODES);
    expect([...codes].filter((code) => !listed.has(code))).toEqual([]);
    expect(codes.size).toBeGreaterThan(5);

    // SQLite checks its own file; PostgreSQL has no such whole-file check and needs none here.
    expect(sqliteOf(deps.sql)?.pragma('integrity_check', { simple: true }) ?? 'ok').toBe('ok');
    expect(await deps.sql.get('SELECT * FROM palettes WHERE id = ?', [guarded.id])).toEqual(guardedBefore);
    const live = await snapshot(deps.sql);
    await rebuildPaletteProjections(deps.sql, deps.catalogue);
    expect(await snapshot(deps.sql)).toEqual(live);
  }, 240_000); // the account routes are fuzzed too, so twice the palette routes' time
});
