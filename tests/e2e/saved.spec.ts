import { type RunningServer, startServer } from '../support/server-process';
import { expect, test } from './support/fixtures';
import {
  expectAccessible,
  expectSignedIn,
  openApp,
  openSaved,
  PASSWORD,
  row,
  saveCurrent,
  storedPalettes,
  stripIds,
  toast,
  uniqueEmail,
} from './support/saved-flows';

test.describe('saved palettes on this device', () => {
  test('an anonymous save asks to sign in, can stay on this device, and survives a reload with its history', async ({
    page,
  }) => {
    await openApp(page);
    await page.locator('body').press('s');
    const auth = page.getByRole('dialog', { name: 'Sign In' });
    await expect(auth).toBeVisible();
    await expect(auth.getByText(/Sign in to keep your palettes safe/)).toBeVisible();
    await auth.getByRole('button', { name: 'Keep it on this device only' }).click();
    const modal = page.getByRole('dialog', { name: 'Name Your Palette' });
    await expect(modal.getByLabel('Palette name')).toHaveValue('Palette 1');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByRole('button', { name: 'Saved palettes (0)' })).toBeVisible();

    // The choice holds for the visit: the next save goes straight to the name.
    const saved = await stripIds(page);
    await page.locator('body').press('s');
    await expect(modal.getByLabel('Palette name')).toHaveValue('Palette 1');
    await modal.getByRole('button', { name: 'Save Palette' }).click();
    await expect(toast(page, 'Palette saved!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Saved palettes (1)' })).toBeVisible();

    const stored = await storedPalettes(page);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.name).toBe('Palette 1');
    expect(stored[0]?.colorIds).toEqual(saved);
    expect(stored[0]?.user_id).toBeUndefined();
    expect(stored[0]?.events.map((e: { type: string }) => e.type)).toEqual(['PaletteCreated']);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Saved palettes (1)' })).toBeVisible();
    await openSaved(page);
    await expect(row(page, 'Palette 1')).toBeVisible();
    // The next default name counts what is saved.
    await page.keyboard.press('Escape');
    await page.locator('body').press('s');
    await page.getByRole('button', { name: 'Keep it on this device only' }).click();
    // Still the palette it saved: a version of it by default, a new one when asked for.
    await expect(modal.getByRole('radio', { name: 'Save as version 2 of Palette 1' })).toBeChecked();
    await modal.getByRole('radio', { name: 'Save as a new palette…' }).check();
    await expect(modal.getByLabel('Palette name')).toHaveValue('Palette 2');
  });

  test('rename commits on Enter and blur, Escape cancels, blank or unchanged does nothing', async ({ page }) => {
    await openApp(page);
    await saveCurrent(page, 'Hall', { anonymous: true });
    const sidebar = await openSaved(page);
    const hall = row(page, 'Hall');
    await hall.getByRole('button', { name: 'Rename Hall' }).click();
    const input = sidebar.getByRole('textbox', { name: 'New name for Hall' });
    await expect(input).toBeFocused();
    await input.fill('Hallway');
    await input.press('Enter');
    await expect(toast(page, 'Palette renamed!')).toBeVisible();
    await expect(row(page, 'Hallway')).toBeVisible();

    await row(page, 'Hallway').getByRole('button', { name: 'Rename Hallway' }).click();
    await sidebar.getByRole('textbox').fill('Kitchen');
    await sidebar.getByRole('textbox').press('Escape');
    await expect(sidebar).toBeVisible();
    await expect(row(page, 'Hallway')).toBeVisible();

    await row(page, 'Hallway').getByRole('button', { name: 'Rename Hallway' }).click();
    await sidebar.getByRole('textbox').fill('   ');
    await sidebar.getByRole('textbox').press('Enter');
    await expect(row(page, 'Hallway')).toBeVisible();

    await row(page, 'Hallway').getByRole('button', { name: 'Rename Hallway' }).click();
    await sidebar.getByRole('textbox').fill('Landing');
    await sidebar.getByRole('heading', { name: 'Saved Palettes' }).click();
    await expect(row(page, 'Landing')).toBeVisible();
    const stored = await storedPalettes(page);
    expect(stored[0]?.name).toBe('Landing');
    // Two renames, two versions: the blank and cancelled edits left no trace.
    expect(stored[0]?.events.map((e: { type: string }) => e.type)).toEqual([
      'PaletteCreated',
      'PaletteRenamed',
      'PaletteRenamed',
    ]);
  });

  test('load replaces the palette and closes; delete and bulk delete with confirmation', async ({ page }) => {
    await openApp(page);
    const first = await stripIds(page);
    await saveCurrent(page, 'First', { anonymous: true });
    await page.getByRole('button', { name: 'New palette', exact: true }).click();
    await expect.poll(() => stripIds(page)).not.toEqual(first);
    await saveCurrent(page, 'Second');
    await page.getByRole('button', { name: 'New palette', exact: true }).click();
    await saveCurrent(page, 'Third');

    const sidebar = await openSaved(page);
    await row(page, 'First').getByRole('button', { name: 'Load First' }).click();
    await expect(toast(page, 'Loaded First')).toBeVisible();
    await expect(sidebar).toBeHidden();
    expect(await stripIds(page)).toEqual(first);

    await openSaved(page);
    await row(page, 'Third').getByRole('button', { name: 'Delete Third' }).click();
    await expect(toast(page, 'Palette deleted')).toBeVisible();
    await expect(row(page, 'Third')).toHaveCount(0);
    // The keyboard user lands back in the list, not on the page behind the sidebar.
    await expect(sidebar.getByRole('button', { name: /^Load / }).first()).toBeFocused();

    await sidebar.getByRole('checkbox', { name: 'Select First' }).check();
    await sidebar.getByRole('checkbox', { name: 'Select Second' }).check();
    const bar = sidebar.getByRole('toolbar', { name: 'Selected palettes' });
    await expect(bar).toContainText('2 selected');
    await bar.getByRole('button', { name: 'Cancel' }).click();
    await expect(bar).toBeHidden();
    await expect(sidebar.getByRole('checkbox', { name: 'Select First' })).not.toBeChecked();

    await sidebar.getByRole('checkbox', { name: 'Select First' }).check();
    await sidebar.getByRole('checkbox', { name: 'Select Second' }).check();
    await bar.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 2 palette(s)?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Deleted 2 palette(s)')).toBeVisible();
    await expect(sidebar.getByText('No saved palettes yet.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Saved palettes (0)' })).toBeVisible();
  });

  test('a long list is virtualised and still reaches its last palette; the sidebar passes axe', async ({ page }) => {
    await openApp(page);
    const ids = await stripIds(page);
    await page.evaluate((colorIds) => {
      const at = new Date(Date.UTC(2026, 0, 1)).getTime();
      const list = Array.from({ length: 400 }, (_, i) => ({
        id: `seed${i}`,
        name: `Seeded ${i}`,
        colorIds,
        timestamp: at - i * 60_000,
      }));
      localStorage.setItem('savedPalettes', JSON.stringify(list));
    }, ids);
    await page.reload();
    const sidebar = await openSaved(page);
    await expect(row(page, 'Seeded 0')).toBeVisible();
    const rendered = await sidebar.getByRole('article').count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(40);
    await expectAccessible(page, '.saved-sidebar');
    await sidebar.locator('.saved-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(row(page, 'Seeded 399')).toBeVisible();
    await row(page, 'Seeded 399').getByRole('button', { name: 'Load Seeded 399' }).click();
    await expect(toast(page, 'Loaded Seeded 399')).toBeVisible();
  });
});

test.describe('the palette cap (USER_MAX_PALETTES=2)', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({ distDir: process.env.E2E_DIST_DIR!, env: { USER_MAX_PALETTES: '2' } });
  });
  test.afterAll(() => server.stop());

  test('an Undo of a delete at the cap is refused in the server’s words, and the list stays as the server keeps it', async ({
    page,
  }) => {
    const post = (path: string, data: unknown) =>
      page.request.post(`${server.url}${path}`, { data, headers: { origin: server.url } });
    const email = uniqueEmail('cap');
    expect((await post('/api/auth/signup', { email, password: PASSWORD })).status()).toBe(201);
    await openApp(page, `${server.url}/`);
    await expectSignedIn(page, email);
    const colours = await stripIds(page);
    for (const name of ['Hall', 'Study'])
      expect((await post('/api/palettes', { name, colorIds: colours })).status()).toBe(201);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Saved palettes (2)' })).toBeVisible();
    await openSaved(page);
    await row(page, 'Hall').getByRole('button', { name: 'Delete Hall' }).click();
    const undo = toast(page, 'Palette deleted').getByRole('button', { name: 'Undo' });
    await expect(undo).toBeVisible();
    // Meanwhile another device fills the freed place.
    expect((await post('/api/palettes', { name: 'Porch', colorIds: colours })).status()).toBe(201);
    await undo.click();
    await expect(
      toast(page, 'You have 2 saved palettes, the most one account keeps. Delete some to bring these back.'),
    ).toBeVisible();
    await expect(row(page, 'Hall')).toHaveCount(0);
    const list = await (await page.request.get(`${server.url}/api/palettes`)).json();
    expect(list.palettes.map((p: { name: string }) => p.name).sort()).toEqual(['Porch', 'Study']);
  });
});
