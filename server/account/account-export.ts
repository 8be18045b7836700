import { versions } from '../../shared/palette/palette-evolve';
import type { AppDeps, AppServices } from '../http/app-env';
import type { UserRow } from '../auth/account-queries';
import { expandColors } from '../palettes/palette-row';

/**
 * Everything the account holds, as one JSON document: the account, and every saved palette with
 * its full history (each version's name and colours, with the paint names and hex values).
 */
export async function exportAccount(services: AppServices, deps: AppDeps, user: UserRow) {
  const { catalogue } = deps;
  const colors = (ids: readonly string[]) =>
    expandColors(catalogue, ids).map((color) => ({
      id: color.id,
      brand: color.brand,
      number: color.number,
      colorName: color.colorName,
      hexCode: color.hexCode,
    }));
  return {
    format: 'swatchbook-account-export',
    version: 1,
    exportedAt: deps.now().toISOString(),
    account: { ...services.accounts.toApiUser(user) },
    palettes: await Promise.all((await services.paletteQueries.listOwned(user.id)).map(async (row) => ({
      id: row.id,
      name: row.name,
      colors: colors(JSON.parse(row.colors) as string[]),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      isPublic: row.is_public === 1,
      shareId: row.share_id,
      version: row.version,
      history: versions(await services.palettes.history(row.id)).map(({ event, state }) => ({
        version: state.version,
        type: event.type,
        at: event.at,
        name: state.name,
        colors: colors(state.colorIds),
        isPublic: state.isPublic,
      })),
    }))),
  };
}
