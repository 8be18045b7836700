import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';

export const healthRoutes = new Hono<AppEnv>()
  .get('/health', (c) => c.json({ ok: true }))
  .get('/config', (c) => {
    const { config, mailer } = c.get('deps');
    return c.json({ auth: { password: true, google: config.auth.google !== null, mail: Boolean(mailer) } });
  });
