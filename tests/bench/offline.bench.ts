import { type BrowserContext, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../support/browser';
import { startServer } from '../support/server-process';
import { timeToPaint } from './first-load.bench';
import { type BenchRow, type BenchSuite, summarize, timedRow } from './support';

const RUNS = 7;
const PALETTE = '.palette-strip';

/** A visit on the phone profile (slow 4G, or no network; CPU 4×): ms until the palette is painted. */
async function visit(context: BrowserContext, url: string, network: 'online' | 'offline'): Promise<number> {
  await context.setOffline(network === 'offline');
  const page = await context.newPage();
  try {
    return await timeToPaint(page, url, PALETTE, network === 'online');
  } finally {
    await page.close();
    await context.setOffline(false);
  }
}

/**
 * In a shop with no signal, the app a person has visited once opens as fast as with
 * signal. One first visit per run installs the service worker; then a repeat visit on slow 4G and
 * one with the network off (in alternating order), each until the palette is painted. Beside them,
 * the repeat visit of a browser without the worker (its HTTP cache only), as before this issue.
 */
const suite: BenchSuite = async (ctx) => {
  const app = await startServer({ distDir: ctx.distDir() });
  const executablePath = chromiumPath();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
  const phone = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
  try {
    const online: number[] = [];
    const offline: number[] = [];
    const withoutWorker: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ ...phone, serviceWorkers: 'allow' });
      try {
        const first = await context.newPage();
        await first.goto(app.url);
        await first.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
        await first.close();
        if (i % 2 === 0) {
          online.push(await visit(context, app.url, 'online'));
          offline.push(await visit(context, app.url, 'offline'));
        } else {
          offline.push(await visit(context, app.url, 'offline'));
          online.push(await visit(context, app.url, 'online'));
        }
      } finally {
        await context.close();
      }
      const plain = await browser.newContext({ ...phone, serviceWorkers: 'block' });
      try {
        const first = await plain.newPage();
        await first.goto(app.url);
        await first.locator(PALETTE).first().waitFor();
        await first.close();
        withoutWorker.push(await visit(plain, app.url, 'online'));
      } finally {
        await plain.close();
      }
    }
    const on = summarize(online);
    const off = summarize(offline);
    const plain = summarize(withoutWorker);
    const rows: BenchRow[] = [
      timedRow({
        name: 'repeat visit with the network off (CPU 4×): palette painted',
        measured: off,
        baseline: { name: 'repeat visit online, slow 4G, same worker', ...on },
        target: 'median ≤ 1.25 × the online repeat visit',
        met: off.median <= 1.25 * on.median,
      }),
      timedRow({
        name: 'repeat visit online with the service worker (slow 4G, CPU 4×): palette painted',
        measured: on,
        baseline: { name: 'repeat visit without a service worker (HTTP cache)', ...plain },
        target: 'no slower than without the worker',
        met: on.median <= plain.median,
      }),
    ];
    return rows;
  } finally {
    await browser.close();
    await app.stop();
  }
};

export default suite;
