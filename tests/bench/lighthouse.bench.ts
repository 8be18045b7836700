import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../support/browser';
import { type RunningServer, signUpAt, startServer } from '../support/server-process';
import { type BenchRow, type BenchSuite, summarize } from './support';

const RUNS = 3;

interface Metrics {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** What each row reports, its unit and the target. */
const ROWS: Array<{ key: keyof Metrics; name: string; unit: string; target: string; met: (v: number) => boolean }> = [
  { key: 'performance', name: 'performance', unit: 'score', target: '100', met: (v) => v >= 100 },
  { key: 'fcp', name: 'first contentful paint', unit: 'ms', target: '≤ 1000 ms', met: (v) => v <= 1000 },
  { key: 'lcp', name: 'largest contentful paint', unit: 'ms', target: '≤ 1000 ms', met: (v) => v <= 1000 },
  { key: 'tbt', name: 'total blocking time', unit: 'ms', target: '≤ 30 ms', met: (v) => v <= 30 },
  { key: 'cls', name: 'cumulative layout shift', unit: '', target: '0', met: (v) => v === 0 },
  { key: 'accessibility', name: 'accessibility', unit: 'score', target: '100', met: (v) => v >= 100 },
  { key: 'best-practices', name: 'best practices', unit: 'score', target: '100', met: (v) => v >= 100 },
  { key: 'seo', name: 'SEO', unit: 'score', target: '100', met: (v) => v >= 100 },
];

/** A public share on this server, made through the real API as a person would. */
async function makeShare(server: RunningServer): Promise<string> {
  const headers = { origin: server.url, 'content-type': 'application/json' };
  const email = `bench-${Date.now().toString(36)}@example.com`;
  const { cookie } = await signUpAt(server.url, email, 'correct horse battery');
  const catalogue = await fetch(`${server.url}/api/palettes`, { headers: { ...headers, cookie } });
  if (!catalogue.ok) throw new Error(`signed-in request failed: ${catalogue.status}`);
  const created = await fetch(`${server.url}/api/palettes`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({
      name: 'Front room',
      colorIds: ['farrow-ball-hague-blue', 'farrow-ball-pointing', 'little-greene-aquamarine-deep', 'lick-greige-01'],
    }),
  });
  const { id } = (await created.json()) as { id: string };
  const shared = await fetch(`${server.url}/api/palettes/${id}/sharing`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: JSON.stringify({ public: true }),
  });
  return ((await shared.json()) as { shareId: string }).shareId;
}

/** One Lighthouse run with its defaults: mobile, simulated slow 4G, 4× CPU slowdown, storage reset. */
async function audit(port: number, url: string): Promise<Metrics | null> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  // Lighthouse's own words for a trace it failed to record: "Please run Lighthouse again"
  if (result.lhr.runtimeError?.code === 'NO_NAVSTART') return null;
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const failed = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  if (failed.length > 0) process.stdout.write(`  ${url}: failing audits ${failed.join(', ')}\n`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

/** The machine's 1-minute load average, read after each visit: Lighthouse's figures move with it. */
const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
const loads: number[] = [];

/**
 * One first-time visitor: a server just started (as `npm start` leaves it: nothing rendered yet),
 * a Chromium with a fresh profile (no code cache, no connection, nothing learnt), one Lighthouse run.
 */
async function firstVisit(
  distDir: string,
  env: Record<string, string>,
  path: (server: RunningServer) => Promise<string>,
): Promise<Metrics> {
  // What the page needs (a share made through the API) is made on a server of its own; the
  // visitor then meets a server just started on that database, which has answered nothing yet.
  const setup = await startServer({ distDir, env });
  let pagePath: string;
  try {
    pagePath = await path(setup);
  } finally {
    await setup.stop();
  }
  const server = await startServer({ distDir, env: { ...env, DATABASE_PATH: setup.databasePath } });
  try {
    const url = `${server.url}${pagePath}`;
    // A run whose trace Lighthouse failed to record is made again (once), in a new profile.
    for (let attempt = 0; ; attempt++) {
      // chrome-launcher gives each launch a new temporary profile.
      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH ?? chromiumPath(),
        chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
      });
      try {
        const metrics = await audit(chrome.port, url);
        if (!metrics && attempt === 0) {
          process.stdout.write(`  ${url}: Lighthouse recorded no navigation start (NO_NAVSTART); run again\n`);
          continue;
        }
        if (!metrics) throw new Error(`Lighthouse recorded no navigation start twice for ${url}`);
        // The last minute's load: about the span of the run.
        loads.push(loadAverage());
        return metrics;
      } finally {
        chrome.kill();
      }
    }
  } finally {
    await server.stop();
  }
}

/**
 * Lighthouse 12 mobile on `/` and `/share/{id}` served as `npm start` serves them (the first screen
 * rendered on the server), beside the same pages as the client-only shell (SSR=off, the "before"),
 * median of 3 first-time visits each (a fresh server and browser profile per run), interleaved so
 * both see the same machine load. Not one warm server and browser for every run: after the first
 * run the server has rendered the page before and the browser has compiled the app's code, which a
 * person's first visit never finds.
 */
const suite: BenchSuite = async (ctx) => {
  const distDir = ctx.distDir();
  const pages = [
    { label: '/', path: async () => '/' },
    { label: '/share/{id}', path: async (server: RunningServer) => `/share/${await makeShare(server)}` },
  ];
  const rows: BenchRow[] = [];
  loads.length = 0;
  for (const page of pages) {
    const after: Metrics[] = [];
    const before: Metrics[] = [];
    for (let i = 0; i < RUNS; i++) {
      before.push(await firstVisit(distDir, { SSR: 'off' }, page.path));
      after.push(await firstVisit(distDir, {}, page.path));
    }
    for (const row of ROWS) {
      const median = summarize(after.map((m) => m[row.key])).median;
      rows.push({
        name: `Lighthouse mobile ${page.label}, first-time visitor: ${row.name}`,
        unit: row.unit,
        median,
        baseline: { name: 'client-only shell (SSR=off)', median: summarize(before.map((m) => m[row.key])).median },
        target: row.target,
        met: row.met(median),
        samples: RUNS,
      });
    }
  }
  const load = summarize(loads);
  rows.push({
    name: 'Lighthouse: load average (1 min) after each visit',
    unit: '',
    median: load.median,
    p95: load.p95,
    target: 'a quiet machine: below 1 per core',
    met: load.p95 < cpus().length,
    samples: loads.length,
  });
  return rows;
};

export default suite;
