import { Hono } from 'hono';
import { accounts } from './auth/account-queries';
import { authLimits } from './auth/rate-limit';
import { twoFactor } from './auth/two-factor';
import { createEventStore } from './events/event-store';
import type { AppDeps, AppEnv, AppServices } from './http/app-env';
import { apiNotFound, handleError, notFound } from './http/error-handler';
import { limitBody, requireJsonBody } from './http/json-body';
import { originCheck } from './http/origin-check';
import { noStore, requestContext } from './http/request-context';
import { securityHeaders } from './http/security-headers';
import { countWrite, sessionUser, writeRate } from './http/session';
import { staticFiles } from './http/static-files';
import { inlineScriptHashes, readShell } from './pages/page-shell';
import { paletteCommands } from './palettes/palette-commands';
import { catalogueFingerprint, paletteProjection } from './palettes/palette-projection';
import { paletteQueries } from './palettes/palette-queries';
import { DEFAULT_CAPS } from './palettes/user-caps';
import { accountRoutes } from './routes/account-routes';
import { googleRoutes } from './routes/google-routes';
import { healthRoutes } from './routes/health-routes';
import { pageRoutes } from './routes/page-routes';
import { passwordRoutes } from './routes/password-routes';
import { paletteRoutes } from './routes/palette-routes';
import { sessionRoutes } from './routes/session-routes';
import { shareRoutes } from './routes/share-routes';
import { twoFactorRoutes } from './routes/two-factor-routes';

/** Built once per app: the event store with its projections, the palette slice and the accounts. */
function createServices(deps: AppDeps): AppServices {
  const store = createEventStore(deps.sql, [paletteProjection(deps.catalogue)]);
  const limits = authLimits(deps.sql, () => deps.now().getTime(), deps.config.auth.rateLimits);
  return {
    store,
    palettes: paletteCommands({
      store,
      catalogue: deps.catalogue,
      now: deps.now,
      caps: { ...DEFAULT_CAPS, ...deps.config.caps },
      countWrite: countWrite(limits.writesPerUser),
    }),
    paletteQueries: paletteQueries(deps.sql),
    shareTag: catalogueFingerprint(deps.catalogue).slice(0, 8),
    accounts: accounts(deps.sql, deps.now),
    twoFactor: twoFactor(deps.sql, deps.now),
    limits,
  };
}

/** Wires the app: middleware, the API under `/api`, the pages and files, the one error shape. */
export function createApp(deps: AppDeps) {
  const shell = deps.distDir ? readShell(deps.distDir) : null;
  const app = new Hono<AppEnv>()
    .use('*', requestContext(deps, createServices(deps)))
    .use('*', securityHeaders(shell ? inlineScriptHashes(shell) : [], deps.config.publicOrigin));

  // Public share reads first: no session, no cookie, cacheable (routes/share-routes.ts).
  app.route('/api', shareRoutes);
  const api = new Hono<AppEnv>()
    .use('*', noStore, originCheck(deps.config.publicOrigin), limitBody, requireJsonBody, sessionUser)
    .use('/palettes/*', writeRate)
    .route('/', healthRoutes)
    .route('/', sessionRoutes)
    .route('/', passwordRoutes)
    .route('/', twoFactorRoutes)
    .route('/', googleRoutes)
    .route('/', accountRoutes)
    .route('/', paletteRoutes);
  api.all('*', apiNotFound);
  app.route('/api', api);

  if (deps.distDir) {
    app.route('/', pageRoutes(deps.distDir, deps.render ?? null));
    app.route('/', staticFiles(deps.distDir));
  }
  app.notFound(notFound);
  app.onError(handleError(deps.logger));
  return app;
}
