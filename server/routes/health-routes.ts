import { Hono } from 'hono';
import type { AppEnv } from '../app';

export const healthRoutes = new Hono<AppEnv>()
  .get('/health', (c) => c.json({ ok: true }))
  .get('/config', (c) => {
    const { auth } = c.get('deps').config;
    return c.json({ auth: { password: true, google: auth.google !== null } });
  });
