import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../server/catalogue-file';
import { openDatabase } from '../../../server/db/database';
import { sqliteSql } from '../../../server/db/sqlite-sql';
import { rebuildPaletteProjections } from '../../../server/palettes/palette-projection';
import { paletteStreamId } from '../../../shared/palette/palette-events';
import { ROOT, signUpAt, startServer } from '../../support/server-process';
import { colorIds, snapshot } from '../helpers';
import { sqliteOf } from '../../../server/db/sqlite-sql';
import { openTestSql, storeEnv } from '../test-engine';

/**
 * The real server/main.ts, bundled once so each of the 20 restarts costs a plain `node` start
 * rather than a TypeScript compile (the catalogue and node_modules sit where main.ts expects them).
 */
async function bundleServer(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'swatchbook-crash-bundle-'));
  await build({
    entryPoints: [join(ROOT, 'server/main.ts')],
    outfile: join(dir, 'server/main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'error',
  });
  mkdirSync(join(dir, 'data/generated'), { recursive: true });
  cpSync(join(ROOT, 'data/generated/catalogue.json'), join(dir, 'data/generated/catalogue.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return join(dir, 'server/main.mjs');
}

/** The bundled server on the store every round shares. */
const startBundled = (entry: string, store: Record<string, string>) =>
  startServer({
    entry,
    env: {
      ...store,
      DIST_DIR: join(tmpdir(), 'none'),
      // One user writing as fast as the machine allows: far past the per-account ceilings people get.
      USER_MAX_PALETTES: '1000000',
      USER_MAX_VERSIONS: '1000000',
      USER_WRITES_PER_MINUTE: '100000000',
    },
  });

const KILLS = 20;
const WRITERS = 4;

interface Ack {
  id: string;
  version: number;
  name: string;
}

describe('crash safety', () => {
  it('keeps every acknowledged write through 20 SIGKILLs under concurrent load, with an intact database', async () => {
    // The store every round shares: a SQLite file, or a schema of the run's PostgreSQL.
    const sql = await openTestSql();
    const store = storeEnv(sql);
    const acks: Ack[] = [];
    let cookie = '';
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };

    const entry = await bundleServer();
    for (let round = 0; round < KILLS; round++) {
      const server = await startBundled(entry, store);
      const headers = () => ({ 'content-type': 'application/json', origin: server.url, cookie });
      if (!cookie) {
        ({ cookie } = await signUpAt(server.url, 'crash@example.com', 'correct horse'));
      }
      let killed = false;
      const writer = async (w: number) => {
        let mine: Ack | null = null;
        for (let i = 0; !killed && i < 10_000; i++) {
          try {
            if (!mine || i % 3 === 0) {
              const name = `r${round} w${w} n${i}`;
              const res = await fetch(`${server.url}/api/palettes`, {
                method: 'POST',
                headers: headers(),
                body: JSON.stringify({ name, colorIds: colorIds(3, (i * 7) % 400) }),
              });
              if (res.status !== 201) throw new Error(`create answered ${res.status}`);
              const body = (await res.json()) as { id: string; version: number };
              mine = { id: body.id, version: body.version, name };
            } else {
              const name = `r${round} w${w} rename${i}`;
              const current: Ack = mine;
              const res: Response = await fetch(`${server.url}/api/palettes/${current.id}`, {
                method: 'PATCH',
                headers: { ...headers(), 'if-match': `W/"${current.version}"` },
                body: JSON.stringify({ name }),
              });
              if (res.status !== 200) throw new Error(`rename answered ${res.status}`);
              mine = { id: current.id, version: ((await res.json()) as { version: number }).version, name };
            }
            acks.push(mine);
          } catch (error) {
            if (killed) return; // a request cut off by the kill was never acknowledged
            throw error;
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
      await new Promise((r) => setTimeout(r, 150 + random() * 500));
      killed = true;
      await server.stop('SIGKILL');
      await Promise.all(writers);

      // Read afresh after each kill (SQLite: the file reopened, as the next start does).
      const reader = sql.engine === 'sqlite' ? sqliteSql(openDatabase(store.DATABASE_PATH!)) : sql;
      try {
        expect(sqliteOf(reader)?.pragma('integrity_check', { simple: true }) ?? 'ok').toBe('ok');
        for (const ack of acks) {
          const event = await reader.get<{ data: string }>(
            'SELECT type, data FROM events WHERE stream_id = ? AND version = ?',
            [paletteStreamId(ack.id), ack.version],
          );
          expect(event, `acknowledged ${ack.id}@${ack.version}`).toBeDefined();
          expect(JSON.parse(event!.data).name).toBe(ack.name);
          const row = await reader.get<{ version: number }>('SELECT version FROM palettes WHERE id = ?', [ack.id]);
          expect(row?.version ?? 0).toBeGreaterThanOrEqual(ack.version);
        }
        const live = await snapshot(reader);
        await rebuildPaletteProjections(reader, loadCatalogue());
        expect(await snapshot(reader)).toEqual(live);
      } finally {
        if (reader !== sql) await reader.close();
      }
    }
    await sql.close();
    expect(acks.length).toBeGreaterThan(KILLS * WRITERS);
    console.info(
      `crash test (${sql.engine}): ${KILLS} SIGKILLs, ${acks.length} acknowledged writes, every one present after restart`,
    );
  }, 120_000);
});
