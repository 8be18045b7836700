import { Hono } from 'hono';
import { z } from 'zod';
import { shareIdSchema } from '../../shared/api/palettes';
import type { AppEnv } from '../http/app-env';
import { answerIfFresh, PUBLIC_SHORT, strongETag } from '../http/conditional';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';

/**
 * Public reads, mounted before the session and origin checks: the answer is the same for everyone,
 * so a CDN may hold it for a minute (the README says so), and it never sets a cookie.
 */
export const shareRoutes = new Hono<AppEnv>().get(
  '/shares/:shareId',
  validate('param', z.object({ shareId: shareIdSchema })),
  async (c) => {
    const { paletteQueries, shareTag } = c.var.services;
    const share = await paletteQueries.getPublic(c.req.valid('param').shareId);
    if (!share) {
      // Made private or deleted: the origin says so at once, and nobody may keep the answer.
      c.header('Cache-Control', 'no-store');
      throw new ApiError(404, 'not_found', 'This palette could not be found or is no longer public.');
    }
    const fresh = answerIfFresh(c, strongETag(share.version, shareTag), PUBLIC_SHORT);
    return fresh ?? c.body(share.body, 200, { 'Content-Type': 'application/json' });
  },
);
