import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { type AppConfig, createApp, type Logger } from './app';
import { loadCatalogue } from './catalogue-file';
import { openDatabase } from './db/database';

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

const config: AppConfig = {
  publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
  auth: {
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : null,
  },
};

const db = openDatabase(databasePath);
const app = createApp({ db, catalogue: loadCatalogue(), config, now: () => new Date(), logger, distDir });

const server = serve({ fetch: app.fetch, port, hostname: env.HOST ?? '0.0.0.0' }, (info) => {
  logger.info({ msg: 'listening', url: `http://localhost:${info.port}`, database: databasePath });
});

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
