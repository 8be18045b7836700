import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  expectSignedIn,
  openApp,
  openSaved,
  openSignedIn,
  replaceFirstColour,
  openShareSheet,
  row,
  setPublic,
  saveCurrent,
  signUpByApi,
  stripIds,
  toast,
} from './support/saved-flows';

/**
 * A signed-in person's writes made without signal wait in the outbox (IndexedDB)
 * and reach the real server in order when the connection returns; a clash with a newer version ends
 * in a choice. The app is loaded while online (service workers stay blocked, so it cannot be opened
 * offline here), then Playwright's offline mode cuts the connection under it.
 */

interface ServerPalette {
  id: string;
  name: string;
  version: number;
  isPublic: boolean;
  shareId: string | null;
  updatedAt: string;
  colors: Array<{ id: string }>;
}

/** The server as the same account sees it (page.request is not cut by the page's offline mode). */
async function serverList(request: APIRequestContext): Promise<ServerPalette[]> {
  const response = await request.get('/api/palettes');
  expect(response.status()).toBe(200);
  return (await response.json()).palettes;
}

async function serverHistory(request: APIRequestContext, id: string) {
  const body = await (await request.get(`/api/palettes/${id}/history`)).json();
  return body.versions as Array<{ version: number; type: string; name: string; colors: Array<{ id: string }> }>;
}

const byName = (list: ServerPalette[], name: string) => list.find((p) => p.name === name);
const ids = (p: { colors: Array<{ id: string }> } | undefined) => p?.colors.map((c) => c.id);

/** A palette made through the API before the test's part begins (the person made it earlier). */
async function madeEarlier(request: APIRequestContext, name: string, colorIds: string[]): Promise<ServerPalette> {
  const response = await request.post('/api/palettes', { data: { name, colorIds } });
  expect(response.status()).toBe(201);
  return response.json();
}

/** Saves the editor's colours as a new version of the palette it was loaded from. */
async function saveAsVersion(page: Page, of: string) {
  await page.locator('body').press('s');
  const modal = page.getByRole('dialog', { name: 'Name Your Palette' });
  await expect(modal.getByRole('radio', { name: new RegExp(`^Save as version \\d+ of ${of}$`) })).toBeChecked();
  await modal.getByRole('button', { name: 'Save Palette' }).click();
  await expect(toast(page, new RegExp(`^Saved as version \\d+ of ${of}$`))).toBeVisible();
  await expect(modal).toBeHidden();
}

async function loadFromList(page: Page, name: string) {
  await openSaved(page);
  await row(page, name)
    .getByRole('button', { name: `Load ${name}` })
    .click();
  await expect(toast(page, `Loaded ${name}`)).toBeVisible();
}

/**
 * Without a service worker (blocked in these tests) a dialog's code arrives the first time it opens:
 * the person has opened the save dialog and the list once while online, as anyone who saves has.
 */
async function openDialogsOnce(page: Page) {
  await page.locator('body').press('s');
  const modal = page.getByRole('dialog', { name: 'Name Your Palette' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  await openSaved(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Saved Palettes' })).toBeHidden();
}

const waitingMark = (page: Page, name: string) => row(page, name).getByText('Waiting for connection');
// The header's status text (while a modal is open the header is inert, so it is read by its class).
const headerStatus = (page: Page) => page.locator('.app-header .sync-status');

test.describe('writes made offline', () => {
  test('saves, renames, a new version, a delete, sharing both ways and a restore wait, then land in order', async ({
    page,
    context,
  }) => {
    await openSignedIn(page);
    const colours = await stripIds(page);
    const { request } = page;
    const study = await madeEarlier(request, 'Study', colours);
    await madeEarlier(request, 'Kitchen', colours);
    await madeEarlier(request, 'Attic', colours);
    await madeEarlier(request, 'Porch', colours);
    const gallery = await madeEarlier(request, 'Gallery', colours);
    expect((await request.put(`/api/palettes/${gallery.id}/sharing`, { data: { public: true } })).status()).toBe(200);
    const hall = await madeEarlier(request, 'Hall', colours);
    await madeEarlier(request, 'Spare', colours);
    const renamed = await request.patch(`/api/palettes/${hall.id}`, {
      data: { colorIds: [...colours].reverse() },
      headers: { 'if-match': 'W/"1"' },
    });
    expect(renamed.status()).toBe(200);

    // Online: the person opens the list, looks at Hall's history (so this device knows its versions)
    // and loads Study into the editor.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Saved palettes (7)' })).toBeVisible();
    await openSaved(page);
    await row(page, 'Hall').getByRole('button', { name: 'History of Hall' }).click();
    const history = page.getByRole('dialog', { name: 'History of “Hall”' });
    await expect(history.getByRole('listitem', { name: /^Version \d+$/ })).toHaveCount(2);
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();
    // A palette deleted for good earlier (its Undo toast's code is in the page since).
    await row(page, 'Spare').getByRole('button', { name: 'Delete Spare' }).click();
    await expect(toast(page, 'Palette deleted').getByRole('button', { name: 'Undo' })).toBeVisible();
    await row(page, 'Study').getByRole('button', { name: 'Load Study' }).click();
    await expect(toast(page, 'Loaded Study')).toBeVisible();
    await openDialogsOnce(page);

    await context.setOffline(true);

    // A new version of the loaded palette.
    const studyColours = (await replaceFirstColour(page)).after;
    await saveAsVersion(page, 'Study');
    await expect(headerStatus(page)).toHaveText('Changes waiting for connection');

    // A new palette.
    const newColours = (await replaceFirstColour(page)).after;
    await page.locator('body').press('s');
    const modal = page.getByRole('dialog', { name: 'Name Your Palette' });
    await modal.getByRole('radio', { name: 'As a new palette' }).check();
    const nameField = modal.getByLabel('Palette name');
    await nameField.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Made offline');
    await modal.getByRole('button', { name: 'Save Palette' }).click();
    await expect(toast(page, 'Palette saved!')).toBeVisible();

    const sidebar = await openSaved(page);
    // A rename.
    await row(page, 'Kitchen').getByRole('button', { name: 'Rename Kitchen' }).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Larder');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Palette renamed!')).toBeVisible();
    // A delete.
    await row(page, 'Attic').getByRole('button', { name: 'Delete Attic' }).click();
    await expect(toast(page, 'Palette deleted')).toBeVisible();
    await expect(row(page, 'Attic')).toHaveCount(0);
    // Sharing, both ways.
    await setPublic(page, 'Porch', true);
    await expect(toast(page, 'Palette will be shared when the connection returns')).toBeVisible();
    await page.keyboard.press('Escape');
    await setPublic(page, 'Gallery', false);
    await expect(toast(page, 'Palette is now private')).toBeVisible();
    await page.keyboard.press('Escape');
    // A restore, from the history this device saw online.
    await row(page, 'Hall').getByRole('button', { name: 'History of Hall' }).click();
    await expect(history.getByRole('listitem', { name: /^Version \d+$/ })).toHaveCount(2);
    await history
      .getByRole('listitem', { name: 'Version 1' })
      .getByRole('button', { name: 'Restore version 1' })
      .click();
    await expect(toast(page, 'Restored version 1')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();

    // The sidebar marks each palette whose change waits; the untouched ones carry no mark.
    for (const name of ['Study', 'Made offline', 'Larder', 'Porch', 'Gallery', 'Hall']) {
      await expect(waitingMark(page, name)).toBeVisible();
    }
    await expect(sidebar.getByText('Waiting for connection')).toHaveCount(6);
    await expect(headerStatus(page)).toHaveText('Changes waiting for connection');

    // Nothing reached the server yet.
    let server = await serverList(request);
    expect(server.map((p) => p.name).sort()).toEqual(['Attic', 'Gallery', 'Hall', 'Kitchen', 'Porch', 'Study']);
    expect(server.every((p) => p.version <= 2)).toBe(true);

    await context.setOffline(false);

    await expect(sidebar.getByText('Waiting for connection')).toHaveCount(0);
    await expect(headerStatus(page)).toHaveText('');
    server = await serverList(request);
    expect(server.map((p) => p.name).sort()).toEqual(['Gallery', 'Hall', 'Larder', 'Made offline', 'Porch', 'Study']);
    expect(byName(server, 'Study')).toMatchObject({ id: study.id, version: 2 });
    expect(ids(byName(server, 'Study'))).toEqual(studyColours);
    expect(ids(byName(server, 'Made offline'))).toEqual(newColours);
    expect(byName(server, 'Made offline')?.version).toBe(1);
    expect(byName(server, 'Larder')?.version).toBe(2);
    expect(byName(server, 'Porch')).toMatchObject({ isPublic: true, version: 2 });
    expect(byName(server, 'Porch')?.shareId).toMatch(/^[0-9a-z]{13}$/);
    expect(byName(server, 'Gallery')).toMatchObject({ isPublic: false, shareId: null, version: 3 });
    expect(byName(server, 'Hall')).toMatchObject({ id: hall.id, version: 3 });
    expect(ids(byName(server, 'Hall'))).toEqual(colours);
    expect((await serverHistory(request, hall.id)).map((v) => v.type)).toEqual([
      'PaletteCreated',
      'PaletteColorsChanged',
      'PaletteRestored',
    ]);
    expect((await serverHistory(request, study.id)).map((v) => v.type)).toEqual([
      'PaletteCreated',
      'PaletteColorsChanged',
    ]);
    // In the order they were made: each change's time on the server follows the one before (the new
    // palette keeps the time it was made offline, so it is left out here).
    const times = ['Study', 'Larder', 'Porch', 'Gallery', 'Hall'].map((name) => byName(server, name)?.updatedAt ?? '');
    expect([...times].sort()).toEqual(times);
    // Porch's link now exists, and the person can copy it.
    const porch = await openShareSheet(page, 'Porch');
    await expect(porch.getByRole('textbox', { name: 'Link' })).toHaveValue(/\/share\/[A-Za-z0-9]+$/);
    await expect(porch.getByRole('button', { name: 'Copy link' })).toBeVisible();
  });

  test('a two-tab clash made offline ends in a choice: save mine as new, then overwrite, nothing lost', async ({
    page,
    context,
    browser,
  }) => {
    await openSignedIn(page);
    await saveCurrent(page, 'Landing');
    const [landing] = await serverList(page.request);
    const original = await stripIds(page);

    // Tab B: the same account in a window whose connection stays (another device, or a tab on Wi-Fi).
    const otherContext = await browser.newContext({ storageState: await context.storageState() });
    const other = await otherContext.newPage();
    await openApp(other);
    await expectSignedIn(other);
    await openDialogsOnce(page);

    // Round one: A saves a new version offline; B saves one meanwhile; A chooses "save mine as new".
    await context.setOffline(true);
    const mine = (await replaceFirstColour(page)).after;
    await saveAsVersion(page, 'Landing');
    await openSaved(page);
    await expect(waitingMark(page, 'Landing')).toBeVisible();
    await page.keyboard.press('Escape');

    await loadFromList(other, 'Landing');
    const theirs = (await replaceFirstColour(other)).after;
    await saveAsVersion(other, 'Landing');

    await context.setOffline(false);
    const clash = toast(page, 'Your offline change to “Landing” clashes with a newer version');
    await expect(clash).toBeVisible();
    await clash.getByRole('button', { name: 'Choose' }).click();
    const dialog = page.getByRole('dialog', { name: 'This palette changed elsewhere' });
    await expect(dialog.getByRole('alert')).toContainText('version 2');
    for (const choice of ['Keep their version', 'Overwrite with mine', 'Save mine as a new palette', 'Decide later']) {
      await expect(dialog.getByRole('button', { name: choice })).toBeVisible();
    }
    // Held, not sent: the server still has B's version only.
    expect(ids(byName(await serverList(page.request), 'Landing'))).toEqual(theirs);
    await dialog.getByRole('button', { name: 'Save mine as a new palette' }).click();
    await expect(toast(page, 'Your change will be saved as a new palette')).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect
      .poll(async () => (await serverList(page.request)).map((p) => p.name).sort())
      .toEqual(['Landing', 'Landing (copy)']);
    let server = await serverList(page.request);
    expect(ids(byName(server, 'Landing (copy)'))).toEqual(mine);
    expect(byName(server, 'Landing')).toMatchObject({ id: landing!.id, version: 2 });
    expect(ids(byName(server, 'Landing'))).toEqual(theirs);
    expect((await serverHistory(page.request, landing!.id)).map((v) => ids(v))).toEqual([original, theirs]);

    // Round two: the same clash, and this time A overwrites (a new version on top of B's).
    await loadFromList(page, 'Landing');
    await context.setOffline(true);
    const mineAgain = (await replaceFirstColour(page)).after;
    await saveAsVersion(page, 'Landing');
    const theirsAgain = (await replaceFirstColour(other)).after;
    await saveAsVersion(other, 'Landing');
    await context.setOffline(false);
    await toast(page, 'Your offline change to “Landing” clashes with a newer version')
      .getByRole('button', { name: 'Choose' })
      .click();
    await expect(dialog.getByRole('alert')).toContainText('version 3');
    await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
    await expect(toast(page, 'Your change will be saved over the newer version')).toBeVisible();

    await expect.poll(async () => byName(await serverList(page.request), 'Landing')?.version).toBe(4);
    server = await serverList(page.request);
    expect(ids(byName(server, 'Landing'))).toEqual(mineAgain);
    // Nothing lost: B's version stays in the history, A's on top.
    expect((await serverHistory(page.request, landing!.id)).map((v) => ids(v))).toEqual([
      original,
      theirs,
      theirsAgain,
      mineAgain,
    ]);
    await openSaved(page);
    await expect(page.getByRole('dialog', { name: 'Saved Palettes' }).getByText('Waiting for connection')).toHaveCount(
      0,
    );
    await otherContext.close();
  });

  test('a write still waiting when the tab closed is sent by the next visit, once', async ({ page, context }) => {
    await openSignedIn(page);
    await openDialogsOnce(page);
    await context.setOffline(true);
    const colours = await stripIds(page);
    await saveCurrent(page, 'Left behind');
    await expect(headerStatus(page)).toHaveText('Changes waiting for connection');
    await page.close();
    expect(await serverList(context.request)).toEqual([]);

    await context.setOffline(false);
    const next = await context.newPage();
    await openApp(next);
    await expectSignedIn(next);
    await expect.poll(async () => (await serverList(next.request)).map((p) => p.name)).toEqual(['Left behind']);
    const [landed] = await serverList(next.request);
    expect(ids(landed)).toEqual(colours);
    expect(landed!.version).toBe(1);
    await openSaved(next);
    await expect(row(next, 'Left behind')).toBeVisible();
    await expect(waitingMark(next, 'Left behind')).toHaveCount(0);
    await expect(headerStatus(next)).toHaveText('');
    // Sent once: a later visit sends nothing again.
    await next.reload();
    await expect(next.getByRole('button', { name: 'Saved palettes (1)' })).toBeVisible();
    expect((await serverList(next.request)).map((p) => p.name)).toEqual(['Left behind']);
  });

  test('a start with no answer from the server keeps the person signed in with their list and waiting changes', async ({
    page,
    context,
  }) => {
    const email = await signUpByApi(page);
    await openApp(page);
    await expectSignedIn(page, email);
    await saveCurrent(page, 'Kept');
    // The sign-in sync has finished before the signal goes (a sync cut short keeps the list on this
    // device instead, which account-modes.spec.ts covers): the header's status has settled on synced.
    await expect(headerStatus(page)).toHaveAttribute('data-status', 'synced');
    await openDialogsOnce(page);
    await context.setOffline(true);
    await page.locator('body').press('s');
    const modal = page.getByRole('dialog', { name: 'Name Your Palette' });
    await modal.getByRole('radio', { name: 'As a new palette' }).check();
    await modal.getByLabel('Palette name').fill('Made without signal');
    await modal.getByRole('button', { name: 'Save Palette' }).click();
    await expect(toast(page, 'Palette saved!')).toBeVisible();
    // Kept's own 'Palette saved!' may still be up: the header is what says this save was kept to send.
    await expect(modal).toBeHidden();
    await expect(headerStatus(page)).toHaveText('Changes waiting for connection');
    await page.close();

    // The next start gets the app but no answer from the API (the signal dropped as it loaded).
    await context.setOffline(false);
    const next = await context.newPage();
    await next.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await openApp(next);
    await expectSignedIn(next, email);
    await expect(headerStatus(next)).toHaveText('Changes waiting for connection');
    await openSaved(next);
    await expect(row(next, 'Kept')).toBeVisible();
    await expect(waitingMark(next, 'Kept')).toHaveCount(0);
    await expect(waitingMark(next, 'Made without signal')).toBeVisible();
    await expect(toast(next, 'Could not load your saved palettes')).toHaveCount(0);
    expect((await serverList(context.request)).map((p) => p.name)).toEqual(['Kept']);

    // The signal comes back: the session is still good, the waiting change goes out, once.
    await context.setOffline(true);
    await next.unroute('**/api/**');
    await context.setOffline(false);
    await expect(waitingMark(next, 'Made without signal')).toHaveCount(0);
    await expect(headerStatus(next)).toHaveText('');
    await expect
      .poll(async () => (await serverList(context.request)).map((p) => p.name).sort())
      .toEqual(['Kept', 'Made without signal']);
    await expectSignedIn(next, email);
  });
});
