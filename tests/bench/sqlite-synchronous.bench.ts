import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCatalogue } from '../../server/catalogue-file';
import { openDatabase, type Synchronous } from '../../server/db/database';
import { sqliteSql } from '../../server/db/sqlite-sql';
import { createEventStore } from '../../server/events/event-store';
import { paletteCommands } from '../../server/palettes/palette-commands';
import { paletteProjection } from '../../server/palettes/palette-projection';
import { type BenchSuite, summarize } from './support';

const ROUNDS = 5;
const SECONDS = 2;

/**
 * SQLite's `synchronous` in WAL mode, the two promises side by side in one run: palette saves (one
 * command, its events and projections, one commit each, as `POST /api/palettes` does minus HTTP)
 * per second on a file on this machine's disk, under NORMAL (the default: survives kill -9, may lose
 * the last commits on power loss) and FULL (SQLITE_SYNCHRONOUS=full: the WAL is synced at every
 * commit). Rounds alternate so drift in the machine's load hits both alike.
 */
const suite: BenchSuite = async () => {
  const catalogue = loadCatalogue();
  const colorIds = catalogue.colors.slice(0, 5).map((color) => color.id);
  // On the disk the database would live on (not a tmpfs: there a sync costs nothing).
  const dir = mkdtempSync(join(tmpdir(), 'swatchbook-sync-bench-'));
  const open = (synchronous: Synchronous) => {
    const sql = sqliteSql(openDatabase(join(dir, `${synchronous}.sqlite`), undefined, synchronous));
    const store = createEventStore(sql, [paletteProjection(catalogue)]);
    const commands = paletteCommands({
      store,
      catalogue,
      now: () => new Date(),
      caps: { palettes: Number.MAX_SAFE_INTEGER, versionsPerPalette: 1000 },
    });
    return { sql, commands };
  };
  const stores = { normal: open('normal'), full: open('full') };
  const rates: Record<Synchronous, number[]> = { normal: [], full: [] };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of ['normal', 'full'] as const) {
        const { commands } = stores[mode];
        let saves = 0;
        const started = performance.now();
        while (performance.now() - started < SECONDS * 1000) {
          await commands.create('bench-user', `Bench ${saves}`, colorIds);
          saves++;
        }
        rates[mode].push(saves / ((performance.now() - started) / 1000));
      }
    }
  } finally {
    await stores.normal.sql.close();
    await stores.full.sql.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const full = summarize(rates.full);
  const normal = summarize(rates.normal);
  process.stdout.write(
    `  synchronous bench: FULL ${full.median.toFixed(0)} saves/s, NORMAL ${normal.median.toFixed(0)} saves/s (medians of ${ROUNDS})\n`,
  );
  return [
    {
      name: 'palette saves/s on SQLite, synchronous=FULL (power-loss safe)',
      unit: 'saves/s',
      median: full.median,
      samples: full.samples,
      baseline: { name: 'synchronous=NORMAL (the default)', median: normal.median },
      target: 'informs the default: FULL costs the rate shown; NORMAL is kept unless FULL ≥ 0.8 × NORMAL',
    },
  ];
};

export default suite;
