import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCatalogue } from '../../server/catalogue-file';
import { copyTable } from '../../server/db/copy-table';
import { openDatabase } from '../../server/db/database';
import { openPostgres } from '../../server/db/postgres-sql';
import { sqliteSql } from '../../server/db/sqlite-sql';
import { rebuildPaletteProjections } from '../../server/palettes/palette-projection';
import { paletteStreamId } from '../../shared/palette/palette-events';
import { startPostgres } from '../support/postgres-server';
import { ROOT, signUpAt } from '../support/server-process';
import { type BenchRow, type BenchSuite, summarize, timedRow } from './support';

interface CannonResult {
  requests: { p50: number; average: number; total: number };
  latency: { p50: number; p90: number; p99: number };
  non2xx: number;
  errors: number;
}
type Cannon = (options: Record<string, unknown>) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

const CONNECTIONS = 2 * availableParallelism();
const SECONDS = 2;
const ROUNDS = 3;

/** Resident memory of a process, from /proc (Linux). */
function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Runs autocannon while sampling the server's RSS every 100 ms. */
async function load(pid: number, options: Record<string, unknown>, notModified = false) {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(rssMiB(pid)), 100);
  try {
    const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
    // autocannon counts a 304 as non-2xx: in the 304 run every answer must be one, and nothing else.
    if (result.errors > 0 || (notModified ? result.non2xx !== result.requests.total : result.non2xx > 0)) {
      throw new Error(`load run had ${result.errors} errors and ${result.non2xx} non-2xx answers`);
    }
    return { result, rss: { ...summarize(samples), all: samples } };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Starts a server with its log going to a file, as in production: a log piped into this process
 * would block the server whenever the load generator keeps this event loop busy.
 */
async function startLogged(script: string, env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'swatchbook-bench-srv-'));
  const logPath = join(dir, 'server.log');
  const log = openSync(logPath, 'w');
  const child: ChildProcess = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, script)],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: join(dir, 'db.sqlite'), ...env },
      stdio: ['ignore', log, 'inherit'],
    },
  );
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let url = '';
  for (let i = 0; i < 400 && !url; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const match = /"url":"http:\/\/localhost:(\d+)"/.exec(readFileSync(logPath, 'utf8'));
    if (match) url = `http://127.0.0.1:${match[1]}`;
  }
  if (!url) throw new Error(`${script} did not start: ${readFileSync(logPath, 'utf8')}`);
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** 1 000 000 events: 100 000 palettes of 10 events each, written straight into the log. */
function generateLog(path: string, palettes = 100_000, perPalette = 10) {
  const db = openDatabase(path);
  const insert = db.prepare(
    'INSERT INTO events (stream_id, version, type, schema_version, data, actor, time) VALUES (?, ?, ?, 1, ?, ?, ?)',
  );
  const ids = ['farrow-ball-all-white', 'lick-greige-02', 'little-greene-hicks-blue', 'farrow-ball-hague-blue'];
  db.transaction(() => {
    for (let p = 0; p < palettes; p++) {
      const id = `bench${p}`;
      const stream = paletteStreamId(id);
      const owner = `user${p % 1000}`;
      const at = new Date(Date.UTC(2026, 0, 1) + p * 1000).toISOString();
      insert.run(
        stream,
        1,
        'PaletteCreated',
        JSON.stringify({ paletteId: id, ownerId: owner, name: `Palette ${p}`, colorIds: ids.slice(0, 3) }),
        owner,
        at,
      );
      for (let v = 2; v <= perPalette; v++) {
        const kind = v % 4;
        const [type, data] =
          kind === 0
            ? ['PaletteRenamed', { name: `Palette ${p} v${v}` }]
            : kind === 1
              ? ['PaletteColorsChanged', { colorIds: v % 2 ? ids : ids.slice(1) }]
              : kind === 2
                ? ['PalettePublished', { shareId: `s${p}v${v}`.padEnd(13, '0') }]
                : ['PaletteUnpublished', { shareId: `s${p}v${v - 1}`.padEnd(13, '0') }];
        insert.run(stream, v, type, JSON.stringify(data), owner, at);
      }
    }
  })();
  return db;
}

const step = (text: string) => process.stdout.write(`  server bench: ${text}\n`);

interface Process {
  url: string;
  pid: number;
}
/** The same load spread over several app processes at once (as a balancer would): rates add up. */
async function loadAll(
  targets: readonly Process[],
  options: (target: Process) => Record<string, unknown>,
  notModified = false,
) {
  const runs = await Promise.all(
    targets.map((t) => load(t.pid, { connections: CONNECTIONS / targets.length, ...options(t) }, notModified)),
  );
  return {
    rate: runs.reduce((sum, r) => sum + r.result.requests.average, 0),
    p50: Math.max(...runs.map((r) => r.result.latency.p50)),
    p99: Math.max(...runs.map((r) => r.result.latency.p99)),
    rss: runs.flatMap((r) => r.rss.all),
  };
}
type Measured = Awaited<ReturnType<typeof loadAll>>;
const median = (runs: Measured[], key: 'rate' | 'p50' | 'p99') => summarize(runs.map((r) => r[key])).median;
const share = (part: number, whole: number) => `${Math.round((part / whole) * 1000) / 10} %`;

// One user writing under load: far past the per-account ceilings people get.
const LOAD_ENV = {
  DIST_DIR: join(tmpdir(), 'swatchbook-no-dist'),
  USER_MAX_PALETTES: '1000000000',
  USER_MAX_VERSIONS: '1000000000',
  USER_WRITES_PER_MINUTE: '1000000000',
};
const PALETTE = JSON.stringify({
  name: 'Bench',
  colorIds: ['farrow-ball-all-white', 'lick-greige-02', 'little-greene-hicks-blue'],
});

/** A signed-in bench user with one public palette, on the first process. */
async function prepare(url: string) {
  const { cookie } = await signUpAt(url, `bench-${Date.now()}@example.com`, 'bench password');
  const headers = { origin: url, 'content-type': 'application/json', cookie };
  const created = (await (await fetch(`${url}/api/palettes`, { method: 'POST', headers, body: PALETTE })).json()) as {
    id: string;
  };
  const shared = (await (
    await fetch(`${url}/api/palettes/${created.id}/sharing`, { method: 'PUT', headers, body: '{"public":true}' })
  ).json()) as { shareId: string };
  const read = await fetch(`${url}/api/shares/${shared.shareId}`);
  // The headers the share read sends, less those Node adds to every answer itself.
  const shareHeaders = Object.fromEntries(
    [...read.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name)),
  );
  return {
    cookie,
    shareId: shared.shareId,
    shareJson: await read.text(),
    shareHeaders,
    etag: read.headers.get('etag') ?? '',
  };
}

/**
 * One engine and process count: rounds of 2 s runs, baseline and app alternating so drift in the
 * machine's load hits both alike. Appends, share reads and 304 share reads beside a bare Hono
 * INSERT (on the same engine) and a bare Hono JSON answer.
 */
async function scenario(label: string, apps: readonly Process[], bare: Process, targets: boolean) {
  const user = await prepare(apps[0]!.url);
  // The baseline answers the very body the share read sends (and on /json-headers its headers too).
  const canned = await fetch(`${bare.url}/json`, {
    method: 'PUT',
    body: JSON.stringify({ body: user.shareJson, headers: user.shareHeaders }),
  });
  if (canned.status !== 204) throw new Error(`the bare server did not take the body: ${canned.status}`);
  const bareWrites: Measured[] = [];
  const appends: Measured[] = [];
  const bareReads: Measured[] = [];
  const bareHeaderReads: Measured[] = [];
  const reads: Measured[] = [];
  const notModified: Measured[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    step(`${label}: round ${round + 1} of ${ROUNDS}`);
    const json = (url: string) => ({ origin: url, 'content-type': 'application/json' });
    bareWrites.push(
      await loadAll([bare], (t) => ({ url: `${t.url}/insert`, method: 'POST', headers: json(t.url), body: PALETTE })),
    );
    appends.push(
      await loadAll(apps, (t) => ({
        url: `${t.url}/api/palettes`,
        method: 'POST',
        headers: { ...json(t.url), cookie: user.cookie },
        body: PALETTE,
      })),
    );
    bareReads.push(await loadAll([bare], (t) => ({ url: `${t.url}/json` })));
    bareHeaderReads.push(await loadAll([bare], (t) => ({ url: `${t.url}/json-headers` })));
    reads.push(await loadAll(apps, (t) => ({ url: `${t.url}/api/shares/${user.shareId}` })));
    notModified.push(
      await loadAll(
        apps,
        (t) => ({
          url: `${t.url}/api/shares/${user.shareId}`,
          headers: { 'if-none-match': user.etag },
        }),
        true,
      ),
    );
  }
  const [appendRate, bareWrite, readRate, bareRead, bareHeaderRead, rate304] = [
    appends,
    bareWrites,
    reads,
    bareReads,
    bareHeaderReads,
    notModified,
  ].map((runs) => median(runs, 'rate')) as [number, number, number, number, number, number];
  const rows: BenchRow[] = [
    {
      name: `${label}: event appends (POST /api/palettes, ${CONNECTIONS} connections)`,
      unit: 'req/s',
      median: appendRate,
      baseline: { name: 'bare Hono route, one raw INSERT, same engine', median: bareWrite },
      target: `${targets ? '≥ 20 % of the baseline; ' : ''}${share(appendRate, bareWrite)} (zod, session, rate count, decide, append + projection in one transaction)`,
      ...(targets ? { met: appendRate >= 0.2 * bareWrite } : {}),
      samples: ROUNDS,
    },
    {
      name: `${label}: append latency p50 (p99 in the target column)`,
      unit: 'ms',
      median: median(appends, 'p50'),
      baseline: { name: 'bare INSERT p50', median: median(bareWrites, 'p50') },
      target: `p99 ${median(appends, 'p99')} ms (bare ${median(bareWrites, 'p99')} ms)`,
    },
    {
      name: `${label}: share reads (GET /api/shares/:id)`,
      unit: 'req/s',
      median: readRate,
      baseline: { name: 'bare Hono JSON route, same body', median: bareRead },
      target: `${targets ? '≥ 50 % of the baseline; ' : ''}${share(readRate, bareRead)}`,
      ...(targets ? { met: readRate >= 0.5 * bareRead } : {}),
      samples: ROUNDS,
    },
    {
      name: `${label}: share reads beside a bare route sending the same headers`,
      unit: 'req/s',
      median: readRate,
      baseline: {
        name: `bare Hono JSON route, same body and the share read's ${Object.keys(user.shareHeaders).length} headers (security set, ETag, Cache-Control)`,
        median: bareHeaderRead,
      },
      target: `${share(readRate, bareHeaderRead)} of this baseline (what the headers alone cost the bare route: ${share(bareHeaderRead, bareRead)} of its rate)`,
    },
    {
      name: `${label}: share read latency p50 (p99 in the target column)`,
      unit: 'ms',
      median: median(reads, 'p50'),
      baseline: { name: 'bare JSON p50', median: median(bareReads, 'p50') },
      target: `p99 ${median(reads, 'p99')} ms (bare ${median(bareReads, 'p99')} ms)`,
    },
    {
      name: `${label}: 304 share reads (If-None-Match, what a CDN revalidating sends)`,
      unit: 'req/s',
      median: rate304,
      baseline: { name: 'bare Hono JSON route, same body', median: bareRead },
      target: `${share(rate304, bareRead)} of the baseline; full reads ${Math.round(readRate)} req/s`,
    },
  ];
  const appRss = summarize([...appends, ...reads].flatMap((r) => r.rss));
  return { rows, appRss, bareRss: summarize([...bareWrites, ...bareReads].flatMap((r) => r.rss)) };
}

const suite: BenchSuite = async () => {
  const rows: BenchRow[] = [];
  step('SQLite: starting the app and the bare baseline');
  const sqliteApp = await startLogged('server/main.ts', LOAD_ENV);
  const bareSqlite = await startLogged('tests/bench/bare-server.ts', {});
  try {
    const measured = await scenario('SQLite, 1 process', [sqliteApp], bareSqlite, true);
    rows.push(
      ...measured.rows,
      timedRow({
        name: 'server RSS under append + read load (SQLite)',
        unit: 'MiB',
        measured: measured.appRss,
        baseline: { name: 'bare Hono server RSS, same load', ...measured.bareRss },
        target: 'p95 ≤ 256 MiB (a small VPS)',
        met: measured.appRss.p95 <= 256,
      }),
    );
  } finally {
    await sqliteApp.stop();
    await bareSqlite.stop();
  }

  // SERVER_BENCH=sqlite: the SQLite rows and replay only (no PostgreSQL server is started).
  if (process.env.SERVER_BENCH === 'sqlite') {
    rows.push(...(await replays(null)));
    return rows;
  }
  step('PostgreSQL: starting a server, two app processes and the bare baseline');
  const postgres = await startPostgres();
  try {
    const pgEnv = { ...LOAD_ENV, DATABASE_URL: postgres.url };
    const first = await startLogged('server/main.ts', pgEnv);
    const second = await startLogged('server/main.ts', pgEnv);
    const barePg = await startLogged('tests/bench/bare-server.ts', { BARE_PG_URL: postgres.url });
    try {
      rows.push(...(await scenario('PostgreSQL, 1 process', [first], barePg, false)).rows);
      rows.push(...(await scenario('PostgreSQL, 2 processes', [first, second], barePg, false)).rows);
    } finally {
      await Promise.all([first.stop(), second.stop(), barePg.stop()]);
    }
    rows.push(...(await replays(postgres.url)));
  } finally {
    await postgres.stop();
  }
  return rows;
};

/** 1 000 000 events replayed into the projections on each engine, beside a plain scan of the same log. */
async function replays(postgresUrl: string | null): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  step('generating 1 000 000 events');
  const catalogue = loadCatalogue();
  const dir = mkdtempSync(join(tmpdir(), 'swatchbook-replay-'));
  const db = generateLog(join(dir, 'replay.sqlite'));
  const sqlite = sqliteSql(db);
  const pgStore = postgresUrl ? await openPostgres(postgresUrl, { schema: 'replay', max: 2 }) : null;
  try {
    if (pgStore) {
      step('copying the log into PostgreSQL');
      await copyTable(sqlite, pgStore, 'events');
    }
    const stores = [['SQLite', sqlite] as const, ...(pgStore ? [['PostgreSQL', pgStore] as const] : [])];
    for (const [label, store] of stores) {
      const scans: number[] = [];
      const runs: number[] = [];
      let replayed = 0;
      step(`replaying on ${label}`);
      for (let run = 0; run < 3; run++) {
        let t = performance.now();
        let n = 0;
        for await (const batch of store.batches(
          `SELECT stream_id, type, schema_version, data, time FROM ${store.dialect.eventsInLogOrder} ORDER BY position`,
          [],
          5000,
        )) {
          n += batch.length;
        }
        scans.push(performance.now() - t);
        t = performance.now();
        replayed = (await rebuildPaletteProjections(store, catalogue)).events;
        runs.push(performance.now() - t);
        if (n !== replayed) throw new Error(`replayed ${replayed} of ${n} events`);
      }
      const replay = summarize(runs.map((ms) => ms / 1000));
      rows.push({
        name: `${label}: replay of ${replayed.toLocaleString('en')} events into the projections`,
        unit: 's',
        ...replay,
        baseline: { name: 'plain scan of the same log', median: summarize(scans.map((ms) => ms / 1000)).median },
        target: '≤ 5 s on SQLite',
        ...(label === 'SQLite' ? { met: replay.median <= 5 } : {}),
      });
    }
  } finally {
    await pgStore?.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

export default suite;
