import type { Catalogue } from '../../shared/catalogue/catalogue';
import { evolve, type SavedPalette } from '../../shared/palette/palette-evolve';
import { paletteStreamId } from '../../shared/palette/palette-events';
import type { UserRow } from '../auth/account-queries';
import type { AppDeps, AppServices } from '../http/app-env';
import { storedToPaletteEvent } from '../palettes/palette-projection';
import type { PaletteRow } from '../palettes/palette-row';

/** Palettes read per query, and versions per query of one palette's history: small, bounded reads. */
const PALETTES_PER_PAGE = 20;
const VERSIONS_PER_PAGE = 100;
/** Longest the export works before letting other requests run (one event-loop turn). */
const SLICE_MS = 4;

// Newest first, as the saved list shows them; the key (created_at, rowid) resumes after the last one.
const FIRST_PAGE = `SELECT *, rowid AS row_key FROM palettes WHERE user_id = ?
  ORDER BY created_at DESC, rowid DESC LIMIT ?`;
const NEXT_PAGE = `SELECT *, rowid AS row_key FROM palettes
  WHERE user_id = ? AND (created_at < ? OR (created_at = ? AND rowid < ?))
  ORDER BY created_at DESC, rowid DESC LIMIT ?`;
type PageRow = PaletteRow & { row_key: number };

/** A colour as the export writes it, by catalogue id, as JSON; lists of ids kept per export. */
function colourJson(catalogue: Catalogue) {
  const one = new Map<string, string>();
  for (const color of catalogue.colors) {
    const { id, brand, number, colorName, hexCode } = color;
    one.set(id, JSON.stringify({ id, brand, number, colorName, hexCode }));
  }
  let lists = new Map<string, string>();
  return (ids: readonly string[]) => {
    const key = ids.join(',');
    let json = lists.get(key);
    if (json === undefined) {
      // An id the catalogue no longer has is left out rather than failing.
      json = `[${ids.flatMap((id) => one.get(id) ?? []).join(',')}]`;
      if (lists.size >= 10_000) lists = new Map();
      lists.set(key, json);
    }
    return json;
  };
}

/** Resolves after one turn of the event loop once `SLICE_MS` of work has gone by since the last. */
function breather() {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/**
 * Everything the account holds, as one JSON document written piece by piece: the account, and every
 * saved palette with its full history (each version's name and colours, with the paint names and hex
 * values). A full account is over a gigabyte of JSON: it is never held whole. Palettes come a page at
 * a time and each history a page of versions at a time, by key (not a cursor held open: on SQLite
 * that would keep the one connection busy for every other request), and the work stops every few
 * milliseconds so health checks and other people's requests are answered meanwhile.
 */
export async function* accountExportChunks(
  services: AppServices,
  deps: AppDeps,
  user: UserRow,
): AsyncGenerator<string, void, undefined> {
  const colors = colourJson(deps.catalogue);
  const breathe = breather();
  const head = JSON.stringify({
    format: 'swatchbook-account-export',
    version: 1,
    exportedAt: deps.now().toISOString(),
    account: { ...(await services.accounts.toApiUser(user)) },
  });
  yield `${head.slice(0, -1)},"palettes":[`;
  let page = await deps.sql.all<PageRow>(FIRST_PAGE, [user.id, PALETTES_PER_PAGE]);
  let first = true;
  for (;;) {
    for (const row of page) {
      yield* paletteChunks(services, row, colors, breathe, first);
      first = false;
    }
    const last = page.at(-1);
    if (!last || page.length < PALETTES_PER_PAGE) break;
    page = await deps.sql.all<PageRow>(NEXT_PAGE, [
      user.id,
      last.created_at,
      last.created_at,
      last.row_key,
      PALETTES_PER_PAGE,
    ]);
  }
  yield ']}';
}

/** One palette's JSON: its row, then its history up to the row's version, a page of versions at a time. */
async function* paletteChunks(
  services: AppServices,
  row: PaletteRow,
  colors: (ids: readonly string[]) => string,
  breathe: () => Promise<void>,
  first: boolean,
) {
  const summary = JSON.stringify({ id: row.id, name: row.name });
  const rest = JSON.stringify({
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    isPublic: row.is_public === 1,
    shareId: row.share_id,
    version: row.version,
  });
  yield `${first ? '' : ','}${summary.slice(0, -1)},"colors":${colors(JSON.parse(row.colors) as string[])},${rest.slice(1, -1)},"history":[`;
  const stream = paletteStreamId(row.id);
  let state: SavedPalette | null = null;
  let afterVersion = 0;
  let written = 0;
  for (;;) {
    await breathe();
    const events = await services.store.readStreamPage(stream, {
      afterVersion,
      upToVersion: row.version,
      limit: VERSIONS_PER_PAGE,
    });
    let out = '';
    for (const stored of events) {
      const event = storedToPaletteEvent(stored);
      state = evolve(state, event);
      if (!state) continue;
      out += `${written++ ? ',' : ''}{"version":${state.version},"type":${JSON.stringify(event.type)},"at":${JSON.stringify(event.at)},"name":${JSON.stringify(state.name)},"colors":${colors(state.colorIds)},"isPublic":${state.isPublic}}`;
    }
    if (out) yield out;
    const last = events.at(-1);
    if (!last || events.length < VERSIONS_PER_PAGE) break;
    afterVersion = last.version;
  }
  yield ']}';
}
