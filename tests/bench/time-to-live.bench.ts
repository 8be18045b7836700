import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../support/browser';
import { throttle } from '../support/phone-profile';
import { startServer } from '../support/server-process';
import { type BenchRow, type BenchSuite, summarize, timedRow } from './support';

const RUNS = 7;

/**
 * Notes the first contentful paint (`window.fcp`) and, from then on, the frame after the palette on
 * screen first differs from the one painted (`window.changed`). At that first paint it tells the
 * bench where the Generate button the phone shows is (`tapAtFirstPaint`), so the tap is made there and
 * then, as a person's thumb would: no wait for the page to answer the test tool's own questions
 * (Playwright's checks before a `tap()` run scripts in the page, which a busy page answers late, so
 * the tap came up to seconds after the paint). A string: tsx would wrap named inner functions in a
 * helper the page does not have.
 */
const WATCH = `
  (() => {
    const ids = () => [...document.querySelectorAll('[aria-label="Current palette"] [data-color-id]')]
      .map((el) => el.getAttribute('data-color-id')).join(' ');
    const generate = () => [...document.querySelectorAll('button')]
      .filter((b) => /^Generate( New Palette)?$/.test(b.textContent.trim()))
      .map((b) => b.getBoundingClientRect())
      .find((r) => r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= innerHeight);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name !== 'first-contentful-paint' || window.fcp !== undefined) continue;
        window.fcp = entry.startTime;
        window.watchPalette();
        const box = generate();
        if (box && window.tapAtFirstPaint) window.tapAtFirstPaint(JSON.stringify({ x: box.x + box.width / 2, y: box.y + box.height / 2 }));
      }
    }).observe({ type: 'paint', buffered: true });
    window.watchPalette = () => {
      const first = ids();
      window.changed = undefined;
      const observer = new MutationObserver(() => {
        if (ids() === first) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => { window.changed = performance.now(); }, 0));
      });
      observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
    };
  })();
`;

type Timed = { fcp?: number; changed?: number; watchPalette: () => void };

/** The Generate button the phone shows (the footer's on a narrow screen, the bar's on a wide one). */
const generateButton = (page: Page) =>
  page.getByRole('button', { name: /^Generate( New Palette)?$/ }).filter({ visible: true });

const waitForChange = (page: Page) =>
  page.waitForFunction(() => (window as unknown as Timed).changed !== undefined, null, { timeout: 60_000 });

/**
 * One cold visit (fresh context, empty cache) on the phone profile with the CPU `rate` × slower:
 * a tap on Generate the moment the page has painted, then ms from first contentful paint to the
 * palette on screen having changed; and, once the page is live, ms from a second tap to its change.
 */
async function coldVisit(
  browser: Browser,
  url: string,
  rate: number,
): Promise<{ fcp: number; first: number; live: number }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await throttle(page, rate);
    // A bare CDP binding, not exposeFunction: its page-side wrapper costs the busy page tens of ms.
    let tapped: Promise<void> | null = null;
    const cdp = await context.newCDPSession(page);
    cdp.on('Runtime.bindingCalled', ({ name, payload }) => {
      if (name !== 'tapAtFirstPaint' || tapped) return;
      const { x, y } = JSON.parse(payload) as { x: number; y: number };
      tapped = page.touchscreen.tap(x, y);
    });
    await cdp.send('Runtime.enable');
    await cdp.send('Runtime.addBinding', { name: 'tapAtFirstPaint' });
    await page.addInitScript(WATCH);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as Timed).fcp !== undefined, null, { timeout: 60_000 });
    if (!tapped) throw new Error('no Generate button on screen at the first paint');
    await tapped;
    await waitForChange(page);
    const { fcp, first } = await page.evaluate(() => {
      const w = window as unknown as Timed;
      return { fcp: w.fcp as number, first: (w.changed as number) - (w.fcp as number) };
    });
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'), null, {
      timeout: 60_000,
    });
    const tappedLive = await page.evaluate(() => {
      (window as unknown as Timed).watchPalette();
      return performance.now();
    });
    await generateButton(page).tap();
    await waitForChange(page);
    const live = await page.evaluate((t) => ((window as unknown as Timed).changed as number) - t, tappedLive);
    return { fcp, first, live };
  } finally {
    await context.close();
  }
}

/**
 * Time to live: a person on a cheap phone taps Generate as soon as the page shows; how long after
 * that first paint does the palette change? Beside it, the same tap on the page once it is live
 * (which includes the tool's own round trip for the tap). CPU 4× as Lighthouse's mobile profile,
 * and 6× for a busier phone.
 */
const suite: BenchSuite = async (ctx) => {
  const app = await startServer({ distDir: ctx.distDir() });
  const executablePath = chromiumPath();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
  try {
    const rows: BenchRow[] = [];
    for (const rate of [4, 6]) {
      const fcp: number[] = [];
      const first: number[] = [];
      const live: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const visit = await coldVisit(browser, app.url, rate);
        fcp.push(visit.fcp);
        first.push(visit.first);
        live.push(visit.live);
      }
      const measured = summarize(first);
      rows.push(
        timedRow({
          name: `time to live on a phone profile (slow 4G, CPU ${rate}×): FCP → a tap on Generate at first paint has changed the palette`,
          measured,
          baseline: { name: 'a tap on Generate once live: tap → palette changed', ...summarize(live) },
          target: 'median ≤ 300 ms after FCP',
          met: measured.median <= 300,
        }),
        // Where the clock starts: the same visits' first contentful paint, from the navigation.
        {
          name: `first contentful paint of those visits (CPU ${rate}×): navigation → FCP`,
          unit: 'ms',
          ...summarize(fcp),
        },
      );
    }
    return rows;
  } finally {
    await browser.close();
    await app.stop();
  }
};

export default suite;
