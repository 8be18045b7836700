import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../support/browser';
import { throttle } from '../support/phone-profile';
import { startServer } from '../support/server-process';
import { type BenchRow, type BenchSuite, buildScratchPage, summarize, timedRow } from './support';

const RUNS = 7;

/**
 * Notes when the first element matching `selector` is in the DOM and the frame after it has painted.
 * A string, not a function: tsx would wrap named inner functions in a helper the page does not have.
 */
export const watchFor = (selector: string) => `
  (() => {
    const check = () => {
      if (!document.querySelector(${JSON.stringify(selector)})) return false;
      requestAnimationFrame(() => setTimeout(() => { window.firstContent = performance.now(); }, 0));
      return true;
    };
    addEventListener('DOMContentLoaded', () => {
      if (check()) return;
      const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
      observer.observe(document.documentElement, { childList: true, subtree: true });
    });
  })();
`;

/**
 * Opens `url` in `page` on the phone profile (CPU 4×; slow 4G unless the network is off anyway) and
 * answers the ms until `selector` was painted.
 */
export async function timeToPaint(page: Page, url: string, selector: string, slowNetwork = true): Promise<number> {
  await throttle(page, 4, slowNetwork);
  await page.addInitScript(watchFor(selector));
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { firstContent?: number }).firstContent !== undefined, null, {
    timeout: 60_000,
  });
  return await page.evaluate(() => (window as unknown as { firstContent: number }).firstContent);
}

/** One cold visit (fresh context, empty cache) on the phone profile: ms until `selector` is painted. */
async function coldVisit(browser: Browser, url: string, selector: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  try {
    return await timeToPaint(await context.newPage(), url, selector);
  } finally {
    await context.close();
  }
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** A plain static server for the baseline page: gzip files as the app's server sends them. */
function serveStatic(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = join(dir, req.url === '/' ? 'index.html' : ((req.url ?? '/').split('?')[0] as string));
    if (!existsSync(path) || !statSync(path).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const gz = existsSync(`${path}.gz`);
    res.writeHead(200, {
      'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
      ...(gz ? { 'content-encoding': 'gzip' } : {}),
    });
    createReadStream(gz ? `${path}.gz` : path).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * First load as a home owner on a cheap phone feels it: a cold visit to `/` on slow 4G with a 4×
 * slower CPU, until the first palette is painted; beside the same visit to a page that is only
 * React rendering five coloured strips, served gzipped (what the framework alone costs).
 */
const suite: BenchSuite = async (ctx) => {
  const { out: floorDir } = buildScratchPage('first-load-floor', {
    'index.html':
      '<!doctype html><meta name="viewport" content="width=device-width"><div id="root"></div><script type="module" src="./main.js"></script>',
    'main.js': `import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
const colours = ['#3D4E57', '#CCBFB3', '#CB9E59', '#747C51', '#A53C49'];
createRoot(document.getElementById('root')).render(
  h('ol', null, colours.map((c) => h('li', { key: c, className: 'palette-strip', style: { background: c, height: 120 } }, c))),
);
`,
  });
  // The app's server sends precompressed files; gzip the floor's files the same way.
  const { gzipSync } = await import('node:zlib');
  const { readdirSync, readFileSync, writeFileSync } = await import('node:fs');
  for (const file of readdirSync(join(floorDir, 'assets'))) {
    const path = join(floorDir, 'assets', file);
    writeFileSync(`${path}.gz`, gzipSync(readFileSync(path), { level: 9 }));
  }

  const app = await startServer({ distDir: ctx.distDir() });
  const floor = await serveStatic(floorDir);
  const floorUrl = `http://127.0.0.1:${(floor.address() as AddressInfo).port}/`;
  const executablePath = chromiumPath();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
  try {
    const appTimes: number[] = [];
    const floorTimes: number[] = [];
    // Interleaved, so both see the same machine load.
    for (let i = 0; i < RUNS; i++) {
      appTimes.push(await coldVisit(browser, app.url, '.palette-strip'));
      floorTimes.push(await coldVisit(browser, floorUrl, '.palette-strip'));
    }
    const a = summarize(appTimes);
    const f = summarize(floorTimes);
    const rows: BenchRow[] = [
      timedRow({
        name: 'first load on a phone profile (slow 4G, CPU 4×): cold visit → palette painted',
        measured: a,
        baseline: { name: 'React alone painting 5 strips, same profile', ...f },
        target: 'median ≤ 1.5 × React alone (usable in about a second beyond the network floor)',
        met: a.median <= 1.5 * f.median,
      }),
    ];
    return rows;
  } finally {
    await browser.close();
    floor.close();
    await app.stop();
  }
};

export default suite;
