import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { startServer } from '../support/server-process';
import { expect, test } from './support/fixtures';
import {
  chooseFromAccountMenu,
  expectSignedIn,
  openApp,
  openSaved,
  openSignedIn,
  openSignedOut,
  row,
  saveCurrent,
  storedPalettes,
  stripIds,
  toast,
  uniqueEmail,
  routeCreates,
  signInThroughDialog,
  unrouteCreates,
} from './support/saved-flows';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** A plain static host (like any CDN with an SPA fallback): the built app and no /api at all. */
function staticHost(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    let file = join(dir, path);
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test.describe('accounts when the backend differs', () => {
  test('on a static host: saving stays on this device and sign-in says Authentication not configured', async ({
    page,
  }) => {
    const host = await staticHost(process.env.E2E_DIST_DIR as string);
    const url = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    try {
      await openApp(page, `${url}/`);
      // No server: the save goes straight to the name, no sign-in detour.
      await page.locator('body').press('s');
      const modal = page.getByRole('dialog', { name: 'Name Your Palette' });
      await expect(modal).toBeVisible();
      await modal.getByRole('button', { name: 'Save Palette' }).click();
      await expect(toast(page, 'Palette saved!')).toBeVisible();
      await openSaved(page);
      await expect(row(page, 'Palette 1')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Share Palette 1' })).toHaveCount(0);
      await page.keyboard.press('Escape');

      const signIn = await signInThroughDialog(page, uniqueEmail('static'));
      await expect(signIn.getByRole('alert')).toHaveText('Authentication not configured');
      await expect(signIn.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
  });

  test("'Syncing...' shows while the server works; a save without signal waits, says so and lands once", async ({
    page,
  }) => {
    await openSignedIn(page);

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A signed-in save goes through the outbox, which sends a new palette with an Idempotency-Key.
    await routeCreates(page, async (route) => {
      await held;
      return route.continue();
    });
    await page.locator('body').press('s');
    await page.getByRole('dialog', { name: 'Name Your Palette' }).getByRole('button', { name: 'Save Palette' }).click();
    await expect(page.getByRole('banner').getByText('Syncing...')).toBeVisible();
    release();
    await expect(toast(page, 'Palette saved!')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Syncing...')).toBeHidden();
    await unrouteCreates(page);

    // The network drops: the save waits on this device, the header says so, and it lands
    // once the connection works again, once.
    await routeCreates(page, (route) => route.abort('internetdisconnected'));
    // A new palette, not a version of the one just saved.
    await page.getByRole('button', { name: 'New palette', exact: true }).click();
    await page.locator('body').press('s');
    const modal = page.getByRole('dialog', { name: 'Name Your Palette' });
    await modal.getByLabel('Palette name').fill('Offline try');
    await modal.getByRole('button', { name: 'Save Palette' }).click();
    await expect(toast(page, 'Palette saved!')).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(page.getByRole('banner').getByText('Changes waiting for connection')).toBeVisible();
    await unrouteCreates(page);
    // Retried with a growing delay while the page thinks it is online.
    await expect
      .poll(
        async () =>
          (await (await page.request.get('/api/palettes')).json()).palettes.map((p: { name: string }) => p.name),
        {
          timeout: 20_000,
        },
      )
      .toEqual(['Offline try', 'Palette 1']);
    await expect(page.getByRole('banner').getByText('Changes waiting for connection')).toBeHidden();
  });

  test('when the upload at sign-in fails, the status is error and this device keeps its list until it works', async ({
    page,
  }) => {
    const email = await openSignedOut(page);
    await saveCurrent(page, 'Keep me', { anonymous: true });
    await page.route('**/api/palettes/import', (route) => route.abort('connectionreset'));
    await signInThroughDialog(page, email);
    await expect(toast(page, 'Could not load your saved palettes')).toBeVisible();
    await expectSignedIn(page);
    await openSaved(page);
    await expect(row(page, 'Keep me')).toBeVisible();
    const stored = await storedPalettes(page);
    expect(stored.map((p: { name: string }) => p.name)).toEqual(['Keep me']);

    await page.unroute('**/api/palettes/import');
    await page.reload();
    await expectSignedIn(page);
    await expect.poll(async () => (await storedPalettes(page)).map((p) => p.name)).toEqual([]);
    const { palettes } = await (await page.request.get('/api/palettes')).json();
    expect(palettes.map((p: { name: string }) => p.name)).toEqual(['Keep me']);
  });

  test('one palette the server refuses stays on this device; the others are uploaded', async ({ page }) => {
    const email = await openSignedOut(page);
    const ids = await stripIds(page);
    await page.evaluate((colorIds) => {
      const at = Date.UTC(2026, 0, 1);
      localStorage.setItem(
        'savedPalettes',
        JSON.stringify([
          { id: 'good1', name: 'Good', colorIds, timestamp: at },
          { id: 'bad1', name: 'Retired paint', colorIds: [...colorIds.slice(0, 2), 'no-such-colour'], timestamp: at },
        ]),
      );
    }, ids);
    await page.reload();
    await signInThroughDialog(page, email);
    await expect(toast(page, '1 palette(s) could not be uploaded and stay on this device')).toBeVisible();
    const { palettes } = await (await page.request.get('/api/palettes')).json();
    expect(palettes.map((p: { name: string }) => p.name)).toEqual(['Good']);
    const stored = await storedPalettes(page);
    expect(stored.map((p: { name: string }) => p.name)).toEqual(['Retired paint']);
  });

  test('a session that ended elsewhere signs this tab out on its next save, and the palette is still on screen', async ({
    page,
  }) => {
    await openSignedIn(page);
    const ids = await stripIds(page);
    // Signed out in another tab: this one still believes it is signed in.
    const other = await page.context().newPage();
    await openApp(other);
    await chooseFromAccountMenu(other, 'Sign Out');
    await expect(other.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await other.close();
    await expectSignedIn(page);
    await page.locator('body').press('s');
    await page.getByRole('dialog', { name: 'Name Your Palette' }).getByRole('button', { name: 'Save Palette' }).click();
    await expect(toast(page, 'Your session has ended. Please sign in again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await stripIds(page)).toEqual(ids);
  });

  test("Google: the button shows when the server offers it, and a failed return says 'Failed to sign in with Google'", async ({
    page,
  }) => {
    const google = await startServer({
      distDir: process.env.E2E_DIST_DIR as string,
      env: { GOOGLE_CLIENT_ID: 'test-client', GOOGLE_CLIENT_SECRET: 'test-secret' },
    });
    try {
      await openApp(page, `${google.url}/?auth_error=google_failed`);
      await expect(toast(page, 'Failed to sign in with Google')).toBeVisible();
      await expect(page).toHaveURL(`${google.url}/`);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    } finally {
      await google.stop();
    }
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  });
});
