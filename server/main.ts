import { existsSync } from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { smtpMailer } from './auth/mailer';
import { loadCatalogue } from './catalogue-file';
import { openStore, storeFromEnv } from './db/open-store';
import { sqliteOf } from './db/sqlite-sql';
import { startWalCheckpointer } from './db/wal-checkpointer';
import { refreshShareBodies } from './palettes/palette-projection';
import type { AppConfig, Logger, PageRenderer } from './http/app-env';
import { parseTrustProxy } from './http/client-ip';
import { runMaintenance } from './account/maintenance';

// The only module that reads the environment and opens the socket.
const env = process.env;
const port = Number(env.PORT ?? 3000);
const target = storeFromEnv(env);
const distDir = env.DIST_DIR ?? fileURLToPath(new URL('../dist/web', import.meta.url));

/**
 * Info lines are gathered and written together: one write per request cost a system call each (7 %
 * of a loaded server's time). A line after a quiet spell goes out on the next turn of the event loop;
 * while lines keep coming (under load) they wait up to 20 ms, or 64 KiB, and go in one write. Errors
 * go out at once.
 */
function batchedLines(stream: NodeJS.WriteStream) {
  let pending = '';
  let lastWrite = 0;
  const flush = () => {
    if (pending) stream.write(pending);
    pending = '';
    lastWrite = performance.now();
  };
  process.on('exit', flush);
  return (line: string) => {
    if (!pending) {
      if (performance.now() - lastWrite < 10) setTimeout(flush, 20).unref();
      else setImmediate(flush);
    }
    pending += line;
    if (pending.length > 65_536) flush();
  };
}
const info = batchedLines(process.stdout);
const logger: Logger = {
  // Built around the fields' own JSON rather than by copying them into a new object: a line per request.
  info: (fields) => {
    const rest = JSON.stringify(fields);
    info(`{"time":"${new Date().toISOString()}","level":"info"${rest === '{}' ? '' : `,${rest.slice(1, -1)}`}}\n`);
  },
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

const sql = await openStore(target, { max: positive(env.DATABASE_POOL_SIZE) });
const sqlite = sqliteOf(sql);
const checkpointer = sqlite
  ? startWalCheckpointer(sqlite, (error) => logger.error({ msg: 'WAL checkpoint failed', error }))
  : null;
const catalogue = loadCatalogue();
// Share reads answer stored JSON: fill what an older version left empty, or what a changed catalogue made stale.
await refreshShareBodies(sql, catalogue);
const app = createApp({
  sql,
  catalogue,
  config,
  now: () => new Date(),
  logger,
  distDir,
  mailer,
  render,
});

const server = serve({ fetch: app.fetch, port, hostname: env.HOST ?? '0.0.0.0' }, (info) => {
  const durability = target.engine === 'sqlite' ? { synchronous: target.synchronous } : {};
  logger.info({ msg: 'listening', url: `http://localhost:${info.port}`, database: target.label, ...durability });
  // The first visitor must not wait while React's server code and the page's own compile: one
  // render at once (measured with a fresh server per run: bench lighthouse).
  if (render)
    void Promise.resolve(app.fetch(new Request(`${publicOrigin}/`)))
      .then((response) => response.arrayBuffer())
      .catch(() => {});
});
// An idle keep-alive connection is closed by the client or the proxy in front, never by us first:
// Node's 5 s default closes it just as a client (or an nginx/ALB pool, 60 s idle) sends the next
// request on it, which then fails with a reset (seen as ECONNRESET in a browser test's API call).
Object.assign(server, { keepAliveTimeout: 65_000, headersTimeout: 66_000 });

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
async function finish(code: number) {
  try {
    await checkpointer?.stop();
    await sql.close();
  } finally {
    process.exit(code);
  }
}
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ msg: 'shutting down', signal });
  // Stop accepting connections; requests in flight finish and are answered, then the database
  // closes cleanly. A load balancer retries elsewhere meanwhile. Idle keep-alive connections are
  // dropped only after the loop's next read of the sockets: a request sent before the signal, not
  // yet read because the loop was busy, would otherwise be dropped with its connection (http's own
  // close drops them at once). Then again as answered ones fall idle.
  net.Server.prototype.close.call(server, () => void finish(0));
  const closeIdle = () => setImmediate(() => (server as http.Server).closeIdleConnections());
  closeIdle();
  setInterval(closeIdle, 100).unref();
  setTimeout(() => void finish(0), 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
