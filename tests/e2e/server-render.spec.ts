import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import type { CompactCatalogue } from '../../shared/catalogue/types';
import { ROOT } from '../support/server-process';
import { contrast } from './support/contrast';
import { expect, test } from './support/fixtures';
import { holdRequests } from './support/hold-requests';
import { PASSWORD, uniqueEmail } from './support/saved-flows';

// The catalogue the server draws from, read here from the file, not from the app.
const catalogue = JSON.parse(readFileSync(join(ROOT, 'data/generated/catalogue.json'), 'utf8')) as CompactCatalogue;
const byId = new Map(catalogue.colors.map((c) => [c.id, c]));

const strips = (page: Page) => page.getByRole('list', { name: 'Current palette' }).getByRole('listitem');
const stripIds = (page: Page) =>
  strips(page).evaluateAll((items) => items.map((el) => el.getAttribute('data-color-id') ?? ''));
const lockStates = (page: Page) =>
  strips(page).evaluateAll((items) => items.map((el) => el.classList.contains('is-locked')));
const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme ?? null);

/** A context with JavaScript off: what a page shows is what the server's HTML holds. */
async function noScript(browser: Browser, baseURL: string, from?: BrowserContext) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  if (from) await context.addCookies(await from.cookies());
  return context;
}

test.describe('the first paint comes from the server', () => {
  test('without JavaScript, / shows the header, the search bar and 5 readable strips of real paints', async ({
    browser,
    server,
  }) => {
    const context = await noScript(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Swatchbook' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Search colours' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate New Palette' })).toBeVisible();
    await expect(strips(page)).toHaveCount(5);
    const ids = await stripIds(page);
    expect(new Set(ids).size).toBe(5);
    for (const [i, strip] of (await strips(page).all()).entries()) {
      const color = byId.get(ids[i] as string);
      expect(color, `strip ${i} is a catalogue colour`).toBeDefined();
      await expect(strip.locator('.palette-strip-name')).toHaveText(color?.colorName as string);
      await expect(strip.locator('.palette-strip-hex')).toHaveText(color?.hexCode as string);
      const { bg, fg } = await strip.evaluate((el) => {
        const style = getComputedStyle(el);
        return { bg: style.backgroundColor, fg: style.color };
      });
      expect(contrast(bg, fg)).toBeGreaterThanOrEqual(4.5);
    }
    await context.close();
  });

  test("a returning visitor's palette, locks, search, style and dark theme are in the HTML itself", async ({
    page,
    browser,
    server,
  }) => {
    await page.goto('/');
    await expect(strips(page)).toHaveCount(5);
    await strips(page).nth(1).hover();
    await strips(page)
      .nth(1)
      .getByRole('button', { name: /^Lock / })
      .click();
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    const before = await stripIds(page);
    await page.getByLabel('Palette style').selectOption('Tonal');
    // Choosing a style makes a new palette in it (the locked colour stays): read it once it is on screen.
    await expect.poll(async () => (await stripIds(page))[0]).not.toBe(before[0]);
    const ids = await stripIds(page);
    await page.getByRole('combobox', { name: 'Search colours' }).click();
    await page.keyboard.type('green');
    // The session is remembered once it has settled (a short batching delay).
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'swatchbook_palette')?.value ?? '')
      .toContain('q=green');

    const context = await noScript(browser, server.url, page.context());
    const visit = await context.newPage();
    await visit.goto('/');
    await expect(strips(visit)).toHaveCount(5);
    expect(await stripIds(visit)).toEqual(ids);
    expect(await lockStates(visit)).toEqual([false, true, false, false, false]);
    expect(await visit.locator('html').getAttribute('data-theme')).toBe('dark');
    await expect(visit.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    await expect(visit.getByRole('combobox', { name: 'Search colours' })).toHaveValue('green');
    await expect(visit.getByLabel('Palette style')).toHaveValue('Tonal');
    // Dark really paints: the page background is the dark theme's, not the light one.
    const background = await visit.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(contrast(background, 'rgb(0, 0, 0)')).toBeLessThan(2);
    await context.close();
  });

  test('hydration keeps what the server painted: same strips and theme, no errors, no layout shift', async ({
    page,
  }) => {
    // A returning visitor in dark mode with a lock, so there is something to lose.
    await page.goto('/');
    await expect(strips(page)).toHaveCount(5);
    await strips(page).nth(3).hover();
    await strips(page)
      .nth(3)
      .getByRole('button', { name: /^Lock / })
      .click();
    await page.keyboard.press('d');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'swatchbook_palette')?.value ?? '')
      .toMatch(/l=3(&|$)/);

    const problems = await watchProblemsAndShifts(page);
    // Hold the app's script back: what shows meanwhile is the server's paint alone.
    const release = await holdRequests(page, /\/assets\/index-[\w-]+\.js$/);
    const loaded = page.reload();
    await expect(strips(page)).toHaveCount(5);
    const before = { ids: await stripIds(page), locks: await lockStates(page), theme: await theme(page) };
    expect(before.locks).toEqual([false, false, false, true, false]);
    expect(before.theme).toBe('dark');
    release();
    await loaded;
    // The session code runs once hydration is done, and writes the session for this visit.
    await expect
      .poll(() =>
        page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').timestamp >= performance.timeOrigin),
      )
      .toBe(true);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
    // Hydrated: the app answers a key again (L locks the last strip) only once React owns the markup.
    await page.locator('body').press('l');
    await expect.poll(() => lockStates(page)).toEqual([false, false, false, true, true]);
    await page.locator('body').press('l');
    await expect.poll(() => lockStates(page)).toEqual(before.locks);
    expect({ ids: await stripIds(page), locks: await lockStates(page), theme: await theme(page) }).toEqual(before);
    expect(problems).toEqual([]);
  });
});

/** The colour the browser's toolbar takes (the first theme-color meta that applies) beside the page's own. */
const toolbarAndPage = (page: Page) =>
  page.evaluate(() => {
    const meta = [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].find(
      (m) => !m.media || matchMedia(m.media).matches,
    );
    const probe = document.createElement('i');
    probe.style.color = meta?.content ?? 'transparent';
    document.body.append(probe);
    const toolbar = getComputedStyle(probe).color;
    probe.remove();
    return { toolbar, page: getComputedStyle(document.body).backgroundColor };
  });

test.describe('the toolbar colour', () => {
  test.use({ colorScheme: 'light' });

  test('follows the theme chosen in the app, also in the HTML the server sends next time', async ({
    page,
    browser,
    server,
  }) => {
    await page.goto('/');
    const light = await toolbarAndPage(page);
    expect(light.toolbar).toBe(light.page);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    const dark = await toolbarAndPage(page);
    expect(dark.page).not.toBe(light.page);
    expect(dark.toolbar).toBe(dark.page);

    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, colorScheme: 'light' });
    await context.addCookies(await page.context().cookies());
    const visitor = await context.newPage();
    await visitor.goto('/');
    expect(await toolbarAndPage(visitor)).toEqual(dark);
    await context.close();
  });
});

test.describe('before hydration', () => {
  test('a tap, a key and typing on the painted page are not lost while the app loads', async ({ page }) => {
    // Hold the catalogue: the page is painted, the app cannot hydrate yet.
    const release = await holdRequests(page, /\/assets\/catalogue-[\w-]+\.json$/);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(strips(page)).toHaveCount(5);
    const before = await stripIds(page);
    await page.locator('body').press('l');
    await page.getByRole('combobox', { name: 'Search colours' }).click();
    await page.keyboard.type('arsenic');
    await page.getByRole('button', { name: 'Menu' }).click();
    release();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    // The key locked the last colour; the typed search was run (its row offers Add, or says the
    // random first palette already holds Arsenic).
    await expect(
      page.getByRole('button', { name: /^(Add Arsenic to palette|Arsenic is in your palette)$/ }),
    ).toBeVisible();
    // Escape closes the suggestions, then clears the box: the palette is back.
    await page.getByRole('combobox', { name: 'Search colours' }).click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('combobox', { name: 'Search colours' })).toHaveValue('');
    await expect.poll(() => stripIds(page)).toEqual(before);
    // The strips were hidden behind the search results when the lock came: React renders them late.
    await expect.poll(() => lockStates(page)).toEqual([false, false, false, false, true]);
  });
});

test.describe('share pages from the server', () => {
  test('/share/{id} holds the palette and its Open Graph tags; the preview image is the palette', async ({
    page,
    browser,
    server,
  }) => {
    await page.request.post('/api/auth/signup', { data: { email: uniqueEmail('share'), password: PASSWORD } });
    const colors = [catalogue.colors[120], catalogue.colors[220], catalogue.colors[320], catalogue.colors[420]];
    const name = `Tom & Jerry's <b>"den"</b>`;
    const created = await page.request.post('/api/palettes', {
      data: { name, colorIds: colors.map((c) => c?.id) },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const sharing = await page.request.put(`/api/palettes/${id}/sharing`, { data: { public: true } });
    const { shareId } = (await sharing.json()) as { shareId: string };

    const context = await noScript(browser, server.url);
    const visitor = await context.newPage();
    const response = await visitor.goto(`/share/${shareId}`);
    expect(response?.status()).toBe(200);
    expect(await stripIds(visitor)).toEqual(colors.map((c) => c?.id));
    await expect(visitor).toHaveTitle(`${name} — a Swatchbook palette`);
    const meta = (key: string) =>
      visitor.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');
    expect(await meta('og:title')).toBe(`${name} — a Swatchbook palette`);
    const description = (await meta('og:description')) ?? '';
    for (const color of colors) expect(description).toContain(color?.colorName);
    expect(await meta('twitter:card')).toBe('summary_large_image');
    const image = (await meta('og:image')) ?? '';
    // Absolute, from PUBLIC_ORIGIN (the test server leaves it at its default).
    expect(image).toMatch(new RegExp(`^http://localhost:\\d+/share/${shareId}/preview\\.png$`));
    // The name stayed text: no element came out of it.
    expect(await visitor.locator('b').count()).toBe(0);

    const png = await visitor.request.get(`/share/${shareId}/preview.png`);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    const decoded = PNG.sync.read(await png.body());
    const hexAt = (x: number, y: number) => {
      const i = (y * decoded.width + x) * 4;
      return `#${[0, 1, 2].map((k) => (decoded.data[i + k] as number).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
    };
    const stripe = decoded.width / colors.length;
    expect(colors.map((_, i) => hexAt(Math.floor(stripe * (i + 0.5)), decoded.height / 2))).toEqual(
      colors.map((c) => c?.hexCode.toUpperCase()),
    );

    // Made private: the origin says Not Found (404) at once, and the image is gone. A cookie-less
    // visitor's browser may keep its copy for the public minute (README: what a CDN may keep), so the
    // next visitor asks; this one's copy is revalidated on reload.
    await page.request.put(`/api/palettes/${id}/sharing`, { data: { public: false } });
    const later = await (await noScript(browser, server.url)).newPage();
    expect((await later.goto(`/share/${shareId}`))?.status()).toBe(404);
    expect((await visitor.reload())?.status()).toBe(404);
    expect((await visitor.request.get(`/share/${shareId}/preview.png`)).status()).toBe(404);
    await later.context().close();
    await context.close();
  });
});

test.describe('a shared palette paints whole', () => {
  test('its label paints with the strips before the app runs; hydration keeps both in place and the label then answers', async ({
    page,
    browser,
    server,
  }) => {
    const owner = await (await browser.newContext({ baseURL: server.url })).newPage();
    await owner.request.post('/api/auth/signup', { data: { email: uniqueEmail('label'), password: PASSWORD } });
    const colors = [catalogue.colors[40], catalogue.colors[140], catalogue.colors[240]];
    const created = await owner.request.post('/api/palettes', {
      data: { name: 'Hall and stairs', colorIds: colors.map((c) => c?.id) },
    });
    const { id } = (await created.json()) as { id: string };
    const sharing = await owner.request.put(`/api/palettes/${id}/sharing`, { data: { public: true } });
    const { shareId } = (await sharing.json()) as { shareId: string };
    await owner.context().close();

    const problems = await watchProblemsAndShifts(page);
    // The app's script held back: what shows is the server's paint alone.
    const release = await holdRequests(page, /\/assets\/index-[\w-]+\.js$/);
    const loaded = page.goto(`/share/${shareId}`);
    const label = page.getByRole('complementary', { name: 'Shared palette' });
    await expect(strips(page)).toHaveCount(3);
    await expect(label).toBeVisible();
    await expect(label).toContainText('Hall and stairs');
    await expect(label).toContainText('changing it will not change the original');
    const painted = { label: await label.boundingBox(), strip: await strips(page).first().boundingBox() };
    expect(painted.label && painted.strip && painted.label.y + painted.label.height <= painted.strip.y).toBe(true);
    release();
    await loaded;
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    await expect(page).toHaveURL(/\/$/);
    expect(await stripIds(page)).toEqual(colors.map((c) => c?.id));
    expect(await label.boundingBox()).toEqual(painted.label);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
    // Live: the label's own button works.
    await label.getByRole('button', { name: 'Hide this label' }).click();
    await expect(label).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});

test.describe('a shared palette paints first', () => {
  test('nothing but the page is fetched before its first paint; then the app comes and goes live', async ({
    page,
    browser,
    server,
  }) => {
    const owner = await (await browser.newContext({ baseURL: server.url })).newPage();
    await owner.request.post('/api/auth/signup', { data: { email: uniqueEmail('first'), password: PASSWORD } });
    const colors = [catalogue.colors[50], catalogue.colors[150], catalogue.colors[250], catalogue.colors[350]];
    const created = await owner.request.post('/api/palettes', {
      data: { name: 'Landing', colorIds: colors.map((c) => c?.id) },
    });
    const { id } = (await created.json()) as { id: string };
    const sharing = await owner.request.put(`/api/palettes/${id}/sharing`, { data: { public: true } });
    const { shareId } = (await sharing.json()) as { shareId: string };
    await owner.context().close();

    await page.goto(`/share/${shareId}`);
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    expect(await stripIds(page)).toEqual(colors.map((c) => c?.id));
    // The label answers: the app is live.
    const label = page.getByRole('complementary', { name: 'Shared palette' });
    await label.getByRole('button', { name: 'Hide this label' }).click();
    await expect(label).toHaveCount(0);
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      fetched: performance
        .getEntriesByType('resource')
        .map((e) => ({ url: new URL(e.name).pathname, start: e.startTime })),
    }));
    expect(timing.paint).not.toBeNull();
    // The app's code, its stylesheet, the catalogue and its calls to the API all came, each asked for
    // after the paint (the browser's own fetch of the page's icon is not the page's doing).
    const app = timing.fetched.filter((r) => /^\/(assets|api)\//.test(r.url));
    expect(app.some((r) => r.url.endsWith('.js'))).toBe(true);
    expect(app.some((r) => r.url.endsWith('.css'))).toBe(true);
    expect(app.some((r) => r.url.endsWith('.json'))).toBe(true);
    expect(app.filter((r) => r.start < (timing.paint as number))).toEqual([]);
  });
});

test.describe('a shared palette with the whole catalogue', () => {
  test("once the catalogue is in, the visitor gets what draws from all of it: a supplier's category counts, search results, one Generate", async ({
    page,
    browser,
    server,
  }) => {
    const owner = await (await browser.newContext({ baseURL: server.url })).newPage();
    await owner.request.post('/api/auth/signup', { data: { email: uniqueEmail('whole'), password: PASSWORD } });
    const colors = [catalogue.colors[60], catalogue.colors[160], catalogue.colors[260]];
    const created = await owner.request.post('/api/palettes', {
      data: { name: 'Kitchen', colorIds: colors.map((c) => c?.id) },
    });
    const { id } = (await created.json()) as { id: string };
    const sharing = await owner.request.put(`/api/palettes/${id}/sharing`, { data: { public: true } });
    const { shareId } = (await sharing.json()) as { shareId: string };
    await owner.context().close();

    await page.goto(`/share/${shareId}`);
    // Said once the session has started, which waits for the catalogue.
    await expect(page.locator('.toast').filter({ hasText: 'Loaded Kitchen' })).toBeVisible();
    expect(await stripIds(page)).toEqual(colors.map((c) => c?.id));

    // Generate draws from the whole catalogue, once: one Undo brings the shared palette back.
    await page.getByRole('button', { name: 'Generate New Palette' }).click();
    await expect.poll(() => stripIds(page)).not.toEqual(colors.map((c) => c?.id));
    const generated = await stripIds(page);
    expect(generated).toHaveLength(3);
    for (const colorId of generated) expect(byId.has(colorId)).toBe(true);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => stripIds(page)).toEqual(colors.map((c) => c?.id));

    // A supplier relabels the categories with its own counts, from the file itself.
    const brand = 'Little Greene';
    const expected = new Map<string, number>();
    for (const c of catalogue.colors)
      if (c.brand === brand) expected.set(c.category, (expected.get(c.category) ?? 0) + 1);
    await page.getByRole('combobox', { name: 'Supplier' }).selectOption(brand);
    const category = page.getByRole('combobox', { name: 'Colour category' });
    await expect
      .poll(async () => (await category.locator('option').allTextContents()).slice(1).sort())
      .toEqual([...expected].map(([name, n]) => `${name} (${n})`).sort());
    await expect(page.locator('#results-count')).toHaveText(
      `Showing ${catalogue.colors.filter((c) => c.brand === brand).length} colours`,
    );

    // A search finds a paint by its name among that supplier's.
    const wanted = catalogue.colors.find((c) => c.brand === brand && c.colorName.length > 6);
    await page.getByRole('combobox', { name: 'Search colours' }).fill(wanted?.colorName ?? '');
    await expect(page.locator('#results-count')).not.toHaveText(/Showing 0 /);
    await expect(
      page
        .getByRole('main')
        .getByText(wanted?.colorName ?? '', { exact: true })
        .first(),
    ).toBeVisible();
  });
});

test.describe('what crawlers and scanners see', () => {
  test('robots.txt, 404 for unknown paths and missing assets, the app on its routes, no dotfiles', async ({ page }) => {
    const robots = await page.request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toContain('text/plain');
    expect(await robots.text()).toMatch(/^User-agent: \*$/m);

    for (const path of ['/', '/confirm?token=abc', '/reset-password?token=abc']) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(200);
      expect(await res.text()).toContain('id="root"');
    }
    // An unknown share is still the app (its Palette Not Found), with the status a crawler needs.
    const unknownShare = await page.request.get('/share/NoSuchShare42');
    expect(unknownShare.status()).toBe(404);
    expect(await unknownShare.text()).toContain('id="root"');

    for (const path of ['/nope', '/palettes/abc', '/assets/index-missing.js', '/assets/catalogue-0000.json']) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(404);
      expect(await res.text()).not.toContain('id="root"');
    }
    for (const path of ['/.env', '/.git/config', '/%2eenv', '/%2Egit/config', '/assets/.vite/manifest.json']) {
      expect((await page.request.get(path)).status(), path).toBe(404);
    }
    // A person who mistypes an address sees a page saying so, with the way back.
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the palette generator' }).click();
    await expect(strips(page)).toHaveCount(5);
  });
});

/**
 * The page's console errors and warnings and uncaught errors (returned, filled as they come), and
 * its layout shifts summed into `window.shifts` from the next navigation on.
 */
async function watchProblemsAndShifts(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    // The one warning that is the harness's own: these tests block service workers (playwright.config.ts).
    if (message.text() === 'Service Worker registration blocked by Playwright') return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      // As CLS counts them: shifts right after the person's own input are theirs, not the page's.
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return problems;
}
