import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { expect, test } from './support/fixtures';
import { stripIds, strips } from './support/service-worker';

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  shortcuts: Array<{ name: string; url: string }>;
}

/** The manifest the page links to, fetched as the browser does. */
async function linkedManifest(page: Page): Promise<{ url: string; manifest: Manifest }> {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const url = new URL(href as string, page.url()).href;
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  return { url, manifest: (await response.json()) as Manifest };
}

const rgb = (hex: string) =>
  [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];

test.describe('installable', () => {
  test('the manifest names the app, its colours, icons and shortcuts, and Chromium finds it installable', async ({
    page,
  }) => {
    const { url, manifest } = await linkedManifest(page);
    expect(manifest).toMatchObject({
      name: expect.stringContaining('Swatchbook'),
      short_name: 'Swatchbook',
      display: 'standalone',
      start_url: '/',
      scope: '/',
      id: '/',
    });
    expect(manifest.description.length).toBeGreaterThan(20);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.shortcuts.map((s) => s.name)).toEqual(['Generate', 'Saved palettes']);

    // Each icon is a real PNG of the size it claims; 192 and 512 for any use, and a maskable one.
    const kinds = new Set<string>();
    for (const icon of manifest.icons) {
      const response = await page.request.get(new URL(icon.src, url).href);
      expect(response.status(), icon.src).toBe(200);
      const png = PNG.sync.read(await response.body());
      expect(`${png.width}x${png.height}`, icon.src).toBe(icon.sizes);
      kinds.add(`${icon.purpose ?? 'any'} ${icon.sizes}`);
    }
    for (const kind of ['any 192x192', 'any 512x512', 'maskable 512x512']) expect(kinds).toContain(kind);

    // Light and dark theme colours for the browser's bar, in the page a first-time visitor gets (no
    // theme cookie; once the app runs, both follow the theme chosen in it).
    const firstVisit = await (await fetch(new URL('/', url))).text();
    const themes = [...firstVisit.matchAll(/<meta name="theme-color" content="([^"]+)" media="([^"]+)"/g)].map((m) => [
      m[2],
      m[1],
    ]);
    expect(themes.map(([media]) => media)).toEqual(['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']);
    expect(themes[0]?.[1]).not.toBe(themes[1]?.[1]);

    // Chromium's own verdict: the manifest parses without errors and nothing stops an install.
    const cdp = await page.context().newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { errors: Array<{ message: string }>; url: string };
    expect(parsed.url).toBe(url);
    expect(parsed.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's contexts are incognito, where Chromium never installs apps; nothing else may stop it.
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  });

  test('the maskable icon fills its square and keeps the picture inside the safe zone', async ({ page }) => {
    const { url, manifest } = await linkedManifest(page);
    const icon = manifest.icons.find((i) => i.purpose === 'maskable' && i.sizes === '512x512');
    expect(icon).toBeTruthy();
    const png = PNG.sync.read(await (await page.request.get(new URL(icon?.src ?? '', url).href)).body());
    const ground = rgb(manifest.background_color);
    const size = png.width;
    let outside = 0;
    let stray = 0;
    let picture = 0;
    let seeThrough = 0;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const at = (y * size + x) * 4;
        const [r, g, b, a] = [png.data[at], png.data[at + 1], png.data[at + 2], png.data[at + 3]] as [
          number,
          number,
          number,
          number,
        ];
        if (a !== 255) seeThrough++;
        const isGround = Math.abs(r - ground[0]) + Math.abs(g - ground[1]) + Math.abs(b - ground[2]) <= 6;
        // The safe zone: a circle of 40 % of the width around the centre (masks may cut everything else).
        if (Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) > 0.4 * size) {
          outside++;
          if (!isGround) stray++;
        } else if (!isGround) picture++;
      }
    }
    expect(seeThrough).toBe(0);
    expect(outside).toBeGreaterThan(0);
    expect(stray).toBe(0);
    // And the picture is there, not a blank square.
    expect(picture).toBeGreaterThan(0.2 * size * size);
  });

  test('the service worker, its runtime and the manifest are revalidated on every visit; hashed files are not', async ({
    page,
  }) => {
    await page.goto('/');
    const sw = await page.request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['content-type']).toContain('javascript');
    expect(sw.headers()['cache-control']).toBe('no-cache');
    const runtime = /["'](\.\/)?(workbox-[\w-]+)["']/.exec(await sw.text())?.[2];
    expect(runtime).toBeTruthy();
    const workbox = await page.request.get(`/${runtime}.js`);
    expect(workbox.status()).toBe(200);
    expect(workbox.headers()['cache-control']).toBe('no-cache');
    const manifest = await page.request.get((await page.locator('link[rel="manifest"]').getAttribute('href')) ?? '');
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    const script = (await page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src')) ?? '';
    expect((await page.request.get(script)).headers()['cache-control']).toContain('immutable');
  });
});

test.describe('the installed app’s shortcuts', () => {
  test('"Generate" opens the app on a new palette, keeping locked colours, with a clean address', async ({ page }) => {
    const { manifest } = await linkedManifest(page);
    const shortcut = manifest.shortcuts.find((s) => s.name === 'Generate');
    await expect(strips(page)).toHaveCount(5);
    const first = (await strips(page).locator('.palette-strip-name').allTextContents())[0] as string;
    await page.getByRole('button', { name: `Lock ${first}` }).click();
    const remembered = await stripIds(page);
    const entries = await page.evaluate(() => history.length);

    await page.goto(shortcut?.url ?? '');
    await expect(strips(page)).toHaveCount(5);
    await expect.poll(() => stripIds(page)).not.toEqual(remembered);
    const now = await stripIds(page);
    expect(now[0]).toBe(remembered[0]);
    await expect(page).toHaveURL((u) => u.pathname === '/' && u.search === '');
    // The launch is one history entry; tidying the address added none.
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    // A reload does not make yet another palette.
    await page.reload();
    await expect(strips(page)).toHaveCount(5);
    await expect.poll(() => stripIds(page)).toEqual(now);
  });

  test('"Saved palettes" opens the app with the saved palettes sidebar, and Back closes it', async ({ page }) => {
    const { manifest } = await linkedManifest(page);
    const shortcut = manifest.shortcuts.find((s) => s.name === 'Saved palettes');
    await page.goto(shortcut?.url ?? '');
    const sidebar = page.getByRole('dialog', { name: 'Saved Palettes' });
    await expect(sidebar).toBeVisible();
    await expect(strips(page)).toHaveCount(5);
    await expect(page).toHaveURL((u) => u.pathname === '/' && u.search === '');
    await page.goBack();
    await expect(sidebar).toBeHidden();
    await expect(page).toHaveURL((u) => u.search === '');
  });
});
