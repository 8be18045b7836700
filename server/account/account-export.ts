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
  // One palette's history at a time: an account of 1 000 palettes must not open 1 000 reads at once.
  const owned = await services.paletteQueries.listOwned(user.id);
  const palettes = [];
  for (const row of owned) {
    const history = versions(await services.palettes.history(row.id));
    palettes.push({
      id: row.id,
      name: row.name,
      colors: colors(JSON.parse(row.colors) as string[]),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      isPublic: row.is_public === 1,
      shareId: row.share_id,
      version: row.version,
      history: history.map(({ event, state }) => ({
        version: state.version,
        type: event.type,
        at: event.at,
        name: state.name,
        colors: colors(state.colorIds),
        isPublic: state.isPublic,
      })),
    });
  }
  return {
    format: 'swatchbook-account-export',
    version: 1,
    exportedAt: deps.now().toISOString(),
    account: { ...(await services.accounts.toApiUser(user)) },
    palettes,
  };
}
