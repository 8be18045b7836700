import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import Database from 'better-sqlite3';
import { openDatabase } from '../../server/db/database';
import { sqliteSql } from '../../server/db/sqlite-sql';
import { fillAccount } from '../support/full-account';
import { startServer } from '../support/server-process';
import { type BenchRow, type BenchSuite, quantile } from './support';

/** The default caps: the largest account one person may hold. */
const PALETTES = 1000;
const VERSIONS = 1000;
const SMALL = 100;
const PASSWORD = 'a long enough password';

const step = (text: string) => process.stdout.write(`  export bench: ${text}\n`);

/** Resident memory of a process and its children (tsx runs the server in a child of the pid we start). */
function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  const own = match ? Number(match[1]) / 1024 : 0;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return own + children.reduce((sum, child) => sum + rssMiB(Number(child)), 0);
}

const p99 = (samples: readonly number[]) =>
  quantile(
    [...samples].sort((a, b) => a - b),
    0.99,
  );

/** Health checks one after another (20 ms apart) until `done` resolves; each one's time in ms. */
async function pollHealth(url: string, done: Promise<unknown>) {
  let running = true;
  void done.finally(() => {
    running = false;
  });
  const samples: number[] = [];
  while (running) {
    const started = performance.now();
    const res = await fetch(`${url}/api/health`);
    if (res.status !== 200) throw new Error(`health answered ${res.status}`);
    await res.text();
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return samples;
}

/** Downloads the export gzipped and unpacks it as it comes: bytes on the wire and of JSON, and the seconds it took. */
function download(url: string, cookie: string) {
  return new Promise<{ seconds: number; wire: number; json: number; tail: string }>((resolve, reject) => {
    const started = performance.now();
    const req = request(`${url}/api/account/export`, { headers: { cookie, 'accept-encoding': 'gzip' } }, (res) => {
      if (res.statusCode !== 200 || res.headers['content-encoding'] !== 'gzip') {
        reject(new Error(`export answered ${res.statusCode} ${res.headers['content-encoding']}`));
        return;
      }
      let wire = 0;
      let json = 0;
      let tail = '';
      res.on('data', (chunk: Buffer) => {
        wire += chunk.length;
      });
      const gunzip = res.pipe(createGunzip());
      gunzip.on('data', (chunk: Buffer) => {
        json += chunk.length;
        tail = (tail + chunk.toString('latin1')).slice(-16);
      });
      gunzip.on('end', () => resolve({ seconds: (performance.now() - started) / 1000, wire, json, tail }));
      gunzip.on('error', reject);
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function signIn(url: string, email: string) {
  const res = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

/**
 * The largest account the caps allow (1 000 palettes × 1 000 versions, 1 000 000 events, written
 * as imports write them) exported from a real server process on SQLite, while health checks run:
 * how long it takes, the process's memory, and the health checks' p99 beside the same checks with
 * no export running. Exporting a tenth of it shows how time grows with size.
 */
const suite: BenchSuite = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'swatchbook-export-bench-'));
  const path = join(dir, 'db.sqlite');
  try {
    step(`filling ${PALETTES} palettes × ${VERSIONS} versions…`);
    const sql = sqliteSql(openDatabase(path));
    await fillAccount(sql, { email: 'full@example.com', password: PASSWORD, palettes: PALETTES, versions: VERSIONS });
    await fillAccount(sql, { email: 'tenth@example.com', password: PASSWORD, palettes: SMALL, versions: VERSIONS });
    await sql.close();
    const server = await startServer({ env: { DATABASE_PATH: path, DIST_DIR: join(dir, 'no-dist') } });
    const pid = server.process.pid!;
    try {
      const full = await signIn(server.url, 'full@example.com');
      const tenth = await signIn(server.url, 'tenth@example.com');
      step('health checks with nothing else running…');
      const idle = await pollHealth(server.url, new Promise((resolve) => setTimeout(resolve, 5000)));
      const idleRss = rssMiB(pid);

      step('exporting a tenth…');
      const small = await download(server.url, tenth);
      step(`exporting the full account (${PALETTES * VERSIONS} versions)…`);
      const rss: number[] = [];
      const timer = setInterval(() => rss.push(rssMiB(pid)), 100);
      const exporting = download(server.url, full);
      const [health, big] = await Promise.all([pollHealth(server.url, exporting), exporting]);
      clearInterval(timer);
      if (!big.tail.endsWith('}]}]}')) throw new Error(`the export ended in ${JSON.stringify(big.tail)}`);
      step(
        `full export: ${(big.json / 2 ** 20).toFixed(0)} MiB of JSON, ${(big.wire / 2 ** 20).toFixed(0)} MiB gzipped, ` +
          `${big.seconds.toFixed(1)} s; a tenth: ${small.seconds.toFixed(1)} s; ${health.length} health checks during it`,
      );
      const rows: BenchRow[] = [
        {
          name: `account export, ${PALETTES} × ${VERSIONS} versions (${(big.json / 2 ** 30).toFixed(2)} GiB JSON): time`,
          unit: 's',
          median: big.seconds,
          baseline: { name: `the same export of ${SMALL} palettes`, median: small.seconds },
          target: 'completes (it answered 500 after 38 s before); ≈ linear in size',
          met: big.seconds < small.seconds * (PALETTES / SMALL) * 1.5,
        },
        {
          name: 'account export, full account: server peak RSS (tsx launcher + server)',
          unit: 'MiB',
          median: Math.max(...rss),
          baseline: { name: 'server RSS before it, idle', median: idleRss },
          target: 'bounded: ≤ idle + 200 MiB (2.1 GB before)',
          met: Math.max(...rss) <= idleRss + 200,
        },
        {
          name: 'GET /api/health p99 during the full export',
          unit: 'ms',
          median: p99(health),
          samples: health.length,
          baseline: { name: 'health p99, no export running', median: p99(idle) },
          target: 'p99 ≤ 100 ms',
          met: p99(health) <= 100,
        },
      ];

      step(`erasing the tenth (${SMALL * VERSIONS} events) while health checks run…`);
      const started = performance.now();
      const erasing = fetch(`${server.url}/api/account`, {
        method: 'DELETE',
        headers: { origin: server.url, 'content-type': 'application/json', cookie: tenth },
        body: JSON.stringify({ password: PASSWORD }),
      });
      const [erasedHealth, erased] = await Promise.all([pollHealth(server.url, erasing), erasing]);
      if (erased.status !== 204) throw new Error(`erasure answered ${erased.status}`);
      const eraseSeconds = (performance.now() - started) / 1000;
      await server.stop();
      step('the same file rebuilt whole (VACUUM), for comparison…');
      const db = new Database(path);
      const vacuumStarted = performance.now();
      db.exec('VACUUM');
      const vacuumSeconds = (performance.now() - vacuumStarted) / 1000;
      db.close();
      rows.push(
        {
          name: `erasing an account of ${SMALL} × ${VERSIONS} versions beside the full one: time`,
          unit: 's',
          median: eraseSeconds,
          baseline: { name: 'a full VACUUM of the same file', median: vacuumSeconds },
          target: 'well below a VACUUM (the server waits for it)',
          met: eraseSeconds < vacuumSeconds,
        },
        {
          name: 'GET /api/health during that erasure: slowest',
          unit: 'ms',
          median: Math.max(...erasedHealth),
          samples: erasedHealth.length,
          baseline: { name: 'health p99, no export running', median: p99(idle) },
          target: 'informative: one transaction holds the file',
        },
      );
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export default suite;
