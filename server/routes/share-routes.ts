import { Hono } from 'hono';
import { z } from 'zod';
import { shareIdSchema } from '../../shared/api/palettes';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import { toApiPalette } from '../palettes/palette-queries';

export const shareRoutes = new Hono<AppEnv>().get(
  '/shares/:shareId',
  validate('param', z.object({ shareId: shareIdSchema })),
  (c) => {
    const row = c.var.services.paletteQueries.getPublic(c.req.valid('param').shareId);
    if (!row) throw new ApiError(404, 'not_found', 'This palette could not be found or is no longer public.');
    // Anyone may read it, but only while it is public: caches must ask again each time.
    c.header('Cache-Control', 'no-cache');
    return c.json(toApiPalette(row, c.var.deps.catalogue));
  },
);
