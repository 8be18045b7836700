import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../support/browser';
import { startServer } from '../support/server-process';
import { type BenchRow, type BenchSuite, summarize } from './support';

const PRESSES = 200;
const WARMUP = 20;

/**
 * Keydown to the next paint, as the page feels it: a capturing keydown listener notes the time,
 * then a requestAnimationFrame callback posts a message, which runs right after that frame's
 * paint. Frame-rate limiting is off so the wait for vsync does not swamp the work being timed.
 */
function instrument() {
  const samples: Record<string, number[]> = {};
  (window as unknown as { keySamples: typeof samples }).keySamples = samples;
  addEventListener(
    'keydown',
    (event) => {
      const start = performance.now();
      const key = event.key;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          samples[key] ??= [];
          samples[key].push(performance.now() - start);
        };
        channel.port2.postMessage(null);
      });
    },
    true,
  );
}

async function pressAndWait(page: Page, key: string, count: number): Promise<void> {
  await page.keyboard.press(key);
  await page.waitForFunction(
    ([k, n]) => ((window as unknown as { keySamples: Record<string, number[]> }).keySamples[k]?.length ?? 0) >= n,
    [key === 'Space' ? ' ' : key, count] as const,
  );
}

const suite: BenchSuite = async (ctx) => {
  const server = await startServer({ distDir: ctx.distDir() });
  const executablePath = chromiumPath();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: [...CHROMIUM_ARGS, '--disable-frame-rate-limit', '--disable-gpu-vsync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(instrument);
    await page.goto(server.url);
    await page.getByRole('list', { name: 'Current palette' }).getByRole('listitem').first().waitFor();
    // Let the idle-time chunks (drag and drop, session) arrive before timing anything.
    await page.waitForTimeout(2500);
    const names = () => page.locator('.palette-strip-name').allTextContents();
    const first = await names();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    // Interleaved, so both keys see the same page, heap and machine load. 'q' is bound to nothing.
    for (let i = 1; i <= WARMUP + PRESSES; i++) {
      await pressAndWait(page, 'Space', i);
      await pressAndWait(page, 'q', i);
    }
    const samples = await page.evaluate(
      () => (window as unknown as { keySamples: Record<string, number[]> }).keySamples,
    );
    if ((await names()).join() === first.join()) throw new Error('Space did not change the palette');
    const space = summarize((samples[' '] ?? []).slice(WARMUP));
    const empty = summarize((samples.q ?? []).slice(WARMUP));
    const rows: BenchRow[] = [
      {
        name: 'Space → new palette painted (CPU 4× slower)',
        unit: 'ms',
        ...space,
        baseline: { name: 'unbound key → next paint, same page', median: empty.median, p95: empty.p95 },
        target: 'p95 ≤ 8 ms',
        met: space.p95 <= 8,
      },
    ];
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
};

export default suite;
