import { type Browser, chromium, type Page } from '@playwright/test';
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
      if (key === 'w') {
        // The browser's own floor: new colours and names painted straight into the DOM, no app code.
        for (const strip of document.querySelectorAll<HTMLElement>('.palette-strip')) {
          strip.style.backgroundColor = `hsl(${Math.floor(Math.random() * 360)} 40% 60%)`;
          const name = strip.querySelector('.palette-strip-name');
          if (name) name.textContent = Math.random().toString(36).slice(2, 10);
        }
      }
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

async function openEditor(browser: Browser, url: string, { afterSearch = false } = {}) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(instrument);
  await page.goto(url);
  await page.getByRole('list', { name: 'Current palette' }).getByRole('listitem').first().waitFor();
  // Let the idle-time chunks (drag and drop, session) arrive before timing anything.
  await page.waitForTimeout(2500);
  if (afterSearch) {
    // A search made and cleared: its list stays mounted, unseen, while the person goes on generating.
    const box = page.getByRole('combobox', { name: 'Search colours' });
    await box.click();
    await box.pressSequentially('green');
    await page.locator('.results:not(.is-unseen) .result-row').first().waitFor();
    await box.press('Escape');
    await box.press('Escape');
    await page.locator('.results.is-unseen').waitFor({ state: 'attached' });
    await box.blur();
  }
  const names = () => page.locator('.palette-strip-name').allTextContents();
  const first = await names();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { page, names, first };
}

type Editor = Awaited<ReturnType<typeof openEditor>>;

async function rowsOf(editor: Editor, tag: string): Promise<BenchRow[]> {
  const { page, names, first } = editor;
  const samples = await page.evaluate(() => (window as unknown as { keySamples: Record<string, number[]> }).keySamples);
  if ((await names()).join() === first.join()) throw new Error(`Space did not change the palette${tag}`);
  const space = summarize((samples[' '] ?? []).slice(WARMUP));
  const empty = summarize((samples.q ?? []).slice(WARMUP));
  const domOnly = summarize((samples.w ?? []).slice(WARMUP));
  const baseline = { name: 'unbound key → next paint, same page', median: empty.median, p95: empty.p95 };
  return [
    {
      name: `Space → new palette painted (CPU 4× slower)${tag}`,
      unit: 'ms',
      ...space,
      baseline,
      target: 'p95 ≤ 8 ms',
      met: space.p95 <= 8,
    },
    {
      name: `floor: 5 strips recoloured by direct DOM writes (CPU 4× slower)${tag}`,
      unit: 'ms',
      ...domOnly,
      baseline,
      target: 'reference: what painting a new palette costs with no app code',
    },
    {
      name: `Space against the floor: p95 ratio (median ratio as baseline)${tag}`,
      unit: '×',
      median: space.p95 / domOnly.p95,
      baseline: { name: 'median ratio', median: space.median / domOnly.median },
      target: 'p95 ≤ 1.2 × floor',
      met: space.p95 <= 1.2 * domOnly.p95,
    },
  ];
}

const suite: BenchSuite = async (ctx) => {
  const server = await startServer({ distDir: ctx.distDir() });
  // With EDITOR_BENCH_BASE_DIST (another build's web folder), that build is open in a second tab and
  // each round of presses goes to it right before this one, so both see the same load.
  const baseDist = process.env.EDITOR_BENCH_BASE_DIST;
  const base = baseDist ? await startServer({ distDir: baseDist }) : null;
  const executablePath = chromiumPath();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: [...CHROMIUM_ARGS, '--disable-frame-rate-limit', '--disable-gpu-vsync'],
  });
  try {
    const baseEditor = base ? await openEditor(browser, base.url) : null;
    const editor = await openEditor(browser, server.url);
    const searched = await openEditor(browser, server.url, { afterSearch: true });
    const editors = baseEditor ? [baseEditor, editor, searched] : [editor, searched];
    // Interleaved, so all keys see the same page, heap and machine load. 'q' and 'w' are bound to
    // nothing in the app; 'w' repaints the strips by hand (see instrument).
    for (let i = 1; i <= WARMUP + PRESSES; i++) {
      for (const { page } of editors) {
        await pressAndWait(page, 'Space', i);
        await pressAndWait(page, 'q', i);
        await pressAndWait(page, 'w', i);
      }
    }
    return [
      ...(await rowsOf(editor, '')),
      ...(await rowsOf(searched, ', after a search was made and cleared')),
      ...(baseEditor ? await rowsOf(baseEditor, ' [base build]') : []),
    ];
  } finally {
    await browser.close();
    await server.stop();
    await base?.stop();
  }
};

export default suite;
