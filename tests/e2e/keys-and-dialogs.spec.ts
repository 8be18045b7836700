import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { generateWithout, storedPalettes } from './support/saved-flows';

/** Keys, dialogs and toasts, done as a person does them (real clicks, taps and typing). */

const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

const strips = (page: Page) => page.getByRole('list', { name: 'Current palette' }).getByRole('listitem');
const names = (page: Page) => strips(page).locator('.palette-strip-name').allTextContents();
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').getByText(text);
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search colours' });
const results = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

/** The app has settled: five strips, and the lazily loaded drag and drop has arrived. */
async function open(page: Page, path = '/') {
  await page.goto(path);
  await expect(strips(page)).toHaveCount(5);
  await expect(
    strips(page)
      .first()
      .getByRole('button', { name: /^Reorder / }),
  ).not.toHaveAttribute('aria-disabled', 'true');
}

/** The text of whatever is painted on top at the middle of this element (pointer-events ignored). */
async function topmostText(page: Page, target: Locator): Promise<string> {
  const box = await target.boundingBox();
  if (!box) throw new Error('not on screen');
  const cdp = await page.context().newCDPSession(page);
  const { backendNodeId } = await cdp.send('DOM.getNodeForLocation', {
    x: Math.round(box.x + box.width / 2),
    y: Math.round(box.y + box.height / 2),
    ignorePointerEventsNone: true,
  });
  const { object } = await cdp.send('DOM.resolveNode', { backendNodeId });
  const { result } = await cdp.send('Runtime.callFunctionOn', {
    objectId: object.objectId,
    functionDeclaration:
      'function () { const el = this.nodeType === 3 ? this.parentElement : this; return el.textContent.trim(); }',
    returnByValue: true,
  });
  await cdp.detach();
  return String(result.value);
}

/** Searches by typing into the search box, then opens the first result's details with a click. */
async function openFirstResultDetails(page: Page, term: string) {
  await searchBox(page).click();
  await page.keyboard.type(term);
  const first = results(page).first().locator('.result-name');
  await expect(first).toBeVisible();
  const name = ((await first.textContent()) ?? '').trim();
  await first.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return { dialog, name };
}

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('1: S, "Keep it on this device only", then typing a name saves it under that name', async ({ page }) => {
    await open(page);
    const themeBefore = await theme(page);
    await page.keyboard.press('s');
    const auth = page.getByRole('dialog', { name: 'Sign In' });
    await auth.getByRole('button', { name: 'Keep it on this device only' }).click();
    const modal = page.getByRole('dialog', { name: 'Name Your Palette' });
    await expect(modal).toBeVisible();
    // The name field has the focus with its default selected: typing replaces it.
    await expect(modal.getByLabel('Palette name')).toBeFocused();
    await page.keyboard.type('Guest bedroom');
    await expect(modal.getByLabel('Palette name')).toHaveValue('Guest bedroom');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Palette saved!')).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(page.getByRole('button', { name: 'Saved palettes (1)' })).toBeVisible();
    const stored = await storedPalettes(page);
    expect(stored.map((p: { name: string }) => p.name)).toEqual(['Guest bedroom']);
    // "d" and "e" in the name were letters, not dark mode or an export.
    expect(await theme(page)).toBe(themeBefore);
  });

  test('1: the contact form takes typing in its first field; D and ? do nothing under a dialog', async ({ page }) => {
    await open(page);
    const themeBefore = await theme(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Contact Us' }).click();
    const contact = page.getByRole('dialog', { name: 'Contact Us' });
    await expect(contact).toBeVisible();
    await page.keyboard.type('Dee');
    await expect(contact.getByRole('textbox').first()).toHaveValue('Dee');
    // Tab to a button of the dialog: single keys still do not reach the page's shortcuts.
    await page.keyboard.press('Shift+Tab');
    await expect(contact.getByRole('textbox').first()).not.toBeFocused();
    await page.keyboard.press('d');
    await page.keyboard.press('?');
    await expect(contact).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    expect(await theme(page)).toBe(themeBefore);
  });

  test('2: a clicked lock keeps its colour when Space generates; reached by Tab, Space toggles it', async ({
    page,
  }) => {
    await open(page);
    const before = await names(page);
    const lock = strips(page).nth(1).locator('.strip-lock');
    await strips(page).nth(1).hover();
    await lock.click();
    await expect(lock).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Space');
    await expect.poll(() => names(page)).not.toEqual(before);
    const after = await names(page);
    expect(after[1]).toBe(before[1]);
    await expect(lock).toHaveAttribute('aria-pressed', 'true');
    await expect(toast(page, 'Colour unlocked')).toHaveCount(0);

    // The drag handle, clicked, is a palette control like any other: Space generates, no pick-up.
    const handle = strips(page)
      .nth(3)
      .getByRole('button', { name: /^Reorder / });
    await strips(page).nth(3).hover();
    await handle.click();
    await page.keyboard.press('Space');
    await expect.poll(() => names(page)).not.toEqual(after);
    await expect(page.locator('[id^="DndLiveRegion"]')).not.toContainText('Picked up');

    // Reached by keyboard, Space activates the control as before.
    await lock.click();
    await expect(lock).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(lock).toBeFocused();
    const current = await names(page);
    await page.keyboard.press('Space');
    await expect(lock).toHaveAttribute('aria-pressed', 'true');
    expect(await names(page)).toEqual(current);
  });

  test('6: Add to Palette in the details shows its toast above the dialog, and a second press says it is there', async ({
    page,
  }) => {
    await open(page);
    await generateWithout(page, 'Hague Blue');
    const { dialog, name } = await openFirstResultDetails(page, 'hague');
    await dialog.getByRole('button', { name: 'Add to Palette' }).click();
    const added = toast(page, `Added ${name} to palette`);
    await expect(added).toBeVisible();
    expect(await topmostText(page, added)).toBe(`Added ${name} to palette`);
    await dialog.getByRole('button', { name: 'Add to Palette' }).click();
    const already = toast(page, `${name} is already in your palette`);
    await expect(already).toBeVisible();
    expect(await topmostText(page, already)).toBe(`${name} is already in your palette`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await searchBox(page).click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await expect(strips(page)).toHaveCount(6);
    expect((await names(page)).filter((n) => n === name)).toHaveLength(1);
  });

  test('8: Back closes the details, then the search is still there; × then Back leaves no dead step', async ({
    page,
  }) => {
    await open(page);
    const { dialog } = await openFirstResultDetails(page, 'hague');
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(searchBox(page)).toHaveValue('hague');
    await expect(results(page).first()).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');

    // Sign in → "Keep it on this device only" → name: one dialog after another, one Back closes it.
    await searchBox(page).click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await expect(strips(page)).toHaveCount(5);
    await page.getByRole('button', { name: 'Save palette' }).click();
    await page.getByRole('button', { name: 'Keep it on this device only' }).click();
    const save = page.getByRole('dialog', { name: 'Name Your Palette' });
    await expect(save).toBeVisible();
    await page.goBack();
    await expect(save).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('8: the menu’s pages open one at a time, and Back closes the one open', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'About' }).click();
    const about = page.getByRole('dialog', { name: 'About' });
    await expect(about).toBeVisible();
    expect(new URL(page.url()).hash).toBe('#about');
    await page.goBack();
    await expect(about).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Typed into the address bar one after another: the second replaces the first.
    await page.goto('/#about');
    await expect(about).toBeVisible();
    await page.goto('/#contact');
    await expect(page.getByRole('dialog', { name: 'Contact Us' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await page.goBack();
    await expect(page.getByRole('dialog', { name: 'Contact Us' })).toBeHidden();

    // Back went to #about, so About is open again. Closed, then ? opens the shortcuts at an address
    // of their own: Back closes them, the palette stays.
    await about.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.keyboard.press('Shift+?');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard Shortcuts' });
    await expect(shortcuts).toBeVisible();
    await page.goBack();
    await expect(shortcuts).toBeHidden();
    await expect(strips(page)).toHaveCount(5);
  });

  test('11: at 10 colours Add is disabled with the reason; A says it once, never a stack', async ({ page }) => {
    await open(page);
    const add = page.getByRole('button', { name: 'Add colour' });
    for (let i = 0; i < 5; i++) await add.click();
    await expect(strips(page)).toHaveCount(10);
    await expect(add).toBeDisabled();
    await expect(add).toHaveAccessibleDescription('A palette holds at most 10 colours');
    await expect(add).toHaveAttribute('title', 'A palette holds at most 10 colours');
    // The key still answers with the fixed toast text, shown once however often it is pressed.
    for (let i = 0; i < 4; i++) await page.keyboard.press('a');
    await expect(toast(page, 'Maximum 10 colours allowed')).toHaveCount(1);
    await expect(strips(page)).toHaveCount(10);
  });

  test('16: Space with every colour locked says so', async ({ page }) => {
    await open(page);
    const before = await names(page);
    for (let i = 0; i < 5; i++) {
      await strips(page).nth(i).hover();
      await strips(page).nth(i).locator('.strip-lock').click();
    }
    await expect(strips(page).locator('.strip-lock[aria-pressed="true"]')).toHaveCount(5);
    await page.keyboard.press('Space');
    await expect(toast(page, 'All colours are locked — unlock one to generate')).toBeVisible();
    expect(await names(page)).toEqual(before);
    await expect(strips(page).locator('.strip-lock[aria-pressed="true"]')).toHaveCount(5);
  });

  test('16: the first Tab stop skips to Generate New Palette', async ({ page }) => {
    await open(page);
    const before = await names(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to Generate New Palette' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Generate New Palette' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => names(page)).not.toEqual(before);
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('8: Back from a colour’s details closes them and stays on the site', async ({ page }) => {
    await open(page);
    await searchBox(page).tap();
    await page.keyboard.type('hague');
    const first = results(page).first().locator('.result-name');
    const name = ((await first.textContent()) ?? '').trim();
    await first.tap();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog).toBeHidden();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(results(page).first()).toBeVisible();
  });

  test('11: at 10 colours the footer’s Add is disabled and a tap on it says why, and Remove at 3', async ({ page }) => {
    await open(page);
    const footer = page.getByRole('navigation', { name: 'Palette actions' });
    const add = footer.getByRole('button', { name: 'Add colour' });
    for (let i = 0; i < 5; i++) await add.tap();
    await expect(strips(page)).toHaveCount(10);
    await expect(add).toBeDisabled();
    await expect(add).toHaveAccessibleDescription('A palette holds at most 10 colours');
    // Touch shows no tooltip: a tap on the disabled Add says why, once (forced: Playwright will not
    // tap what it sees as disabled, a finger will).
    await add.tap({ force: true });
    await expect(toast(page, 'Maximum 10 colours allowed')).toHaveCount(1);
    await expect(strips(page)).toHaveCount(10);

    for (let n = 10; n > 3; n--) {
      const strip = strips(page).first();
      await strip.getByRole('button', { name: /^Expand / }).tap();
      await strip.getByRole('button', { name: /^Remove / }).tap();
      await expect(strips(page)).toHaveCount(n - 1);
    }
    const strip = strips(page).first();
    await strip.getByRole('button', { name: /^Expand / }).tap();
    const remove = strip.getByRole('button', { name: /^Remove / });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAccessibleDescription('A palette needs at least 3 colours');
  });

  test('16: the Export menu shows no keyboard hint on a phone', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Export' }).tap();
    const png = page.getByRole('menuitem', { name: /PNG/ });
    await expect(png).toBeVisible();
    await expect(png.getByText('E', { exact: true })).toBeHidden();
  });
});
