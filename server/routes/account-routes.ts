import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv, Logger } from '../http/app-env';
import { eraseAccount } from '../account/account-erase';
import { accountExportChunks } from '../account/account-export';
import { RateLimiter } from '../auth/rate-limit';
import { verifyPassword } from '../auth/passwords';
import { clearSessionCookie, readSessionCookie } from '../auth/session-cookie';
import { clientIp } from '../http/client-ip';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import { secondFactor } from './auth-shared';

/** A Google-only account proves it is still its owner by a sign-in this recent. */
const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * Exports per account per hour: each reads the whole account, so a loop of them is refused (429)
 * rather than left to keep the server busy; enough for a person whose download failed to retry.
 */
const EXPORTS_PER_HOUR = 5;
const exportLimiter = (deps: AppDeps) =>
  new RateLimiter(deps.sql, 'export', EXPORTS_PER_HOUR, 60 * 60 * 1000, () => deps.now().getTime());

/**
 * A body read from `chunks` only as fast as the client takes it (the Node adapter waits for the
 * socket to drain), gzipped when `gzip`, so memory stays bounded whatever the size; a client that goes
 * away stops the reads. Node's zlib stream, not the web CompressionStream: on Node 20 that one takes
 * in everything its source offers without waiting for its reader (a full account: 1.2 GB held).
 * A failure half-way can no longer change the status: the connection is cut, so the client sees a
 * broken download rather than a complete-looking file.
 */
function bodyStream(chunks: AsyncGenerator<string, void, undefined>, gzip: boolean, logger: Logger) {
  async function* logged() {
    try {
      for await (const chunk of chunks) yield Buffer.from(chunk);
    } catch (error) {
      logger.error({ msg: 'account export failed', error: String(error) });
      throw error;
    }
  }
  const source = Readable.from(logged());
  const body = gzip ? source.pipe(createGzip()) : source;
  if (gzip) source.on('error', (error) => body.destroy(error));
  return Readable.toWeb(body) as ReadableStream<Uint8Array>;
}

/** Whether the client takes gzip (`Accept-Encoding: gzip`, not with q=0). */
const acceptsGzip = (header: string | undefined) =>
  (header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    return (coding === 'gzip' || coding === '*') && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });

/**
 * `DELETE /api/account` → 204. The password (a Google-only account: a sign-in minutes ago), and with
 * two-factor on a current code or a recovery code in `totp` too, as signing in asks: someone at an
 * unlocked, signed-in browser who learnt the password still cannot erase the account.
 */
const deleteSchema = z.object({ password: z.string().max(256).optional(), totp: z.string().trim().max(32).optional() });

function signedIn(c: { get(key: 'user'): AppEnv['Variables']['user'] }) {
  const user = c.get('user');
  if (!user) throw new ApiError(401, 'unauthenticated', 'Sign in first.');
  return user;
}

export const accountRoutes = new Hono<AppEnv>()
  // Gzipped when the client accepts it (a full account is over a gigabyte of JSON, a fifteenth of it gzipped).
  .get('/account/export', async (c) => {
    const { deps, services } = c.var;
    const user = signedIn(c);
    const wait = await exportLimiter(deps).hit(user.id);
    if (wait !== null) {
      throw new ApiError(
        429,
        'rate_limited',
        `You have exported your account ${EXPORTS_PER_HOUR} times this hour. Please wait and try again.`,
        undefined,
        { 'Retry-After': String(wait) },
      );
    }
    const day = deps.now().toISOString().slice(0, 10);
    const gzip = acceptsGzip(c.req.header('accept-encoding'));
    c.header('Content-Disposition', `attachment; filename="swatchbook-account-${day}.json"`);
    c.header('Content-Type', 'application/json; charset=UTF-8');
    c.header('Vary', 'Accept-Encoding');
    if (gzip) c.header('Content-Encoding', 'gzip');
    return c.body(bodyStream(accountExportChunks(services, deps, user), gzip, deps.logger));
  })
  .delete('/account', validate('json', deleteSchema), async (c) => {
    const { deps, services } = c.var;
    const user = signedIn(c);
    const { password, totp } = c.req.valid('json');
    if (user.password_hash) {
      const pair = `${user.email}\u0000${clientIp(c, deps.config.trustProxy ?? 0)}`;
      const wait = await services.limits.perEmail.check(pair);
      if (wait !== null) {
        throw new ApiError(429, 'rate_limited', 'Too many attempts. Please wait and try again.', undefined, {
          'Retry-After': String(wait),
        });
      }
      if (!password || !(await verifyPassword(user.password_hash, password))) {
        await services.limits.perEmail.hit(pair);
        throw new ApiError(401, 'invalid_credentials', 'That is not your password: the account stays.', [
          { path: ['password'], message: 'That is not your password.' },
        ]);
      }
    } else {
      // No password to ask for: the session itself must come from a Google sign-in minutes ago.
      const token = readSessionCookie(c) ?? '';
      const startedAt = await services.accounts.sessionStartedAt(token);
      if (startedAt === null || deps.now().getTime() - startedAt > FRESH_SIGN_IN_MS) {
        throw new ApiError(
          401,
          'reauthentication_required',
          'Sign in with Google again, then delete the account within 10 minutes.',
        );
      }
    }
    // 401 `totp_required` without a code, `invalid_totp`/`totp_reused` for one that does not pass;
    // counted against the same budgets as a sign-in's code.
    await secondFactor(c, user, totp || undefined);
    const { vacuumed } = await eraseAccount(deps.sql, user.id, deps.now);
    vacuumed.catch((error: unknown) =>
      deps.logger.error({ msg: 'vacuum after an erasure failed', error: String(error) }),
    );
    deps.logger.info({ msg: 'account erased' });
    clearSessionCookie(c, deps.config.publicOrigin);
    return c.body(null, 204);
  });
