import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { UserRow } from '../auth/user-queries';
import type { PaletteRow } from '../palettes/palette-row';
import type { AppEnv } from './app-env';
import { ApiError } from './errors';

/** What a missing palette and someone else's both answer (404, never 403), so ids reveal nothing. */
export const paletteNotFound = () => new ApiError(404, 'palette_not_found', 'No such palette.');

/** The caller's palette `id` and the caller; anyone else, signed out included, gets `paletteNotFound`. */
export async function findOwnedPalette<E extends AppEnv>(
  c: Context<E>,
  id: string,
): Promise<{ owner: UserRow; palette: PaletteRow }> {
  const owner = c.var.user;
  const palette = owner ? await c.var.services.paletteQueries.getOwned(id, owner.id) : undefined;
  if (!owner || !palette) throw paletteNotFound();
  return { owner, palette };
}

export type OwnedPaletteEnv = AppEnv & { Variables: { owner: UserRow; palette: PaletteRow } };

/** The guard of every `/palettes/:id` route (after its id is validated): hands the route the owner and the palette. */
export const ownedPalette = createMiddleware<OwnedPaletteEnv>(async (c, next) => {
  const { owner, palette } = await findOwnedPalette(c, c.req.param('id') ?? '');
  c.set('owner', owner);
  c.set('palette', palette);
  return next();
});
