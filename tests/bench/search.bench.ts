import { chromium, type Page } from '@playwright/test';
import MiniSearch from 'minisearch';
import { loadCatalogue } from '../../server/catalogue-file';
import { CATEGORIES, type CatalogueColor } from '../../shared/catalogue/types';
import { buildSearchIndex, MAIN_THREAD_MAX } from '../../workers/search-index';
import { CHROMIUM_ARGS, chromiumPath } from '../support/browser';
import { startServer } from '../support/server-process';
import { type BenchRow, type BenchSuite, summarize, timedRow } from './support';

/** What people type, one keystroke at a time: names, a typo, a number, a hex code, brand + word. */
const QUERIES = ['hague blue', 'No. 30', '#3d4e57', 'elephnt', 'green smoke', 'lick grey', 'white', 'pink'];
const keystrokes = QUERIES.flatMap((q) => [...q].map((_, i) => q.slice(0, i + 1))).filter((q) => q.trim() !== '');

function miniSearchOver(colors: readonly CatalogueColor[]) {
  // As close to our rules as MiniSearch allows: prefix on, one edit from five letters, every word must match.
  const mini = new MiniSearch({
    fields: ['colorName', 'number', 'brand', 'hex', 'category', 'description'],
    storeFields: [],
    searchOptions: {
      prefix: true,
      fuzzy: (term) => (term.length >= 5 ? 1 : false),
      boost: { colorName: 10, number: 9, brand: 6, category: 5 },
      combineWith: 'AND',
    },
  });
  mini.addAll(colors.map((c) => ({ ...c, hex: c.hexCode.slice(1) })));
  return mini;
}

function time(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

// Passes over the keystrokes before Node's optimising compiler has taken a new index's code: about
// 200 queries (a trace shows `rank` optimised in the fourth pass); they run 2–3 × slower.
const COLD_PASSES = 3;

/** Per-keystroke query time in µs: the cold passes, then `rounds` passes with the code optimised. */
function queryTimes(run: (text: string) => unknown, rounds: number): { cold: number[]; warm: number[] } {
  const cold: number[] = [];
  for (let r = 0; r < COLD_PASSES; r++) for (const q of keystrokes) cold.push(time(() => run(q)) * 1000);
  const warm: number[] = [];
  for (let r = 0; r < rounds; r++) for (const q of keystrokes) warm.push(time(() => run(q)) * 1000);
  return { cold, warm };
}

/** A 50 000-colour catalogue built from the real names' words, so the vocabulary behaves like paint names. */
function syntheticCatalogue(real: readonly CatalogueColor[], size: number): CatalogueColor[] {
  let seed = 0x5eed;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const words = [...new Set(real.flatMap((c) => c.colorName.split(/\s+/)))].filter((w) => /^[A-Z][a-z']+$/.test(w));
  return Array.from({ length: size }, (_, i) => {
    const base = pick(real);
    const hex = `#${Math.floor(random() * 0xffffff)
      .toString(16)
      .padStart(6, '0')
      .toUpperCase()}`;
    return {
      ...base,
      id: `synthetic-${i}`,
      colorName: `${pick(words)} ${pick(words)}${random() < 0.3 ? ` ${pick(words)}` : ''}`,
      number: String(1 + Math.floor(random() * 9999)),
      hexCode: hex,
      category: pick(CATEGORIES),
      description: pick(real).description,
    };
  });
}

function indexRows(
  label: string,
  colors: readonly CatalogueColor[],
  rounds: number,
  goal: { target: string; maxP95?: number } = { target: 'p95 ≤ 1 ms (1000 µs)', maxP95: 1000 },
): BenchRow[] {
  const builds = Array.from({ length: colors.length > 10_000 ? 3 : 20 }, () => time(() => buildSearchIndex(colors)));
  const miniBuilds = Array.from({ length: colors.length > 10_000 ? 3 : 20 }, () => time(() => miniSearchOver(colors)));
  const ours = buildSearchIndex(colors);
  const mini = miniSearchOver(colors);
  const ourTimes = queryTimes((text) => ours.search({ text }), rounds);
  const miniTimes = queryTimes((text) => mini.search(text), rounds);
  const q = summarize(ourTimes.warm);
  const m = summarize(miniTimes.warm);
  const b = summarize(builds);
  const mb = summarize(miniBuilds);
  return [
    timedRow({
      name: `search query per keystroke, ${label}, pure index`,
      unit: 'µs',
      measured: q,
      baseline: { name: 'MiniSearch, same data and keystrokes', ...m },
      target: goal.target,
      ...(goal.maxP95 === undefined ? {} : { met: q.p95 <= goal.maxP95 }),
    }),
    timedRow({
      name: `search query per keystroke, ${label}, pure index, first ${COLD_PASSES} passes (code not yet optimised)`,
      unit: 'µs',
      measured: summarize(ourTimes.cold),
      baseline: { name: 'MiniSearch, its first passes', ...summarize(miniTimes.cold) },
      target: "shows the cost (no target): a page's first keystrokes",
    }),
    timedRow({
      name: `search index build, ${label}`,
      measured: b,
      baseline: { name: 'MiniSearch addAll, same data', ...mb },
      target: 'once per visit, in the worker',
    }),
  ];
}

/**
 * Keydown (the event's own timestamp) to the first frame painted after the results list shows the
 * answer to what is now in the box: `data-results-for` carries the query the list answers. The
 * frame is over when a message posted from its requestAnimationFrame callback runs. Plain text,
 * not a function: tsx would wrap inner functions in a name helper the page does not have.
 */
const INSTRUMENT = `(() => {
  window.searchSamples = [];
  window.floorSamples = [];
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
  }).observe({ type: 'longtask' });
  const afterPaint = (start, into) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => into.push(performance.now() - start);
    channel.port2.postMessage(null);
  });
  let pending = null;
  const check = () => {
    const list = document.querySelector('[data-results-for]');
    if (pending && list && list.getAttribute('data-results-for') === pending.key) {
      const start = pending.start;
      pending = null;
      afterPaint(start, window.searchSamples);
    }
  };
  addEventListener('keydown', (event) => {
    const target = event.target;
    if (target.dataset && target.dataset.floor) return afterPaint(event.timeStamp, window.floorSamples);
    const start = event.timeStamp;
    // The box's value after this key is known once its input event has run.
    target.addEventListener('input', () => {
      pending = { start, key: JSON.stringify([target.value.trim(), null, null]) };
      check();
    }, { once: true });
  }, true);
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributeFilter: ['data-results-for'] });
})();`;

/** All samples, and those of keystrokes after a query's first (the list was already on screen). */
async function typeAndMeasure(
  page: Page,
  into: 'searchSamples' | 'floorSamples',
  selector: string,
): Promise<{ all: number[]; later: number[] }> {
  const firsts = new Set<number>();
  const box = page.locator(selector);
  const read = () => page.evaluate((k) => (window as unknown as Record<string, number[]>)[k]?.length ?? 0, into);
  for (const query of QUERIES) {
    await box.fill('');
    await page.waitForTimeout(100);
    let previous = '';
    for (const char of query) {
      const before = await read();
      if (previous === '') firsts.add(before);
      const next = (previous + char).trim();
      await box.press(char === ' ' ? 'Space' : char);
      // A trailing space asks nothing new, so nothing new is painted for it.
      if (next !== previous.trim() || into === 'floorSamples') {
        await page.waitForFunction(([k, n]) => ((window as unknown as Record<string, number[]>)[k]?.length ?? 0) > n, [
          into,
          before,
        ] as const);
      }
      previous += char;
    }
  }
  const all = await page.evaluate((k) => (window as unknown as Record<string, number[]>)[k] ?? [], into);
  return { all, later: all.filter((_, i) => !firsts.has(i)) };
}

/** The built catalogue file with `colors` in place of the real ones, as the app downloads it. */
function compactOf(colors: readonly CatalogueColor[]): string {
  return JSON.stringify({
    version: 1,
    finishSets: [[]],
    colors: colors.map(({ finishes: _, ...c }) => ({ ...c, finishSet: 0 })),
  });
}

async function keystrokeRows(distDir: string, synthetic: readonly CatalogueColor[]): Promise<BenchRow[]> {
  const server = await startServer({ distDir });
  const executablePath = chromiumPath();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: [...CHROMIUM_ARGS, '--disable-frame-rate-limit', '--disable-gpu-vsync'],
  });
  const bigCatalogue = compactOf(synthetic);
  const measure = async (withWorkers: boolean, big = false) => {
    const page = await browser.newPage({ viewport: { width: 412, height: 860 }, deviceScaleFactor: 2 });
    if (big) {
      // Page and worker both download the 50 000-colour file in place of the real one.
      await page
        .context()
        .route(/\/assets\/catalogue[^/]*\.json$/, (route) =>
          route.fulfill({ contentType: 'application/json', body: bigCatalogue }),
        );
    }
    if (!withWorkers) {
      await page.addInitScript(() => Object.defineProperty(window, 'Worker', { value: undefined, configurable: true }));
    }
    await page.addInitScript({ content: INSTRUMENT });
    await page.goto(server.url);
    await page.getByRole('list', { name: 'Current palette' }).getByRole('listitem').first().waitFor();
    await page.waitForTimeout(2000);
    // A plain input outside React: what a keystroke costs when nothing answers it.
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.dataset.floor = '1';
      input.style.cssText = 'position:fixed;left:0;bottom:0;width:10rem;z-index:99';
      document.body.append(input);
    });
    const box = 'input[type=search]';
    // Warm-up: loads the results chunk, starts the worker, builds its index.
    await page.locator(box).fill('warm');
    await page.locator('[data-results-for]').first().waitFor();
    await page.locator(box).fill('');
    // Playwright's own script for waitForFunction, compiled in the page on first use: a long task
    // of the harness (30-60 ms at CPU 4×), not of the app, so it is paid before the measuring.
    await page.waitForFunction(() => true);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluate(() => {
      (window as unknown as { longTasks: number[] }).longTasks = [];
    });
    const search = await typeAndMeasure(page, 'searchSamples', box);
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    const floor = await typeAndMeasure(page, 'floorSamples', 'input[data-floor]');
    await page.close();
    return {
      search: summarize(search.all),
      later: summarize(search.later),
      floor: summarize(floor.all),
      longest: Math.max(0, ...longTasks),
    };
  };
  try {
    const worker = await measure(true);
    const main = await measure(false);
    const big = await measure(true, true);
    const baseline = (s: ReturnType<typeof summarize>) => ({
      name: 'keystroke → next paint in a plain input (floor)',
      median: s.median,
      p95: s.p95,
    });
    // The issue's target: within the keystroke's own frame, i.e. at most twice a plain input's p95.
    const twiceFloor = (search: ReturnType<typeof summarize>, floor: ReturnType<typeof summarize>) => ({
      target: `p95 ≤ 2 × floor p95 (${(2 * floor.p95).toFixed(1)} ms)`,
      met: search.p95 <= 2 * floor.p95,
    });
    return [
      {
        // 447 colours: the worker built the index and transferred it; the page answers each key.
        name: 'keystroke → results painted, CPU 4× slower, worker-built index, page answers',
        unit: 'ms',
        ...worker.search,
        baseline: baseline(worker.floor),
        ...twiceFloor(worker.search, worker.floor),
      },
      {
        name: 'keystroke → results painted, CPU 4× slower, no workers (main-thread fallback)',
        unit: 'ms',
        ...main.search,
        baseline: baseline(main.floor),
        ...twiceFloor(main.search, main.floor),
      },
      {
        // The first key of a query also swaps the palette strips for the list; the others only update it.
        name: 'keystroke → results painted, CPU 4× slower, worker-built index, list already shown',
        unit: 'ms',
        ...worker.later,
        baseline: baseline(worker.floor),
        ...twiceFloor(worker.later, worker.floor),
      },
      {
        name: 'keystroke → results painted, CPU 4× slower, synthetic 50 000 colours, the worker answers',
        unit: 'ms',
        ...big.search,
        baseline: baseline(big.floor),
        target: 'shows the cost (no target); the next row is the target',
      },
      {
        name: 'longest main-thread task while typing, CPU 4× slower, synthetic 50 000 colours',
        unit: 'ms',
        median: big.longest,
        target: 'no long task (none over 50 ms)',
        met: big.longest <= 50,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

const suite: BenchSuite = async (ctx) => {
  const real = loadCatalogue().colors;
  const synthetic = syntheticCatalogue(real, 50_000);
  return [
    ...indexRows('real catalogue (447)', real, 30),
    // The page answers a query itself up to MAIN_THREAD_MAX colours: this row is why that is safe.
    ...indexRows(
      `synthetic ${MAIN_THREAD_MAX} colours (largest the page answers)`,
      syntheticCatalogue(real, MAIN_THREAD_MAX),
      10,
      {
        target: 'p95 ≤ 300 µs (≈ 1 ms at CPU 4× slower: inside the keystroke frame)',
        maxP95: 300,
      },
    ),
    ...indexRows('synthetic 50 000 colours', synthetic, 3, {
      target: 'shows how cost grows (no target): the worker answers',
    }),
    ...(await keystrokeRows(ctx.distDir(), synthetic)),
  ];
};

export default suite;
