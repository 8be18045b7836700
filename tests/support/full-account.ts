import { accounts } from '../../server/auth/account-queries';
import { hashPassword } from '../../server/auth/passwords';
import { loadCatalogue } from '../../server/catalogue-file';
import type { Sql } from '../../server/db/sql';
import { createEventStore } from '../../server/events/event-store';
import { paletteCommands } from '../../server/palettes/palette-commands';
import { paletteProjection } from '../../server/palettes/palette-projection';
import { PALETTE_MAX } from '../../shared/palette/limits';
import { type PaletteEvent, paletteEvent } from '../../shared/palette/palette-events';

/**
 * Fills a store with one account as the app would hold it after the person imported `palettes`
 * palettes of `versions` versions each (what `POST /api/palettes/import` writes, through the same
 * commands and projections), without the HTTP write rate that makes that take hours. Histories
 * rename and recolour (up to the largest palette), so each version carries a full set of paints.
 */
export async function fillAccount(
  sql: Sql,
  account: { email: string; password: string; palettes: number; versions: number; now?: () => Date },
): Promise<{ userId: string }> {
  const now = account.now ?? (() => new Date());
  const catalogue = loadCatalogue();
  const ids = catalogue.colors.map((color) => color.id);
  const store = createEventStore(sql, [paletteProjection(catalogue)]);
  const commands = paletteCommands({
    store,
    catalogue,
    now,
    caps: { palettes: account.palettes, versionsPerPalette: account.versions },
  });
  const user = await accounts(sql, now).createUser(account.email, await hashPassword(account.password), true);
  if (!user) throw new Error(`${account.email} is taken`);
  const start = now().getTime() - account.palettes * account.versions * 1000;
  const paints = (p: number, v: number) =>
    Array.from({ length: PALETTE_MAX }, (_, i) => ids[(p * 7 + v * 3 + i * 11) % ids.length] as string);
  for (let first = 0; first < account.palettes; first += 10) {
    const batch = [];
    for (let p = first; p < Math.min(first + 10, account.palettes); p++) {
      const at = (v: number) => new Date(start + (p * account.versions + v) * 1000).toISOString();
      let name = `Room ${p}`;
      let colorIds = paints(p, 0);
      const history: PaletteEvent[] = [
        paletteEvent('PaletteCreated', at(0), { paletteId: `local-${p}`, ownerId: null, name, colorIds }),
      ];
      for (let v = 1; v < account.versions; v++) {
        if (v % 2) {
          colorIds = paints(p, v);
          history.push(paletteEvent('PaletteColorsChanged', at(v), { colorIds }));
        } else {
          name = `Room ${p}, take ${v}`;
          history.push(paletteEvent('PaletteRenamed', at(v), { name }));
        }
      }
      batch.push({ localId: `local-${p}`, name, colorIds, history });
    }
    await commands.importMany(user.id, batch);
  }
  return { userId: user.id };
}
