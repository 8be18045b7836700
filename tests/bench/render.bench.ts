import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../support/browser';
import { toExportPalette } from '../../shared/export/export-palette';
import type { PngInput } from '../../workers/png-layout';
import { longestNamed } from '../shared/export/support';
import { type BenchRow, type BenchSuite, buildScratchPage, summarize, timedRow } from './support';

const RUNS = 40;
const WARMUP = 5;

/**
 * A page that holds only the real render client (worker and main-thread fallback) and the timing
 * loop, built by the project's Vite: the numbers are the app's code in Chromium, nothing else.
 */
function buildBenchPage(): string {
  // Scratch pages sit two folders below the project root (.cache/<name>-xxxx/).
  const client = '../../web/features/export/render-client.ts';
  const { out } = buildScratchPage(
    'render-bench',
    {
      'index.html': '<!doctype html><script type="module" src="./main.ts"></script>',
      'main.ts': `import { renderPng, renderPngOnMainThread } from '${client}';
// Longest main-thread stall while fn runs, seen by a 0 ms timer loop (what input handling would feel).
async function stall(fn) {
  let last = performance.now(), worst = 0, on = true;
  const tick = () => { const now = performance.now(); worst = Math.max(worst, now - last); last = now; if (on) setTimeout(tick, 0); };
  setTimeout(tick, 0);
  const start = performance.now();
  const blob = await fn();
  const ms = performance.now() - start;
  on = false;
  if (!(blob instanceof Blob) || blob.size < 1000) throw new Error('no PNG');
  return { ms, stall: Math.max(worst, performance.now() - last) };
}
window.benchRender = async (input, which, runs, warmup) => {
  const fn = which === 'worker' ? () => renderPng(input) : () => renderPngOnMainThread(input);
  for (let i = 0; i < warmup; i++) await fn();
  const out = [];
  for (let i = 0; i < runs; i++) out.push(await stall(fn));
  return out;
};
`,
    },
    '{ worker: { format: "es" } }',
  );
  return out;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves the built page on loopback: module workers need http, not file://. */
async function serve(dir: string) {
  const server = createServer((req, res) => {
    const path = join(dir, new URL(req.url ?? '/', 'http://x').pathname.replace(/\/$/, '/index.html'));
    if (!path.startsWith(dir)) return void res.writeHead(403).end();
    try {
      const body = readFileSync(path);
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

const suite: BenchSuite = async () => {
  const dist = buildBenchPage();
  const site = await serve(dist);
  const executablePath = chromiumPath();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(site.url);
    // Worst case for layout: ten colours with the catalogue's longest names, and a long title.
    const palette = toExportPalette('Ground floor: hall, kitchen and the long living room', longestNamed(10));
    const input: PngInput = { title: palette.name, colors: palette.colors };
    type Sample = { ms: number; stall: number };
    const run = (which: 'worker' | 'main') =>
      page.evaluate(
        ([i, w, r, u]) =>
          (window as unknown as { benchRender: (...a: unknown[]) => Promise<Sample[]> }).benchRender(i, w, r, u),
        [input, which, RUNS, WARMUP] as const,
      );
    const worker = await run('worker');
    const main = await run('main');
    const render = summarize(worker.map((s) => s.ms));
    const renderMain = summarize(main.map((s) => s.ms));
    const stall = summarize(worker.map((s) => s.stall));
    const stallMain = summarize(main.map((s) => s.stall));
    const rows: BenchRow[] = [
      timedRow({
        name: 'PNG export render in the worker (1200×630, 10 colours)',
        measured: render,
        baseline: { name: 'same drawing on the main thread', ...renderMain },
        target: 'median ≤ 50 ms',
        met: render.median <= 50,
      }),
      timedRow({
        name: 'longest main-thread stall during a worker PNG export',
        measured: stall,
        baseline: { name: 'stall when drawn on the main thread', ...stallMain },
        target: 'p95 ≤ 16 ms (one frame)',
        met: stall.p95 <= 16,
      }),
    ];
    return rows;
  } finally {
    await browser.close();
    site.close();
    rmSync(join(dist, '..'), { recursive: true, force: true });
  }
};

export default suite;
