import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../support/browser';
import { startServer } from '../support/server-process';
import { type BenchRow, type BenchSuite, summarize } from './support';

const RUNS = 5;

/** One extraction of a 12-MP JPEG made by the page: longest main-thread task and file → palette time. */
async function extractOnce(page: Page): Promise<{ longest: number; total: number }> {
  await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(4000, 3000);
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
    [12, 95, 160, 215, 300].forEach((hue, i) => {
      const gradient = context.createLinearGradient(0, 0, 0, 3000);
      gradient.addColorStop(0, `hsl(${hue} 45% 35%)`);
      gradient.addColorStop(1, `hsl(${hue} 45% 70%)`);
      context.fillStyle = gradient;
      context.fillRect(i * 800, 0, 800, 3000);
    });
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    (window as unknown as { benchFile: File }).benchFile = new File([blob], 'photo.jpg', { type: 'image/jpeg' });
  });
  // The test image's 48 MB canvas is the bench's garbage, not the app's: let it be collected first.
  await page.waitForTimeout(1500);
  return page.evaluate(
    () =>
      new Promise<{ longest: number; total: number }>((resolve) => {
        const w = window as unknown as { benchFile: File };
        const tasks: number[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push(entry.duration);
        });
        observer.observe({ type: 'longtask' });
        const toasts = document.querySelector('.toast-region') as HTMLElement;
        const start = performance.now();
        const done = new MutationObserver(() => {
          if (!toasts.textContent?.includes('Palette extracted from image!')) return;
          const total = performance.now() - start;
          done.disconnect();
          // Long-task entries arrive after the task ends: give the last ones a moment.
          setTimeout(() => {
            observer.disconnect();
            resolve({ longest: Math.max(0, ...tasks), total });
          }, 300);
        });
        done.observe(toasts, { subtree: true, childList: true, characterData: true });
        const input = document.querySelector('dialog input[type="file"]:not([capture])') as HTMLInputElement;
        const transfer = new DataTransfer();
        transfer.items.add(w.benchFile);
        input.files = transfer.files;
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }),
  );
}

async function measureIn(browser: Browser, url: string, blockWorker: boolean) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  if (blockWorker) await page.route(/extract\.worker[^/]*\.js/, (route) => route.abort());
  await page.goto(url);
  // A cheap phone: the CPU 4× slower, as the editor bench does.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.getByRole('button', { name: 'Extract palette from image' }).click();
  await page.getByRole('button', { name: 'Choose an image' }).waitFor();
  const longest: number[] = [];
  const total: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const run = await extractOnce(page);
    // The first run loads the worker (or fallback) chunk: a warm-up.
    if (i === 0) continue;
    longest.push(run.longest);
    total.push(run.total);
    await page.waitForTimeout(2200);
  }
  await page.close();
  return { longest: summarize(longest), total: summarize(total) };
}

/** In Chromium, the real built app: a 12-MP photo to a palette, with the worker and without it. */
const suite: BenchSuite = async (ctx) => {
  const server = await startServer({ distDir: ctx.distDir() });
  const executablePath = chromiumPath();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
  try {
    const worker = await measureIn(browser, server.url, false);
    const mainThread = await measureIn(browser, server.url, true);
    const rows: BenchRow[] = [
      {
        name: 'extract in Chromium, 12 MP JPEG, CPU 4× slower: longest main-thread task (worker)',
        unit: 'ms',
        ...worker.longest,
        baseline: { name: 'same, worker blocked (main-thread fallback)', ...mainThread.longest },
        target: 'no long task over 50 ms (0 = none at all)',
        met: worker.longest.p95 <= 50,
      },
      {
        name: 'extract in Chromium, 12 MP JPEG, CPU 4× slower: file chosen → palette (worker)',
        unit: 'ms',
        ...worker.total,
        baseline: { name: 'same, worker blocked (main-thread fallback)', ...mainThread.total },
      },
    ];
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
};

export default suite;
