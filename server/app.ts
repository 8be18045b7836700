import type Database from 'better-sqlite3';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Catalogue } from '../shared/catalogue/catalogue';
import { ApiError, errorBody } from './http/errors';
import { limitBody, requireJsonBody } from './http/json-body';
import { staticFiles } from './http/static-files';
import { healthRoutes } from './routes/health-routes';

export interface AppConfig {
  /** Public origin, e.g. https://swatchbook.example; used for links in mails and OAuth redirects. */
  publicOrigin: string;
  auth: {
    google: { clientId: string; clientSecret: string } | null;
  };
}

export interface Logger {
  info(fields: Record<string, unknown>): void;
  error(fields: Record<string, unknown>): void;
}

/** Everything the app needs from the outside, so tests inject a `:memory:` database and a fixed clock. */
export interface AppDeps {
  db: Database.Database;
  catalogue: Catalogue;
  config: AppConfig;
  now: () => Date;
  logger: Logger;
  /** Folder of the built SPA; omitted in API-only tests. */
  distDir?: string;
}

export type AppEnv = { Variables: { deps: AppDeps } };

export const silentLogger: Logger = { info() {}, error() {} };

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    const started = performance.now();
    await next();
    deps.logger.info({
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  const api = new Hono<AppEnv>().use('*', limitBody, requireJsonBody).route('/', healthRoutes);
  api.all('*', (c) => c.json(errorBody('not_found', `No API endpoint ${c.req.method} ${c.req.path}.`), 404));
  app.route('/api', api);

  if (deps.distDir) app.route('/', staticFiles(deps.distDir));
  app.notFound((c) => c.json(errorBody('not_found', 'Not found.'), 404));

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
      return c.json(errorBody(err.code, err.message, err.issues), err.status);
    }
    // Hono raises HTTPException for malformed bodies and the like: keep its status, use our shape.
    const status = (err as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = status === 413 ? 'payload_too_large' : status === 400 ? 'bad_request' : 'request_error';
      return c.json(errorBody(code, err.message || 'The request could not be processed.'), status as 400);
    }
    deps.logger.error({ msg: 'unhandled error', path: c.req.path, error: String(err?.stack ?? err) });
    return c.json(errorBody('internal', 'Something went wrong on our side. Please try again.'), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
