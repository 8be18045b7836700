import type { ServerResponse } from 'node:http';
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './app-env';

/** Hono's default: half a year, subdomains too. */
const HSTS = 'max-age=15552000; includeSubDomains';

/**
 * The CSP and friends; the shell's inline script (the theme before first paint) runs by its hash,
 * never 'unsafe-inline'. Hono's middleware decides the set. Under @hono/node-server the set, the
 * same for every answer, is handed once per request to Node's response (`setHeader`) rather than
 * added to each finished Response through validating web Headers, which cost a share read about a
 * fifth of its time (a route may take the set into its own header record instead: takeSecurityHeaders);
 * elsewhere (tests calling the app directly) Hono's middleware runs as it is.
 */
export function securityHeaders(scriptHashes: readonly string[], publicOrigin: string) {
  const hono = secureHeaders({
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
    // Added below, only where it means something.
    strictTransportSecurity: false,
  });
  // Browsers ignore HSTS over plain http (RFC 6797), and a plain-http deployment must not promise
  // TLS it lacks: sent when the public origin (the TLS proxy in front) or the request itself is https.
  const publicTls = publicOrigin.startsWith('https:');
  const overTls = (c: Context) => publicTls || c.req.url.startsWith('https:');
  let fixed: Promise<Record<string, string>> | null = null;
  let ready: { plain: Record<string, string>; tls: Record<string, string> } | null = null;
  // The headers Hono's middleware sets on an empty answer: exactly its set, read once.
  const probe = async () => {
    const answer = await new Hono()
      .use(hono)
      .get('/', (c) => c.body(null, 204))
      .request('/');
    return Object.fromEntries([...answer.headers].filter(([name]) => name !== 'content-type'));
  };
  return createMiddleware<AppEnv>(async (c, next) => {
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (typeof outgoing?.setHeader !== 'function') {
      await hono(c, next);
      // After the answer: one made by the session API's own app (app.ts) drops what was set before.
      if (overTls(c)) c.header('Strict-Transport-Security', HSTS);
      return;
    }
    if (!ready) {
      fixed ??= probe();
      const plain = await fixed;
      ready = { plain, tls: { ...plain, 'strict-transport-security': HSTS } };
    }
    const set = { headers: overTls(c) ? ready.tls : ready.plain, taken: false };
    c.set('securityHeaders', set);
    await next();
    if (set.taken) return;
    for (const name in set.headers) outgoing.setHeader(name, set.headers[name] as string);
  });
}

/**
 * The security set for a route that answers with one plain header record, which the Node adapter
 * writes in one `writeHead` without building web Headers (the busiest public read does this); null
 * where the middleware adds them itself (tests calling the app directly). Taken, they are not set again.
 */
export function takeSecurityHeaders(c: Context<AppEnv>): Readonly<Record<string, string>> | null {
  const set = c.get('securityHeaders');
  if (!set) return null;
  set.taken = true;
  return set.headers;
}
