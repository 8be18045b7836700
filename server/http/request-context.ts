import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv, AppServices } from './app-env';

/** Gives every request the app's deps and services, no user yet, and logs it once answered. */
export function requestContext(deps: AppDeps, services: AppServices) {
  return createMiddleware<AppEnv>(async (c, next) => {
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
}

/**
 * API answers are per user and change with every write: never cached by the browser or a proxy.
 * Set before the route runs (a route may replace it): a header added to a finished response makes
 * Hono copy the response, and the Node adapter then streams it (measured: /api/health 1 850 → 5 000 req/s).
 */
export const noStore = createMiddleware(async (c, next) => {
  c.header('Cache-Control', 'no-store');
  return next();
});
