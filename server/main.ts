import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { smtpMailer } from './auth/mailer';
import { loadCatalogue } from './catalogue-file';
import { openDatabase } from './db/database';
import { sqliteSql } from './db/sqlite-sql';
import type { AppConfig, Logger, PageRenderer } from './http/app-env';
import { parseTrustProxy } from './http/client-ip';
import { runMaintenance } from './account/maintenance';

// The only module that reads the environment and opens the socket.
const env = process.env;
const port = Number(env.PORT ?? 3000);
const databasePath = env.DATABASE_PATH ?? 'var/swatchbook.sqlite';
const distDir = env.DIST_DIR ?? fileURLToPath(new URL('../dist/web', import.meta.url));

const logger: Logger = {
  info: (fields) =>
    process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'info', ...fields })}\n`),
  error: (fields) =>
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'error', ...fields })}\n`),
};

function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

const publicOrigin = env.PUBLIC_ORIGIN ?? `http://localhost:${port}`;
const config: AppConfig = {
  publicOrigin,
  auth: {
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            // Overrides exist for integration tests against a local OIDC server; production leaves them unset.
            authorizationEndpoint: env.GOOGLE_AUTHORIZATION_ENDPOINT || undefined,
            tokenEndpoint: env.GOOGLE_TOKEN_ENDPOINT || undefined,
            issuer: env.GOOGLE_ISSUER || undefined,
          }
        : null,
    ...(positive(env.USER_WRITES_PER_MINUTE)
      ? { rateLimits: { writesPerMinute: positive(env.USER_WRITES_PER_MINUTE) } }
      : {}),
  },
  trustProxy: parseTrustProxy(env.TRUST_PROXY),
  // Per-account ceilings; the defaults suit people, a load test raises them.
  caps: {
    ...(positive(env.USER_MAX_PALETTES) ? { palettes: positive(env.USER_MAX_PALETTES) } : {}),
    ...(positive(env.USER_MAX_VERSIONS) ? { versionsPerPalette: positive(env.USER_MAX_VERSIONS) } : {}),
  },
};
const mailer = env.SMTP_URL
  ? smtpMailer(env.SMTP_URL, env.MAIL_FROM ?? `Swatchbook <no-reply@${new URL(publicOrigin).hostname}>`)
  : null;

// The server render of the first screen, built beside the SPA (dist/ssr); SSR=off serves the bare shell.
const ssrEntry = join(env.SSR_DIR ?? join(distDir, '../ssr'), 'entry-server.js');
const render =
  env.SSR !== 'off' && existsSync(ssrEntry)
    ? ((await import(pathToFileURL(ssrEntry).href)) as { renderApp: PageRenderer }).renderApp
    : null;

const db = openDatabase(databasePath);
const sql = sqliteSql(db);
const app = createApp({
  db,
  sql,
  catalogue: loadCatalogue(),
  config,
  now: () => new Date(),
  logger,
  distDir,
  mailer,
  render,
});

const server = serve({ fetch: app.fetch, port, hostname: env.HOST ?? '0.0.0.0' }, (info) => {
  logger.info({ msg: 'listening', url: `http://localhost:${info.port}`, database: databasePath });
});

// Expired sessions, links and counters are refused when seen; the sweep keeps tables small and, where
// mail confirms addresses, frees addresses nobody confirmed in time.
const sweep = () => {
  runMaintenance(sql, () => new Date(), { mail: mailer !== null }).catch((error: unknown) => {
    logger.error({ msg: 'maintenance sweep failed', error: String(error) });
  });
};
sweep();
setInterval(sweep, 60 * 60 * 1000).unref();

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ msg: 'shutting down', signal });
  // Stop accepting connections, let in-flight requests finish, then close the database cleanly.
  server.close(() => {
    db.close();
    process.exit(0);
  });
  setTimeout(() => {
    db.close();
    process.exit(0);
  }, 5000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
