import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/app';
import type { ApiPalette } from '../../shared/api/palettes';
import type { RateLimitConfig } from '../../server/auth/rate-limit';
import { type AppConfig, type AppDeps, silentLogger } from '../../server/http/app-env';
import { loadCatalogue } from '../../server/catalogue-file';
import type { Sql } from '../../server/db/sql';
import { refreshShareBodies } from '../../server/palettes/palette-projection';
import { openTestSql } from './test-engine';

export const THEME_SCRIPT = "document.documentElement.dataset.theme='light'";
export const CSS = '.palette-strip{display:flex}';

/** A built SPA's shell as `vite build` leaves it, for the page routes. */
export function fakeBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'swatchbook-pages-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>
<html lang="en-GB">
  <head>
    <meta name="description" content="Shell description" />
    <title>Swatchbook — paint palettes</title>
    <script>${THEME_SCRIPT}</script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`,
  );
  writeFileSync(join(dir, 'assets', 'index-abc.css'), CSS);
  return dir;
}

export const testConfig: AppConfig = { publicOrigin: 'http://localhost:3000', auth: { google: null } };

let catalogue: ReturnType<typeof loadCatalogue> | null = null;

/** A fresh app on a temporary SQLite file (the real engine, WAL and all), with a fixed clock. */
export async function makeTestApp(overrides: Partial<AppDeps> = {}) {
  catalogue ??= loadCatalogue();
  const sql = overrides.sql ?? (await openTestSql());
  const deps: AppDeps = {
    sql,
    catalogue,
    config: testConfig,
    now: () => new Date('2026-11-22T12:00:00Z'),
    logger: silentLogger,
    ...overrides,
  };
  // As at start-up (server/main.ts): share bodies written from another catalogue are rewritten.
  await refreshShareBodies(deps.sql, deps.catalogue);
  return { app: createApp(deps), deps };
}

export type TestApp = Awaited<ReturnType<typeof makeTestApp>>['app'];
const ORIGIN = 'http://localhost:3000';

/** A JSON request as the app's own page sends it (same Origin, session cookie if given). */
export function call(
  app: TestApp,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string>; env?: unknown } = {},
) {
  const headers: Record<string, string> = { origin: ORIGIN, ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  return app.request(`http://localhost:3000${path}`, { method, headers, body }, options.env as never);
}

/** The `name=value` of the session cookie a response set, for the next request's Cookie header. */
export function sessionCookie(res: Response): string {
  const line = res.headers.getSetCookie().find((l) => l.startsWith('swatchbook_session=') && !/Max-Age=0/.test(l));
  if (!line) throw new Error(`no session cookie in ${res.status} response`);
  return line.split(';')[0]!;
}

/** The test config with Google sign-in pointed at a local OpenID provider stand-in (oauth2-mock-server at `issuer`). */
export function googleConfig(issuer: string, rateLimits?: RateLimitConfig): AppConfig {
  return {
    ...testConfig,
    auth: {
      ...(rateLimits ? { rateLimits } : {}),
      google: {
        clientId: 'swatchbook-test',
        clientSecret: 'test-secret',
        authorizationEndpoint: `${issuer}/authorize`,
        tokenEndpoint: `${issuer}/token`,
        issuer,
      },
    },
  };
}

/** The test config with these rate limits (and any other setting given, e.g. trustProxy). */
export function limitedConfig(rateLimits: RateLimitConfig, more: Partial<AppConfig> = {}): AppConfig {
  return { ...testConfig, ...more, auth: { google: null, rateLimits } };
}

/** The Node request env @hono/node-server passes, with the socket address the limits count by. */
const fromAddress = (address: string) => ({ incoming: { socket: { remoteAddress: address, remotePort: 1 } } });

/** A password sign-in or sign-up sent from one client address (with a cookie or proxy headers when given). */
export function authFrom(
  app: TestApp,
  address: string,
  route: 'signin' | 'signup',
  body: { email: string; password: string },
  options: { cookie?: string; headers?: Record<string, string> } = {},
) {
  return call(app, 'POST', `/api/auth/${route}`, { body, env: fromAddress(address), ...options });
}

let userCount = 0;
/** Signs up a fresh account and returns its session cookie and id. */
export async function signUp(app: TestApp, email = `user${++userCount}-${Date.now()}@example.com`) {
  const res = await call(app, 'POST', '/api/auth/signup', { body: { email, password: 'correct horse' } });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  return { cookie: sessionCookie(res), id: body.user.id, email };
}

/** Three real catalogue ids, and more when asked. */
export function colorIds(count = 3, offset = 0): string[] {
  catalogue ??= loadCatalogue();
  return catalogue.colors.slice(offset, offset + count).map((c) => c.id);
}

/** The read models, in a stable order, to compare with a replay. */
export async function snapshot(sql: Sql) {
  return {
    palettes: await sql.all(
      'SELECT id, user_id, name, colors, created_at, updated_at, is_public, share_id, version FROM palettes ORDER BY id',
    ),
    shares: await sql.all('SELECT share_id, palette_id, version, body FROM shares ORDER BY share_id'),
    // Owners whose palettes all went keep a row at 0; a replay writes none: compare the live counts.
    counts: await sql.all('SELECT user_id, palettes FROM palette_counts WHERE palettes > 0 ORDER BY user_id'),
  };
}

/** A fresh app with a signed-in owner and one public palette, "Hall", of three colours. */
export async function makeSharedPalette(overrides: Partial<AppDeps> = {}) {
  const { app, deps } = await makeTestApp(overrides);
  const owner = await signUp(app);
  const created = await call(app, 'POST', '/api/palettes', {
    cookie: owner.cookie,
    body: { name: 'Hall', colorIds: colorIds(3) },
  });
  const palette = (await created.json()) as ApiPalette;
  const shared = await call(app, 'PUT', `/api/palettes/${palette.id}/sharing`, {
    cookie: owner.cookie,
    body: { public: true },
  });
  const { shareId } = (await shared.json()) as { shareId: string };
  return { app, deps, owner, palette, shareId };
}
