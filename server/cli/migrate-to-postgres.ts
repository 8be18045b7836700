import { existsSync } from 'node:fs';
import { loadCatalogue } from '../catalogue-file';
import { openDatabase } from '../db/database';
import { DEFAULT_DATABASE_PATH, openStore, storeFromEnv } from '../db/open-store';
import { copyTable } from '../db/copy-table';
import type { Sql } from '../db/sql';
import { sqliteSql } from '../db/sqlite-sql';
import { rebuildPaletteProjections } from '../palettes/palette-projection';

/**
 * `npm run migrate-to-postgres`: moves a SQLite installation (DATABASE_PATH) into an empty
 * PostgreSQL database (DATABASE_URL). It copies the event log, keeping every event's position,
 * and the accounts (users, sign-in methods, sessions, links, two-factor codes, known devices, rate
 * counters), all in one PostgreSQL transaction, then rebuilds the projections there from the log.
 * It proves the move by comparing every table's count and by comparing the rebuilt palettes and
 * shares with SQLite's own, which equal a replay of the same log. Stop the app while it runs.
 */

// Parents before children (foreign keys); the projections are not copied but rebuilt.
const TABLES = [
  'events',
  'users',
  'identities',
  'sessions',
  'email_confirmations',
  'password_resets',
  'known_devices',
  'totp_recovery_codes',
  'pending_sign_ins',
  'rate_limits',
] as const;

const sqlitePath = process.env.DATABASE_PATH ?? DEFAULT_DATABASE_PATH;
const target = storeFromEnv(process.env);
if (target.engine !== 'postgres') {
  console.error('Set DATABASE_URL to the PostgreSQL database to move into (postgres://…).');
  process.exit(2);
}
if (!existsSync(sqlitePath)) {
  console.error(`No SQLite database at ${sqlitePath} (set DATABASE_PATH).`);
  process.exit(2);
}

const from = sqliteSql(openDatabase(sqlitePath));
const to = await openStore(target, { max: 2 });
const count = async (sql: Sql, table: string) =>
  (await sql.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))?.n ?? 0;

/** Palettes and shares in a stable order and shape, to compare the two engines' projections. */
const projection = async (sql: Sql) => ({
  palettes: await sql.all(
    'SELECT id, user_id, name, colors, created_at, updated_at, is_public, share_id, version FROM palettes ORDER BY id',
  ),
  shares: await sql.all('SELECT share_id, palette_id, version FROM shares ORDER BY share_id'),
  counts: await sql.all('SELECT user_id, palettes FROM palette_counts WHERE palettes > 0 ORDER BY user_id'),
});

let failed = false;
try {
  for (const table of ['events', 'users']) {
    if ((await count(to, table)) > 0) {
      throw new Error(`${target.label} already holds ${table}: migrate into an empty database only.`);
    }
  }
  const started = performance.now();
  // One transaction: the copy, the replay and the proof commit together or not at all.
  const replay = await to.transaction(async (tx) => {
    for (const table of TABLES) console.log(`  ${table}: ${await copyTable(from, tx, table)} rows copied`);
    // Events keep their positions; new ones continue after the last.
    await tx.run(
      "SELECT setval(pg_get_serial_sequence('events', 'position'), coalesce((SELECT max(position) FROM events), 0) + 1, false)",
    );
    const rebuilt = await rebuildPaletteProjections(tx, loadCatalogue());
    const mismatches: string[] = [];
    for (const table of [...TABLES, 'palettes', 'shares']) {
      const [a, b] = [await count(from, table), await count(tx, table)];
      if (a !== b) mismatches.push(`${table}: SQLite ${a}, PostgreSQL ${b}`);
    }
    if (JSON.stringify(await projection(from)) !== JSON.stringify(await projection(tx))) {
      mismatches.push('the palettes replayed from the log on PostgreSQL differ from SQLite’s');
    }
    if (mismatches.length) throw new Error(`the copy does not match:\n  ${mismatches.join('\n  ')}`);
    return rebuilt;
  });
  console.log(
    `Moved ${sqlitePath} → ${target.label}: ${replay.events} events copied and replayed into ` +
      `${replay.palettes} palettes in ${((performance.now() - started) / 1000).toFixed(1)} s. Every table's ` +
      'count matches, and the palettes and shares replayed on PostgreSQL equal SQLite’s.',
  );
} catch (error) {
  failed = true;
  console.error(`Migration stopped; nothing was written to PostgreSQL: ${(error as Error).message}`);
} finally {
  await from.close();
  await to.close();
}
process.exit(failed ? 1 : 0);
