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

/** API answers are per user and change with every write: never cached by the browser or a proxy. */
export const noStore = createMiddleware(async (c, next) => {
  await next();
  if (!c.res.headers.has('cache-control')) c.header('Cache-Control', 'no-store');
});
