import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { versionETag } from '../../shared/api/common';
import {
  type BulkDeleteResponse,
  bulkDeleteSchema,
  createPaletteSchema,
  type HistoryResponse,
  historyQuerySchema,
  type ImportResponse,
  importSchema,
  type PaletteListResponse,
  paletteIdSchema,
  restoreSchema,
  type SharingResponse,
  sharingSchema,
  type UndeleteResponse,
  undeleteSchema,
  updatePaletteSchema,
} from '../../shared/api/palettes';
import { type SavedPalette, versions } from '../../shared/palette/palette-evolve';
import type { UserRow } from '../auth/user-queries';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';
import { findOwnedPalette, ownedPalette, paletteNotFound } from '../http/owned-palette';
import { validate } from '../http/validate';
import { expandColors, stateToApiPalette, toApiPalette } from '../palettes/palette-row';

const idParam = validate('param', z.object({ id: paletteIdSchema }));

/** Calls without a palette id need a signed-in user. */
function signedIn(c: Context<AppEnv>): UserRow {
  const user = c.get('user');
  if (!user) throw new ApiError(401, 'unauthenticated', 'Sign in to keep palettes in your account.');
  return user;
}

/** `If-Match: W/"3"` (or "3") → 3; `*` or absent → undefined. */
function ifMatch<E extends AppEnv>(c: Context<E>, required: boolean): number | undefined {
  const header = c.req.header('if-match')?.trim();
  if (header === undefined || header === '') {
    if (!required) return undefined;
    throw new ApiError(428, 'precondition_required', 'Send If-Match: W/"<version>" with the version you edited.');
  }
  if (header === '*') return undefined;
  const match = /^(?:W\/)?"(\d{1,15})"$/.exec(header);
  if (!match) throw new ApiError(400, 'invalid_request', 'If-Match must look like W/"<version>".');
  return Number(match[1]);
}

/**
 * `Idempotency-Key` on a create: up to 255 visible ASCII characters, scoped to the account. Absent:
 * undefined (every call makes a palette).
 */
function idempotencyKey(c: Context<AppEnv>): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new ApiError(400, 'invalid_request', 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
  }
  return key;
}

/** The palette as the route's write left it, with its version as the ETag. */
function sendPalette<E extends AppEnv>(c: Context<E>, state: SavedPalette, status: 200 | 201 = 200) {
  c.header('ETag', versionETag(state.version));
  return c.json(stateToApiPalette(state, c.var.deps.catalogue), status);
}

/** The caller's rows among `ids`, in that order (after a bulk write). */
async function ownedRows(c: Context<AppEnv>, ids: readonly string[], userId: string) {
  const rows = await Promise.all(ids.map((id) => c.var.services.paletteQueries.getOwned(id, userId)));
  return rows.filter((row) => row !== undefined);
}

export const paletteRoutes = new Hono<AppEnv>()
  .get('/palettes', async (c) => {
    const user = signedIn(c);
    const { paletteQueries } = c.var.services;
    const body: PaletteListResponse = {
      palettes: (await paletteQueries.listOwned(user.id)).map((row) => toApiPalette(row, c.var.deps.catalogue)),
    };
    return c.json(body);
  })
  .post('/palettes', validate('json', createPaletteSchema), async (c) => {
    const user = signedIn(c);
    const { name, colorIds } = c.req.valid('json');
    const key = idempotencyKey(c);
    const { palettes } = c.var.services;
    if (key === undefined) return sendPalette(c, await palettes.create(user.id, name, colorIds), 201);
    const made = await palettes.createOnce(user.id, name, colorIds, key);
    if ('reused' in made) {
      throw new ApiError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was sent with another palette: use a new key for a new palette.',
      );
    }
    return sendPalette(c, made.state, 201);
  })
  .post('/palettes/delete', validate('json', bulkDeleteSchema), async (c) => {
    const user = signedIn(c);
    const deleted = await c.var.services.palettes.deleteMany(c.req.valid('json').ids, user.id);
    const body: BulkDeleteResponse = { deleted };
    return c.json(body);
  })
  .post('/palettes/undelete', validate('json', undeleteSchema), async (c) => {
    const user = signedIn(c);
    const back = await c.var.services.palettes.undeleteMany(c.req.valid('json').ids, user.id);
    const rows = await ownedRows(c, back, user.id);
    const body: UndeleteResponse = { palettes: rows.map((row) => toApiPalette(row, c.var.deps.catalogue)) };
    return c.json(body);
  })
  .post('/palettes/import', validate('json', importSchema), async (c) => {
    const user = signedIn(c);
    const { palettes } = c.req.valid('json');
    const { ids, created } = await c.var.services.palettes.importMany(user.id, palettes);
    const rows = await ownedRows(c, ids, user.id);
    const body: ImportResponse = { palettes: rows.map((row) => toApiPalette(row, c.var.deps.catalogue)), created };
    return c.json(body);
  })
  // Calls on one palette go through `ownedPalette`, last before the handler so that a malformed
  // request answers 400 as it always has, and anyone but the owner is told the palette does not exist.
  .get('/palettes/:id', idParam, ownedPalette, (c) => {
    c.header('ETag', versionETag(c.var.palette.version));
    return c.json(toApiPalette(c.var.palette, c.var.deps.catalogue));
  })
  .patch('/palettes/:id', idParam, validate('json', updatePaletteSchema), ownedPalette, async (c) => {
    const { owner, palette } = c.var;
    const expected = ifMatch(c, true);
    return sendPalette(c, await c.var.services.palettes.update(palette.id, owner.id, c.req.valid('json'), expected));
  })
  .delete('/palettes/:id', idParam, ownedPalette, async (c) => {
    const { owner, palette } = c.var;
    await c.var.services.palettes.delete(palette.id, owner.id, ifMatch(c, false));
    return c.body(null, 204);
  })
  .post('/palettes/:id/undelete', idParam, async (c) => {
    const user = c.var.user;
    const { id } = c.req.valid('param');
    // A deleted palette has no row to guard: the command folds its stream and skips anyone but the owner.
    if (!user || (await c.var.services.palettes.undeleteMany([id], user.id)).length === 0) throw paletteNotFound();
    const { palette } = await findOwnedPalette(c, id);
    c.header('ETag', versionETag(palette.version));
    return c.json(toApiPalette(palette, c.var.deps.catalogue));
  })
  .put('/palettes/:id/sharing', idParam, validate('json', sharingSchema), ownedPalette, async (c) => {
    const { owner, palette } = c.var;
    const state = await c.var.services.palettes.setSharing(
      palette.id,
      owner.id,
      c.req.valid('json').public,
      ifMatch(c, false),
    );
    c.header('ETag', versionETag(state.version));
    const body: SharingResponse = { isPublic: state.isPublic, shareId: state.shareId, version: state.version };
    return c.json(body);
  })
  .get('/palettes/:id/history', idParam, validate('query', historyQuerySchema), ownedPalette, async (c) => {
    const { id, version } = c.var.palette;
    const { before, limit } = c.req.valid('query');
    const { catalogue } = c.var.deps;
    c.header('ETag', versionETag(version));
    // A page: the `limit` newest versions older than `before`, oldest first; `nextBefore` asks for the page before it.
    const all = versions(await c.var.services.palettes.history(id)).filter(
      ({ state }) => before === undefined || state.version < before,
    );
    const page = all.slice(Math.max(0, all.length - limit));
    const body: HistoryResponse = {
      paletteId: id,
      versions: page.map(({ event, state }) => ({
        version: state.version,
        type: event.type,
        at: event.at,
        name: state.name,
        colors: expandColors(catalogue, state.colorIds),
        isPublic: state.isPublic,
        ...(event.type === 'PaletteRestored' ? { restoredVersion: event.data.restoredVersion } : {}),
      })),
      nextBefore: page.length < all.length ? (page[0]?.state.version ?? null) : null,
    };
    return c.json(body);
  })
  .post('/palettes/:id/restore', idParam, validate('json', restoreSchema), ownedPalette, async (c) => {
    const { owner, palette } = c.var;
    const { version } = c.req.valid('json');
    return sendPalette(c, await c.var.services.palettes.restore(palette.id, owner.id, version, ifMatch(c, false)));
  });
