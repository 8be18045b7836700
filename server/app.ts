import type Database from 'better-sqlite3';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { versionETag } from '../shared/api/common';
import type { Catalogue } from '../shared/catalogue/catalogue';
import { PaletteError } from '../shared/palette/palette-decider';
import { type Accounts, accounts, type UserRow } from './auth/account-queries';
import type { GoogleConfig } from './auth/google';
import type { Mailer } from './auth/mailer';
import { type AuthLimits, authLimits, type RateLimitConfig } from './auth/rate-limit';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './auth/session-cookie';
import { type TwoFactor, twoFactor } from './auth/two-factor';
import { ConcurrencyError, createEventStore, type EventStore } from './events/event-store';
import { ApiError, errorBody } from './http/errors';
import { limitBody, requireJsonBody } from './http/json-body';
import { originCheck } from './http/origin-check';
import { staticFiles } from './http/static-files';
import { inlineScriptHashes, readShell } from './pages/page-shell';
import { type PaletteCommands, paletteCommands } from './palettes/palette-commands';
import { paletteProjection } from './palettes/palette-projection';
import { type PaletteQueries, paletteQueries } from './palettes/palette-queries';
import { DEFAULT_CAPS, type UserCaps } from './palettes/user-caps';
import { accountRoutes } from './routes/account-routes';
import { authRoutes } from './routes/auth-routes';
import { healthRoutes } from './routes/health-routes';
import { type PageRenderer, pageRoutes } from './routes/page-routes';
import { paletteRoutes } from './routes/palette-routes';
import { shareRoutes } from './routes/share-routes';

export interface AppConfig {
  /** Public origin, e.g. https://swatchbook.example; used for links in mails and OAuth redirects. */
  publicOrigin: string;
  auth: {
    google: GoogleConfig | null;
    /**
     * Attempts per 10 minutes: 100 per address, 10 failed sign-ins per (account, address), 50 failed
     * sign-ins per account from anywhere (past it only a device that signed in before may try), 10
     * mails per address asked for; and 120 palette writes per user per minute.
     */
    rateLimits?: RateLimitConfig;
  };
  /**
   * How many proxies of ours stand in front (`TRUST_PROXY`): the client address is the entry that
   * many from the right of X-Forwarded-For. 0 or unset: the socket's address.
   */
  trustProxy?: number;
  /** Per-account ceilings (defaults: 1 000 palettes, 1 000 versions per palette). */
  caps?: Partial<UserCaps>;
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
  /** Sends confirmation mails when SMTP is configured; without it links are logged and accounts work at once. */
  mailer?: Mailer | null;
  /** Renders the first screen into the pages; without it they are the client-only shell. */
  render?: PageRenderer | null;
}

/** Built once per app from the deps: the event store, the palette slice and the accounts. */
export interface AppServices {
  store: EventStore;
  palettes: PaletteCommands;
  paletteQueries: PaletteQueries;
  accounts: Accounts;
  twoFactor: TwoFactor;
  limits: AuthLimits;
}

export type AppEnv = { Variables: { deps: AppDeps; services: AppServices; user: UserRow | null } };

const STATUS_OF_PALETTE_ERROR = { palette_not_found: 404, palette_exists: 409 } as const;

export const silentLogger: Logger = { info() {}, error() {} };

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const store = createEventStore(deps.db, [paletteProjection]);
  const services: AppServices = {
    store,
    palettes: paletteCommands({
      db: deps.db,
      store,
      catalogue: deps.catalogue,
      now: deps.now,
      caps: { ...DEFAULT_CAPS, ...deps.config.caps },
    }),
    paletteQueries: paletteQueries(deps.db),
    accounts: accounts(deps.db, deps.now),
    twoFactor: twoFactor(deps.db, deps.now),
    limits: authLimits(deps.db, () => deps.now().getTime(), deps.config.auth.rateLimits),
  };

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('services', services);
    c.set('user', null);
    const started = performance.now();
    await next();
    deps.logger.info({
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  // The shell's inline script (the theme before first paint) runs by its hash, never 'unsafe-inline'.
  const shell = deps.distDir ? readShell(deps.distDir) : null;
  const scriptHashes = shell ? inlineScriptHashes(shell) : [];

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
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

  // A signed-in user's palette writes per minute: enough for any person, too few to fill the disk.
  const writeRate = createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user');
    if (user && !/^(GET|HEAD|OPTIONS)$/.test(c.req.method)) {
      const wait = services.limits.writesPerUser.hit(user.id);
      if (wait !== null) {
        throw new ApiError(
          429,
          'rate_limited',
          'Too many changes in a minute. Please wait a moment and try again.',
          undefined,
          {
            'Retry-After': String(wait),
          },
        );
      }
    }
    return next();
  });

  const api = new Hono<AppEnv>()
    .use('*', async (c, next) => {
      await next();
      // API answers are per user and change with every write: never cached by the browser or a proxy.
      if (!c.res.headers.has('cache-control')) c.header('Cache-Control', 'no-store');
    })
    .use('*', originCheck(deps.config.publicOrigin), limitBody, requireJsonBody)
    .use('*', async (c, next) => {
      const token = readSessionCookie(c);
      if (token) {
        const found = /^[a-z2-7]{1,64}$/.test(token) ? services.accounts.validateSession(token) : null;
        if (!found) clearSessionCookie(c, deps.config.publicOrigin);
        else {
          c.set('user', found.user);
          if (found.extendedTo) {
            writeSessionCookie(c, deps.config.publicOrigin, token, found.extendedTo, deps.now().getTime());
          }
        }
      }
      return next();
    })
    .use('/palettes/*', writeRate)
    .route('/', healthRoutes)
    .route('/', authRoutes)
    .route('/', accountRoutes)
    .route('/', paletteRoutes)
    .route('/', shareRoutes);
  api.all('*', (c) => c.json(errorBody('not_found', `No API endpoint ${c.req.method} ${c.req.path}.`), 404));
  app.route('/api', api);

  if (deps.distDir) {
    app.route('/', pageRoutes(deps.distDir, deps.render ?? null));
    app.route('/', staticFiles(deps.distDir));
  }
  app.notFound((c) => c.json(errorBody('not_found', 'Not found.'), 404));

  app.onError((err, c) => {
    if (err instanceof PaletteError) {
      const status = err.code in STATUS_OF_PALETTE_ERROR ? STATUS_OF_PALETTE_ERROR[err.code as 'palette_exists'] : 400;
      return c.json(errorBody(err.code, err.message), status);
    }
    if (err instanceof ConcurrencyError) {
      c.header('ETag', versionETag(err.actualVersion));
      const message = `This palette was changed elsewhere: it is at version ${err.actualVersion}, your copy is version ${err.expectedVersion}. Reload it and try again.`;
      return c.json(errorBody('version_conflict', message), 409);
    }
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
