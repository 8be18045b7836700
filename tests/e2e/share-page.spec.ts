import { expect, test } from './support/fixtures';
import {
  expectAccessible,
  grantClipboard,
  openSaved,
  openSignedIn,
  row,
  setPublic,
  saveCurrent,
  stripIds,
  toast,
} from './support/saved-flows';

test.describe('public share pages', () => {
  test('make public copies the link; a fresh anonymous browser opens it; made private it is Not Found', async ({
    page,
    browser,
    server,
  }) => {
    await grantClipboard(page.context(), server.url);
    await openSignedIn(page);
    const ids = await stripIds(page);
    await saveCurrent(page, 'Front room');
    await openSaved(page);
    const sheet = await setPublic(page, 'Front room', true);
    await sheet.getByRole('button', { name: 'Copy link' }).click();
    await expect(toast(page, 'Share link copied to clipboard!')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(row(page, 'Front room').getByText('Public')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${server.url}/share/[A-Za-z0-9]+$`));

    const stranger = await browser.newContext({ baseURL: server.url });
    const visitor = await stranger.newPage();
    // The server sends the shared palette in the page: nothing to fetch, no loading state.
    let asked = false;
    await visitor.route('**/api/shares/*', (route) => {
      asked = true;
      return route.continue();
    });
    await visitor.goto(link);
    await expect.poll(() => stripIds(visitor)).toEqual(ids);
    await expect(toast(visitor, 'Loaded Front room')).toBeVisible();
    await expect(visitor).toHaveURL(`${server.url}/`);
    await expectAccessible(visitor);
    await expect(visitor.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(asked).toBe(false);
    await visitor.unroute('**/api/shares/*');

    await setPublic(page, 'Front room', false);
    await expect(toast(page, 'Palette is now private')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(row(page, 'Front room').getByText('Public')).toHaveCount(0);

    await visitor.goto(link);
    const missing = visitor.getByRole('dialog', { name: 'Palette Not Found' });
    await expect(missing).toBeVisible();
    await expect(missing.getByText('This palette could not be found or is no longer public.')).toBeVisible();
    await expectAccessible(visitor);
    await missing.getByRole('button', { name: 'Go to the palette generator' }).click();
    await expect(missing).toBeHidden();
    await expect(visitor).toHaveURL(`${server.url}/`);
    await expect(stripIds(visitor)).resolves.toHaveLength(5);
    await stranger.close();
  });

  // A lost connection no longer fails: the change waits in the outbox (offline-writes.spec.ts).
  test("a sharing change the server fails says 'Failed to update sharing settings' and changes nothing", async ({
    page,
  }) => {
    await openSignedIn(page);
    await saveCurrent(page, 'Porch');
    await page.route('**/api/palettes/*/sharing', (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: 'unavailable', message: 'The server is busy. Please try again.' } },
      }),
    );
    await openSaved(page);
    const sheet = await setPublic(page, 'Porch', true);
    await expect(toast(page, 'Failed to update sharing settings')).toBeVisible();
    await expect(sheet.getByRole('switch', { name: 'Public link' })).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Escape');
    await expect(row(page, 'Porch').getByText('Public')).toHaveCount(0);
    const { palettes } = await (await page.request.get('/api/palettes')).json();
    expect(palettes[0].isPublic).toBe(false);
  });

  test('the route accepts only alphanumeric ids', async ({ page, server }) => {
    let asked = false;
    await page.route('**/api/shares/**', (route) => {
      asked = true;
      return route.continue();
    });
    await page.goto('/share/abc-123');
    await expect(page.getByRole('dialog', { name: 'Palette Not Found' })).toBeVisible();
    expect(asked).toBe(false);
    await page.goto('/share/NoSuchShare42');
    await expect(page.getByRole('dialog', { name: 'Palette Not Found' })).toBeVisible();
    expect(asked).toBe(true);
    await page.getByRole('button', { name: 'Go to the palette generator' }).click();
    await expect(page).toHaveURL(`${server.url}/`);
  });
});
