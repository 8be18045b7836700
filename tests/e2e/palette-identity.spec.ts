import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { openApp, openSaved, replaceFirstColour, row, storedPalettes, stripIds, toast } from './support/saved-flows';

/**
 * The palette on screen has a name and a link to the saved palette it came from: Save adds a
 * version of it (after a reload, Generate or edits too) until the person starts a new palette.
 */

const nameModal = (page: Page) => page.getByRole('dialog', { name: 'Name Your Palette' });
/** The name above the strips (a button that turns into a field). */
const title = (page: Page) => page.getByRole('button', { name: /\. Rename$/ });

test.describe('the palette on screen has a name', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('saved as Hallway, changed, reloaded and regenerated: Save adds version 2 of Hallway', async ({ page }) => {
    await openApp(page);
    await expect(title(page)).toHaveText('Unsaved palette');

    // First save: S, keep it on this device, the name typed into the focused field, Enter.
    await page.locator('body').press('s');
    await page
      .getByRole('dialog', { name: 'Sign In' })
      .getByRole('button', { name: 'Keep it on this device only' })
      .click();
    await expect(nameModal(page).getByLabel('Palette name')).toBeFocused();
    await page.keyboard.type('Hallway');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Palette saved!')).toBeVisible();
    await expect(title(page)).toHaveText('Hallway');

    await replaceFirstColour(page);
    await expect(title(page)).toHaveText('Hallway · changed');

    // A reload keeps the name and the link: the server's first paint already says it.
    await page.reload();
    await expect(title(page)).toHaveText('Hallway · changed');
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('Hallway');

    // Generate keeps it too.
    const before = await stripIds(page);
    await page.keyboard.press('Space');
    await expect.poll(() => stripIds(page)).not.toEqual(before);
    await expect(title(page)).toHaveText('Hallway · changed');

    // Space, S, Enter: version 2 of Hallway, not "Palette 2" (a new visit asks again where to keep it).
    await page.keyboard.press('s');
    await page
      .getByRole('dialog', { name: 'Sign In' })
      .getByRole('button', { name: 'Keep it on this device only' })
      .click();
    const modal = nameModal(page);
    await expect(modal.getByRole('radio', { name: 'Save as version 2 of Hallway' })).toBeChecked();
    await expect(modal.getByRole('radio', { name: 'Save as a new palette…' })).not.toBeChecked();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Saved as version 2 of Hallway')).toBeVisible();
    await expect(title(page)).toHaveText('Hallway');
    const stored = await storedPalettes(page);
    expect(stored.map((p) => [p.name, p.version])).toEqual([['Hallway', 2]]);
    expect(stored[0]?.colorIds).toEqual(await stripIds(page));

    // Unchanged: nothing to save.
    await page.keyboard.press('s');
    await expect(modal.getByText('No changes to save')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'No changes to save')).toBeVisible();
    expect((await storedPalettes(page)).map((p) => p.version)).toEqual([2]);
  });

  test('renamed in place (Enter commits, Escape cancels); "New palette" ends the link', async ({ page }) => {
    await openApp(page);
    await page.locator('body').press('s');
    await page
      .getByRole('dialog', { name: 'Sign In' })
      .getByRole('button', { name: 'Keep it on this device only' })
      .click();
    await expect(nameModal(page).getByLabel('Palette name')).toBeFocused();
    await page.keyboard.type('Hallway');
    await page.keyboard.press('Enter');
    await expect(title(page)).toHaveText('Hallway');

    await title(page).click();
    const field = page.getByRole('textbox', { name: 'Palette name' });
    await expect(field).toBeFocused();
    await page.keyboard.type('Front hall');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Palette renamed!')).toBeVisible();
    await expect(title(page)).toHaveText('Front hall');

    await title(page).click();
    await expect(field).toBeFocused();
    await page.keyboard.type('Kitchen');
    await page.keyboard.press('Escape');
    await expect(title(page)).toHaveText('Front hall');
    // A name of spaces only changes nothing.
    await title(page).click();
    await page.keyboard.type('   ');
    await page.keyboard.press('Enter');
    await expect(title(page)).toHaveText('Front hall');
    await openSaved(page);
    await expect(row(page, 'Front hall')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'New palette', exact: true }).click();
    await expect(title(page)).toHaveText('Unsaved palette');
    await page.locator('body').press('s');
    await expect(nameModal(page).getByLabel('Palette name')).toHaveValue('Palette 2');
    await expect(nameModal(page).getByRole('radio')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(title(page)).toHaveText('Unsaved palette');
  });
});

test.describe('restore on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('History → Restore version 1 puts version 1 on screen, linked at its new version', async ({ page }) => {
    await openApp(page);
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await page.getByRole('button', { name: 'Keep it on this device only' }).tap();
    await expect(nameModal(page).getByLabel('Palette name')).toBeFocused();
    await page.keyboard.type('Hallway');
    await nameModal(page).getByRole('button', { name: 'Save Palette' }).tap();
    await expect(toast(page, 'Palette saved!')).toBeVisible();
    const first = await stripIds(page);

    // Version 2: another colour.
    await page.getByRole('button', { name: 'Generate', exact: true }).tap();
    await expect.poll(() => stripIds(page)).not.toEqual(first);
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await expect(nameModal(page).getByRole('radio', { name: 'Save as version 2 of Hallway' })).toBeChecked();
    await nameModal(page).getByRole('button', { name: 'Save Palette' }).tap();
    await expect(toast(page, 'Saved as version 2 of Hallway')).toBeVisible();
    const second = await stripIds(page);
    expect(second).not.toEqual(first);

    await openSaved(page);
    await row(page, 'Hallway').getByRole('button', { name: 'History of Hallway' }).tap();
    const history = page.getByRole('dialog', { name: 'History of “Hallway”' });
    await history.getByRole('listitem', { name: 'Version 1' }).getByRole('button', { name: 'Restore version 1' }).tap();
    await expect(toast(page, 'Restored version 1')).toBeVisible();
    await expect(history.getByRole('listitem', { name: /^Version \d+$/ })).toHaveCount(3);
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();
    // History opens over the list: the list closes with its own Escape.
    const sidebar = page.getByRole('dialog', { name: 'Saved Palettes' });
    if (await sidebar.isVisible()) await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    expect(await stripIds(page)).toEqual(first);
    await expect(title(page)).toHaveText('Hallway');
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await expect(nameModal(page).getByRole('radio', { name: 'Save as version 4 of Hallway' })).toBeChecked();
    await expect(nameModal(page).getByText('No changes to save')).toBeVisible();
  });
});
