import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  openApp,
  openSaved,
  openSignedIn,
  row,
  setPublic,
  storedPalettes,
  stripIds,
  strips,
  toast,
} from './support/saved-flows';
import { preloadedColors } from './support/catalogue';

/**
 * Saved palettes, history and shared links: each test acts as the person did, with real
 * keys into whatever has focus and real clicks and taps, after the late-loading parts have loaded.
 */

const nameModal = (page: Page) => page.getByRole('dialog', { name: 'Name Your Palette' });
const storedLocal = storedPalettes;

/** S, then the name typed into the field that has focus (its old text is selected), then Enter. */
async function saveByKeys(page: Page, name: string, options: { firstAnonymous?: boolean } = {}) {
  await page.locator('body').press('s');
  if (options.firstAnonymous) {
    await page
      .getByRole('dialog', { name: 'Sign In' })
      .getByRole('button', { name: 'Keep it on this device only' })
      .click();
  }
  const field = nameModal(page).getByLabel('Palette name');
  await expect(field).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Palette saved!')).toBeVisible();
  await expect(nameModal(page)).toBeHidden();
}

/** A whole new palette: "New palette" when the one on screen is a saved one (Generate alone keeps that link). */
async function generateNew(page: Page) {
  const before = await stripIds(page);
  const fresh = page.getByRole('button', { name: 'New palette', exact: true });
  await ((await fresh.isVisible()) ? fresh : page.getByRole('button', { name: 'Generate New Palette' })).click();
  await expect.poll(() => stripIds(page)).not.toEqual(before);
}

/** The app open in a fresh phone-sized context with a touch screen, as a person's phone opens it. */
async function openOnTouchPhone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  await openApp(page);
  return { context, page };
}

test.describe('deleting a saved palette can be undone', () => {
  test('on this device: Undo in the toast brings the palette back with its history, by mouse and by keyboard', async ({
    page,
  }) => {
    await page.clock.install();
    await openApp(page);
    await saveByKeys(page, 'Bedroom', { firstAnonymous: true });
    await generateNew(page);
    await saveByKeys(page, 'Hall');
    const bedroom = (await storedLocal(page)).find((p) => p.name === 'Bedroom');

    const sidebar = await openSaved(page);
    await row(page, 'Bedroom').getByRole('button', { name: 'Delete Bedroom' }).click();
    const deleted = toast(page, 'Palette deleted');
    await expect(deleted).toBeVisible();
    await expect(row(page, 'Bedroom')).toHaveCount(0);
    expect((await storedLocal(page)).map((p) => p.name)).toEqual(['Hall']);
    await deleted.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Palette restored')).toBeVisible();
    await expect(row(page, 'Bedroom')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Saved palettes (2)' })).toBeAttached();
    // The same palette, history and all: not a copy.
    expect((await storedLocal(page)).find((p) => p.name === 'Bedroom')).toEqual(bedroom);

    // Keyboard: Tab reaches the Undo button, and the toast waits while it has focus.
    await row(page, 'Hall').getByRole('button', { name: 'Delete Hall' }).click();
    await expect(toast(page, 'Palette deleted')).toBeVisible();
    const undo = toast(page, 'Palette deleted').getByRole('button', { name: 'Undo' });
    for (let i = 0; i < 40 && !(await undo.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(undo).toBeFocused();
    await page.clock.runFor(10_000);
    await expect(undo).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(row(page, 'Hall')).toBeVisible();
    expect((await storedLocal(page)).map((p) => p.name).sort()).toEqual(['Bedroom', 'Hall']);

    // Left alone, the offer goes after a few seconds and the delete stands.
    await row(page, 'Hall').getByRole('button', { name: 'Delete Hall' }).click();
    await expect(toast(page, 'Palette deleted').getByRole('button', { name: 'Undo' })).toBeVisible();
    await page.clock.runFor(7_000);
    await expect(page.locator('.toast').filter({ hasText: 'Palette deleted' })).toHaveCount(0);
    await expect(row(page, 'Hall')).toHaveCount(0);
    await expect(sidebar).toBeVisible();
  });

  test('signed in: Undo restores a deleted palette (private again) and a confirmed bulk delete', async ({ page }) => {
    await openSignedIn(page);
    await saveByKeys(page, 'Kitchen');
    const sidebar = await openSaved(page);
    await setPublic(page, 'Kitchen', true);
    await page.keyboard.press('Escape');
    await expect(row(page, 'Kitchen').getByText('Public')).toBeVisible();

    await row(page, 'Kitchen').getByRole('button', { name: 'Delete Kitchen' }).click();
    await expect(row(page, 'Kitchen')).toHaveCount(0);
    await toast(page, 'Palette deleted').getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Palette restored')).toBeVisible();
    await expect(row(page, 'Kitchen')).toBeVisible();
    // Its old link stays revoked: the palette is back private.
    await expect(row(page, 'Kitchen').getByText('Public')).toHaveCount(0);
    let server = await (await page.request.get('/api/palettes')).json();
    expect(server.palettes.map((p: { name: string; isPublic: boolean }) => [p.name, p.isPublic])).toEqual([
      ['Kitchen', false],
    ]);

    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await generateNew(page);
    await saveByKeys(page, 'Study');
    await openSaved(page);
    await sidebar.getByRole('checkbox', { name: 'Select Kitchen' }).click();
    await sidebar.getByRole('checkbox', { name: 'Select Study' }).click();
    await sidebar.getByRole('toolbar', { name: 'Selected palettes' }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 2 palette(s)?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const bulk = toast(page, 'Deleted 2 palette(s)');
    await expect(bulk).toBeVisible();
    await expect(sidebar.getByText('No saved palettes yet.')).toBeVisible();
    await bulk.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Restored 2 palettes')).toBeVisible();
    await expect(row(page, 'Kitchen')).toBeVisible();
    await expect(row(page, 'Study')).toBeVisible();
    server = await (await page.request.get('/api/palettes')).json();
    expect(server.palettes.map((p: { name: string }) => p.name).sort()).toEqual(['Kitchen', 'Study']);
  });
});

test.describe('save defaults follow where the palette came from', () => {
  test('just saved or loaded: S proposes a new version of it, and with no change says so', async ({ page }) => {
    await openApp(page);
    await saveByKeys(page, 'Bedroom', { firstAnonymous: true });

    await page.locator('body').press('s');
    const modal = nameModal(page);
    await expect(modal.getByRole('radio', { name: /^Save as version \d+ of Bedroom$/ })).toBeChecked();
    await expect(modal.getByLabel('Palette name')).toHaveValue('Bedroom');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'No changes to save')).toBeVisible();
    await expect(modal).toBeHidden();
    expect((await storedLocal(page))[0]?.events.map((e) => e.type)).toEqual(['PaletteCreated']);

    // A change, then S and Enter: a new version of Bedroom, not a new palette.
    await page.locator('body').press('a');
    await expect(page.getByRole('list', { name: 'Current palette' }).getByRole('listitem')).toHaveCount(6);
    await page.locator('body').press('s');
    await expect(modal.getByLabel('Palette name')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Saved as version 2 of Bedroom')).toBeVisible();
    let stored = await storedLocal(page);
    expect(stored.map((p) => [p.name, p.version, p.colorIds.length])).toEqual([['Bedroom', 2, 6]]);

    // Loaded from the list: the same default.
    await generateNew(page);
    await openSaved(page);
    await row(page, 'Bedroom').getByRole('button', { name: 'Load Bedroom' }).click();
    await expect(toast(page, 'Loaded Bedroom')).toBeVisible();
    await page.locator('body').press('s');
    await expect(modal.getByRole('radio', { name: /^Save as version \d+ of Bedroom$/ })).toBeChecked();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'No changes to save')).toBeVisible();

    // Generate keeps the link; "New palette" starts a new one, saved as a new one.
    await page.getByRole('button', { name: 'New palette', exact: true }).click();
    await page.locator('body').press('s');
    await expect(modal.getByLabel('Palette name')).toHaveValue('Palette 2');
    await expect(modal.getByRole('radio', { name: /Save as version/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    stored = await storedLocal(page);
    expect(stored.map((p) => [p.name, p.version])).toEqual([['Bedroom', 2]]);
  });

  test('signed in: saving an unchanged palette adds no version', async ({ page }) => {
    await openSignedIn(page);
    await saveByKeys(page, 'Bedroom');
    await page.locator('body').press('s');
    await expect(nameModal(page).getByRole('radio', { name: /^Save as version \d+ of Bedroom$/ })).toBeChecked();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'No changes to save')).toBeVisible();
    const server = await (await page.request.get('/api/palettes')).json();
    expect(server.palettes.map((p: { name: string; version: number }) => [p.name, p.version])).toEqual([
      ['Bedroom', 1],
    ]);
  });
});

test.describe('history tells versions from sharing events', () => {
  test('"Made public" is an event without Restore, and Load and Restore say what they do', async ({ page }) => {
    await openSignedIn(page);
    await saveByKeys(page, 'Study');
    await openSaved(page);
    await setPublic(page, 'Study', true);
    await page.keyboard.press('Escape');
    await expect(row(page, 'Study').getByText('Public')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.locator('body').press('a');
    await page.locator('body').press('s');
    await nameModal(page)
      .getByRole('radio', { name: /^Save as version \d+ of Study$/ })
      .click();
    await nameModal(page).getByRole('button', { name: 'Save Palette' }).click();
    await expect(toast(page, /^Saved as version \d+ of Study$/)).toBeVisible();

    await openSaved(page);
    await row(page, 'Study').getByRole('button', { name: 'History of Study' }).click();
    const history = page.getByRole('dialog', { name: 'History of “Study”' });
    const published = history.getByRole('listitem', { name: 'Version 2' });
    await expect(published).toContainText('Made public');
    await expect(published.getByRole('button')).toHaveCount(0);

    const first = history.getByRole('listitem', { name: 'Version 1' });
    await expect(first.getByRole('button', { name: 'Restore version 1' })).toHaveAccessibleDescription(
      /makes a version the saved one again, as a new version/i,
    );
    await expect(first.getByRole('button', { name: 'Load version 1' })).toHaveAccessibleDescription(
      /opens a version in the editor; what is saved stays as it is/i,
    );
    await expect(history.getByText(/Restore makes a version the saved one again/)).toBeVisible();
    // The current version is the newest saved one, and has nothing to restore.
    const latest = history.getByRole('listitem', { name: 'Version 3' });
    await expect(latest.getByText('Current')).toBeVisible();
    await expect(latest.getByRole('button', { name: /^Restore/ })).toHaveCount(0);
  });
});

test.describe('shared links say what they are', () => {
  test('/share/{id}: the name and "Shared palette" show, and Undo brings the visitor’s palette back', async ({
    page,
    browser,
    server,
  }) => {
    await openSignedIn(page);
    const shared = await stripIds(page);
    await saveByKeys(page, 'Front room');
    await openSaved(page);
    await setPublic(page, 'Front room', true);
    await page.keyboard.press('Escape');
    await expect(row(page, 'Front room').getByText('Public')).toBeVisible();
    const { palettes } = await (await page.request.get('/api/palettes')).json();
    const link = `/share/${palettes[0].shareId}`;

    const context = await browser.newContext({ baseURL: server.url });
    const visitor = await context.newPage();
    await openApp(visitor);
    const own = await stripIds(visitor);
    await expect.poll(() => visitor.evaluate(() => localStorage.getItem('session'))).toContain('"currentPalette"');
    await visitor.goto(link);
    await expect.poll(() => stripIds(visitor)).toEqual(shared);
    const label = visitor.getByRole('complementary', { name: 'Shared palette' });
    await expect(label).toContainText('Shared palette');
    await expect(label).toContainText('Front room');
    const loaded = toast(visitor, 'Loaded Front room');
    await expect(loaded).toBeVisible();
    // Where to buy what was shared, honestly: the screen is not the paint.
    await label.getByText('Tester pots').click();
    await expect(label.getByText('Colours on screen are approximate; order a tester pot.')).toBeVisible();
    const buyLinks = label.getByRole('link');
    await expect(buyLinks).toHaveCount(shared.length);
    for (const href of await buyLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      expect(href).toMatch(/^https:\/\/(www\.)?(farrow-ball\.com|lick\.com|littlegreene\.com)\//);
    await loaded.getByRole('button', { name: 'Undo: back to your palette' }).click();
    await expect.poll(() => stripIds(visitor)).toEqual(own);
    await expect(label).toBeHidden();

    // Not found: the button says where it goes, and goes there.
    await visitor.goto('/share/nosuchshare1');
    const missing = visitor.getByRole('dialog', { name: 'Palette Not Found' });
    await missing.getByRole('button', { name: 'Go to the palette generator' }).click();
    await expect(visitor).toHaveURL(`${server.url}/`);
    await context.close();
  });

  test('#palette= on a phone: "Shared palette" shows and a tap on Undo brings back the remembered palette', async ({
    browser,
    server,
  }) => {
    const { context, page } = await openOnTouchPhone(browser, server.url);
    const own = await stripIds(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('session'))).toContain('"currentPalette"');
    const hexes = (await preloadedColors(page)).slice(0, 3).map((c) => c.hexCode.replace('#', ''));
    await page.goto(`/#palette=${hexes.join('-')}`);
    await expect(strips(page)).toHaveCount(3);
    await expect(page.getByRole('complementary', { name: 'Shared palette' })).toBeVisible();
    const loaded = toast(page, 'Palette loaded from link!');
    await loaded.getByRole('button', { name: 'Undo: back to your palette' }).tap();
    await expect.poll(() => stripIds(page)).toEqual(own);
    await context.close();
  });
});

test.describe('the Saved count reads as a count', () => {
  test('a quiet number beside the label on a phone, not a red badge; the name says how many', async ({
    browser,
    server,
  }) => {
    const { context, page } = await openOnTouchPhone(browser, server.url);
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await page.getByRole('button', { name: 'Keep it on this device only' }).tap();
    await expect(nameModal(page).getByLabel('Palette name')).toBeFocused();
    await page.keyboard.type('Porch');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Palette saved!')).toBeVisible();
    const saved = page.getByRole('button', { name: 'Saved palettes (1)' });
    await expect(saved).toBeVisible();
    const count = saved.locator('.count-badge');
    await expect(count).toHaveText('1');
    const boxes = await saved.evaluate((button) => {
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      let text: Node | null = walker.nextNode();
      while (text && text.textContent?.trim() !== 'Saved') text = walker.nextNode();
      const range = document.createRange();
      if (text) range.selectNodeContents(text);
      const label = range.getBoundingClientRect();
      const badge = button.querySelector('.count-badge')?.getBoundingClientRect();
      return {
        label: { x: label.right, mid: label.top + label.height / 2 },
        count: { x: badge?.left ?? 0, mid: (badge?.top ?? 0) + (badge?.height ?? 0) / 2 },
      };
    });
    // On the label's line, to its right.
    expect(Math.abs(boxes.label.mid - boxes.count.mid)).toBeLessThan(6);
    expect(boxes.count.x).toBeGreaterThanOrEqual(boxes.label.x);
    const colours = await count.evaluate((el) => {
      const danger = getComputedStyle(document.documentElement).getPropertyValue('--danger').trim();
      const probe = document.createElement('span');
      probe.style.color = danger;
      document.body.append(probe);
      const dangerRgb = getComputedStyle(probe).color;
      probe.remove();
      return { background: getComputedStyle(el).backgroundColor, dangerRgb };
    });
    expect(colours.background).not.toBe(colours.dangerRgb);
    await context.close();
  });
});
