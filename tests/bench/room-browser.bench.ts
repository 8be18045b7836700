import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { labelsOf, pointIn, roomPalette, type SampleRoomFile, sampleRooms, surfaceValue } from '../e2e/support/room';
import { CHROMIUM_ARGS, chromiumPath } from '../support/browser';
import { throttle } from '../support/phone-profile';
import { ROOT, startServer } from '../support/server-process';
import { type BenchRow, type BenchSuite, summarize, timedRow } from './support';

const RUNS = 3;
const TAPS = 6;
const CHIPS = 6;

const room = sampleRooms()[0] as SampleRoomFile;
const wall = pointIn(labelsOf(room), surfaceValue(room, /wall/i));

/**
 * The sample room upscaled to `width` × `height` and saved as a JPEG by a scratch page (a photo a
 * phone takes: the room, big, with JPEG artefacts).
 */
async function bigPhoto(browser: Browser, width: number, height: number): Promise<Buffer> {
  const page = await browser.newPage();
  const source = readFileSync(join(ROOT, 'web/public', room.lights[0]?.src ?? '')).toString('base64');
  const base64 = await page.evaluate(
    async ({ source, width, height }) => {
      const bytes = Uint8Array.from(atob(source), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      context.drawImage(bitmap, 0, 0, width, height);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
      const out = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < out.length; i += 0x8000) text += String.fromCharCode(...out.subarray(i, i + 0x8000));
      return btoa(text);
    },
    { source, width, height },
  );
  await page.close();
  return Buffer.from(base64, 'base64');
}

/**
 * In the page: times from the next pointer press (or from now) until the picture's canvas, drawn
 * after the picture stops being busy, is on screen (the frame after its drawImage).
 */
function armTimer(page: Page, fromPress: boolean): Promise<unknown> {
  return page.evaluate((fromPress) => {
    const w = window as unknown as { benchDone?: Promise<number> };
    const stage = document.querySelector('[role="application"]') as HTMLElement;
    w.benchDone = new Promise<number>((resolve, reject) => {
      let start = fromPress ? Number.NaN : performance.now();
      let wasBusy = false;
      const pressed = (event: Event) => {
        start = event.timeStamp;
      };
      if (fromPress) document.addEventListener('pointerdown', pressed, { capture: true, once: true });
      // Busy and idle again within one task arrive as two records before the callback runs: the
      // records' old values say it was busy, where the attribute now would not.
      const watcher = new MutationObserver((records) => {
        const busy = stage.getAttribute('aria-busy') === 'true';
        if (busy || records.some((r) => r.oldValue === 'true')) wasBusy = true;
        if (!wasBusy || busy) return;
        watcher.disconnect();
        // The frame is drawn by an effect after the render that clears aria-busy: wait for the draw.
        const shown = () => {
          const at = (window as unknown as { benchShown?: number }).benchShown ?? 0;
          if (at > start) resolve(at - start);
          else requestAnimationFrame(shown);
        };
        requestAnimationFrame(shown);
      });
      watcher.observe(stage, { attributes: true, attributeOldValue: true, attributeFilter: ['aria-busy'] });
      // A job that never ends fails the row rather than hanging the bench.
      setTimeout(() => reject(new Error('the picture was still busy after 120 s')), 120_000);
    });
    return null;
  }, fromPress);
}

const timerResult = (page: Page) =>
  page.evaluate(() => (window as unknown as { benchDone: Promise<number> }).benchDone);

/**
 * Records when a drawImage onto the repainted picture reaches the screen (the next frame), and when
 * a file reaches the page (its input's change event: the moment a person's file chooser hands it over).
 */
function watchDraws() {
  document.addEventListener(
    'change',
    (event) => {
      if ((event.target as HTMLInputElement).type === 'file')
        (window as unknown as { benchPicked: number }).benchPicked = event.timeStamp;
    },
    { capture: true },
  );
  const draw = CanvasRenderingContext2D.prototype.drawImage;
  CanvasRenderingContext2D.prototype.drawImage = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
    (draw as (...a: unknown[]) => void).apply(this, args);
    if (this.canvas.dataset.testid === 'room-picture')
      requestAnimationFrame(() => {
        (window as unknown as { benchShown: number }).benchShown = performance.now();
      });
  } as typeof draw;
}

/** Drawing an already-computed frame of the picture's size, and the frame it shows in. */
function drawFloor(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const source = document.querySelector('[data-testid="room-picture"]') as HTMLCanvasElement;
    const bitmap = await createImageBitmap(source);
    const canvas = document.createElement('canvas');
    canvas.style.cssText = 'position:fixed;left:0;top:0;width:300px';
    document.body.append(canvas);
    await new Promise(requestAnimationFrame);
    const start = performance.now();
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    const shown = await new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));
    canvas.remove();
    bitmap.close();
    return shown - start;
  });
}

async function openView(page: Page, url: string, init: () => void) {
  // tsx keeps function names with a helper the page lacks: the functions sent to the page need it.
  await page.addInitScript('window.__name = (f) => f');
  await page.addInitScript(init);
  await page.goto(`${url}/#palette=${roomPalette.map((c) => c.hexCode.replace('#', '')).join('-')}`);
  page.setDefaultTimeout(120_000);
  await page
    .getByRole('list', { name: 'Current palette' })
    .getByRole('listitem')
    .first()
    .waitFor({ state: 'attached' });
  // A phone has no room for it in the palette's bar: it is in the menu.
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Try in a room' }).click();
  const view = page.getByRole('dialog', { name: 'Try in a room' });
  await view.getByText('Your photo stays on this device.').waitFor();
  return view;
}

/** Events a person's input makes the page dispatch, each in its own task on a phone. */
const INPUT = /^(pointer|mouse|touch|key|focus|blur|click$|dblclick$|contextmenu$)/;

/**
 * Main-thread tasks of the renderer from a Chromium trace: the longest one's thread CPU time (ms).
 * The task that hands the file to the input (the test driver's transfer, 1 s of it on a loaded
 * machine, with the app's change handler inside) is left out: a person's file chooser does not
 * run in the page. The driver's click is a move, a press and a release sent one after another;
 * on the throttled main thread, busy with the page, they queue and are dispatched in one task
 * (hit tests, pointer and mouse events, focus, click), where a person's tap would bring them in
 * tasks of their own. So a task dispatching several input events counts its one costliest input
 * event (with what that event's handlers do, the app's click and its render) and everything it
 * does outside input events, not all of them together.
 *
 * A task that carries a DevTools protocol message is the test driver's own command (a locator's
 * query, its injected script set up in a new world, a page.evaluate of this bench): a person's
 * phone has no such tasks. Only the page's rendering that such a command forced early (style,
 * layout, paint, commit, work the page's next frame would otherwise do) counts from it. With
 * `driver` true the driver's tasks count whole, as they did before.
 */
function longestTask(trace: Buffer, splitInput = true, driver = false): number {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e: TraceEvent) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`);
  const dispatches = events.filter((e) => e.name === 'EventDispatch' && onMain(e));
  const changes = dispatches.filter((e) => e.args?.data?.type === 'change');
  const inputs = dispatches.filter((e) => INPUT.test(e.args?.data?.type ?? ''));
  const within = (e: TraceEvent, outer: TraceEvent) =>
    e !== outer && e.tid === outer.tid && e.ts >= outer.ts && e.ts < outer.ts + (outer.dur ?? 0);
  const fromDriver = events.filter(
    (e) =>
      e.name === 'Receive mojo message' &&
      onMain(e) &&
      e.args?.chrome_mojo_event_info?.mojo_interface_tag === 'blink.mojom.DevToolsSession',
  );
  const rendering = events.filter((e) => RENDERING.has(e.name) && onMain(e));
  let longest = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || !onMain(e)) continue;
    if (changes.some((c) => within(c, e))) continue;
    if (!driver && fromDriver.some((m) => within(m, e))) {
      const forced = rendering.filter((r) => within(r, e) && !rendering.some((o) => within(r, o)));
      longest = Math.max(
        longest,
        forced.reduce((sum, r) => sum + (r.tdur ?? 0) / 1000, 0),
      );
      continue;
    }
    // The input events this task dispatched at its top level (a click's own focus or submit stays in it).
    const top = inputs.filter((i) => within(i, e) && !inputs.some((o) => within(i, o)));
    const cpu = (x: TraceEvent) => (x.tdur ?? 0) / 1000;
    const own =
      splitInput && top.length > 1
        ? cpu(e) - top.reduce((sum, i) => sum + cpu(i), 0) + Math.max(...top.map(cpu))
        : cpu(e);
    longest = Math.max(longest, own);
  }
  return longest;
}

/** The page's rendering steps, as a Chromium trace names them. */
const RENDERING = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit']);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    data?: { type?: string };
    chrome_mojo_event_info?: { mojo_interface_tag?: string };
  };
}

const TRACE = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'];

/** One photo from pick to repaint: ready time, tap and chip times, the floor, the longest task. */
async function photoRun(browser: Browser, url: string, photo: Buffer) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: false });
  const view = await openView(page, url, watchDraws);
  await throttle(page, 4, false);
  const input = view.locator('input[type="file"]:not([capture])').first();
  // The same span of the page sitting idle: the noise floor of the long-task measure.
  await browser.startTracing(page, { categories: TRACE });
  await page.waitForTimeout(1000);
  const idleTask = longestTask(await browser.stopTracing());

  await browser.startTracing(page, { categories: TRACE });
  const picked = Date.now();
  await input.setInputFiles({ name: 'room.jpg', mimeType: 'image/jpeg', buffer: photo });
  const stage = view.getByRole('application', { name: /Your room/ });
  await stage.and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => (window as unknown as { benchShown?: number }).benchShown !== undefined);
  // The test driver's own transfer of the file into the input (several hundred ms on a loaded
  // machine, none of it the page's) is left out: timed from the change event to the frame shown.
  const withTransfer = Date.now() - picked;
  const ready = await page.evaluate(() => {
    const w = window as unknown as { benchShown: number; benchPicked: number };
    return w.benchShown - w.benchPicked;
  });
  console.log(
    `  ready to tap ${ready.toFixed(0)} ms from the change event, ${withTransfer} ms with the driver's transfer`,
  );
  const done = view.getByRole('button', { name: 'Done' });
  if (await done.isVisible()) await done.click();

  // Where the point is on screen now: a click on Erase below the picture may have scrolled it up,
  // and a tap at the old place then lands on no surface (no job, so a timer that never ends).
  const at = async (p: { fx: number; fy: number }) => {
    await stage.scrollIntoViewIfNeeded();
    const box = await stage.boundingBox();
    if (!box) throw new Error('the picture is not on screen');
    return { x: box.x + p.fx * box.width, y: box.y + p.fy * box.height };
  };
  const taps: number[] = [];
  // The first tap waits behind the photo's analysis in the worker: measured apart.
  let firstTap = 0;
  for (let i = 0; i <= TAPS; i++) {
    // Erase then tap again: every tap outlines the wall anew.
    const erase = view.getByRole('button', { name: 'Erase' });
    if (i > 0) {
      await erase.click();
      const point = await at(wall);
      await armTimer(page, true);
      await page.mouse.click(point.x, point.y);
      await timerResult(page);
      await erase.click();
    }
    const point = await at(wall);
    await armTimer(page, true);
    await page.mouse.click(point.x, point.y);
    const took = (await timerResult(page)) as number;
    if (i === 0) firstTap = took;
    else taps.push(took);
  }
  const chips = view.getByRole('list', { name: /^Paints for the/ }).getByRole('button');
  const count = await chips.count();
  const repaints: number[] = [];
  for (let i = 0; i < CHIPS; i++) {
    await armTimer(page, true);
    await chips.nth((i + 1) % count).click();
    repaints.push((await timerResult(page)) as number);
  }
  const trace = await browser.stopTracing();
  const floors: number[] = [];
  for (let i = 0; i < CHIPS; i++) floors.push(await drawFloor(page));
  await page.close();
  console.log(
    `  longest main-thread task ${longestTask(trace).toFixed(0)} ms, ${longestTask(trace, false).toFixed(0)} ms counting the driver's queued input events together, ${longestTask(trace, true, true).toFixed(0)} ms counting the driver's protocol commands`,
  );
  return { ready, firstTap, taps, repaints, floors, longest: longestTask(trace), idleTask };
}

/** Peak memory of the tab around a 48-MP photo: JS heap (sampled) and the renderer's peak RSS. */
async function memoryRun(browser: Browser, url: string, photo: Buffer) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const view = await openView(page, url, watchDraws);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const heap = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 2 ** 20;
  };
  const rss = await rendererRss(browser);
  await page.waitForTimeout(500);
  const heapBefore = await heap();
  const rssBefore = await rss();
  let heapPeak = heapBefore;
  let rssPeak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      heapPeak = Math.max(heapPeak, await heap().catch(() => 0));
      rssPeak = Math.max(rssPeak, await rss());
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  let crashed = false;
  page.on('crash', () => {
    crashed = true;
  });
  await view.locator('input[type="file"]:not([capture])').first().setInputFiles({
    name: 'big.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  const stage = view.getByRole('application', { name: /Your room/ });
  await stage.and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 180_000 });
  const done = view.getByRole('button', { name: 'Done' });
  if (await done.isVisible()) await done.click();
  const box = await stage.boundingBox();
  if (box) await page.mouse.click(box.x + wall.fx * box.width, box.y + wall.fy * box.height);
  await stage.and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 180_000 });
  await page.waitForTimeout(500);
  sampling = false;
  await sampler;
  await page.close();
  return { heapBefore, heapPeak, rssBefore, rssPeak, crashed };
}

/** The resident memory (MB) of the renderer processes, read from /proc (Linux), 0 where unknown. */
async function rendererRss(browser: Browser): Promise<() => Promise<number>> {
  const cdp = await browser.newBrowserCDPSession();
  return async () => {
    const info = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; id: number }> };
    let total = 0;
    for (const p of info.processInfo.filter((p) => p.type === 'renderer')) {
      try {
        const status = readFileSync(`/proc/${p.id}/status`, 'utf8');
        total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      } catch {
        // The process is gone or not ours to read.
      }
    }
    return total;
  };
}

/** In Chromium with the built app: a person's own photo in the room view, on a 4× slower CPU. */
const suite: BenchSuite = async (ctx) => {
  const server = await startServer({ distDir: ctx.distDir() });
  const baseDist = process.env.ROOM_BENCH_BASE_DIST;
  const base = baseDist ? await startServer({ distDir: baseDist }) : null;
  const executablePath = chromiumPath();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
  try {
    const photo12 = await bigPhoto(browser, 4000, 3000);
    const runs = [];
    const baseRuns = [];
    for (let i = 0; i < RUNS; i++) {
      // With ROOM_BENCH_BASE_DIST (another build's web folder), that build runs before each run of
      // this one, so both see the same load.
      if (base) baseRuns.push(await photoRun(browser, base.url, photo12));
      runs.push(await photoRun(browser, server.url, photo12));
    }
    const photo48 = await bigPhoto(browser, 8000, 6000);
    const memory = await memoryRun(browser, server.url, photo48);
    return [...speedRows(runs, ''), ...(base ? speedRows(baseRuns, ' [base build]') : []), ...memoryRows(memory)];
  } finally {
    await browser.close();
    await server.stop();
    await base?.stop();
  }
};

type PhotoRun = Awaited<ReturnType<typeof photoRun>>;

function speedRows(runs: PhotoRun[], tag: string): BenchRow[] {
  const ready = summarize(runs.map((r) => r.ready));
  const taps = summarize(runs.flatMap((r) => r.taps));
  const firstTaps = summarize(runs.map((r) => r.firstTap));
  const repaints = summarize(runs.flatMap((r) => r.repaints));
  const floor = summarize(runs.flatMap((r) => r.floors));
  const longest = summarize(runs.map((r) => r.longest));
  const idle = summarize(runs.map((r) => r.idleTask));
  const name = `room view in Chromium, CPU 4× slower, 390×844${tag}`;
  return [
    timedRow({
      name: `${name}: 12 MP JPEG picked → ready to tap`,
      measured: ready,
      baseline: { name: 'first tap after it (waits for the analysis)', ...firstTaps },
      target: '≤ 1.5 s',
      met: ready.median <= 1500,
    }),
    timedRow({
      name: `${name}: tap → surface outlined on screen (12 MP photo)`,
      measured: taps,
      baseline: { name: 'drawing an already-computed frame of that size', ...floor },
      target: 'p95 ≤ 150 ms',
      met: taps.p95 <= 150,
    }),
    timedRow({
      name: `${name}: paint chip → repainted picture on screen`,
      measured: repaints,
      baseline: { name: 'drawing an already-computed frame of that size', ...floor },
      target: 'p95 ≤ 2 × baseline median',
      met: repaints.p95 <= 2 * floor.median,
    }),
    timedRow({
      name: `${name}: longest main-thread task (thread CPU), photo picked → repaint`,
      measured: longest,
      baseline: { name: 'same page idle for 1 s before the photo', ...idle },
      target: 'no task over 50 ms',
      met: longest.p95 <= 50,
    }),
  ];
}

function memoryRows(memory: Awaited<ReturnType<typeof memoryRun>>): BenchRow[] {
  return [
    {
      name: `room view in Chromium: 48 MP JPEG opened and tapped, peak JS heap${memory.crashed ? ' (TAB CRASHED)' : ''}`,
      unit: 'MB',
      median: memory.heapPeak,
      baseline: { name: 'same page before the photo', median: memory.heapBefore },
      target: 'no crash; figure in the table',
      met: !memory.crashed,
    },
    {
      name: `room view in Chromium: 48 MP JPEG opened and tapped, peak renderer RSS (heap, canvases, workers)`,
      unit: 'MB',
      median: memory.rssPeak,
      baseline: { name: 'same page before the photo', median: memory.rssBefore },
      target: 'no crash; figure in the table',
      met: !memory.crashed,
    },
  ];
}

export default suite;
