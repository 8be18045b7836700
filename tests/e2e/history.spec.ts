import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  expectAccessible,
  expectSignedIn,
  openApp,
  openSaved,
  openSignedIn,
  replaceFirstColour,
  row,
  saveCurrent,
  storedPalettes,
  stripIds,
  toast,
} from './support/saved-flows';
import { preloadedColors } from './support/catalogue';

async function saveAsVersion(page: Page, of: string) {
  await page.locator('body').press('s');
  const modal = page.getByRole('dialog', { name: 'Name Your Palette' });
  // A palette that came from the list is saved as a new version of itself unless the user says otherwise.
  await expect(modal.getByRole('radio', { name: new RegExp(`^Save as version \\d+ of ${of}$`) })).toBeChecked();
  await expect(modal.getByLabel('Palette name')).toHaveValue(of);
  await modal.getByRole('button', { name: 'Save Palette' }).click();
}

const colourName = async (page: Page, id: string) => (await preloadedColors(page)).find((c) => c.id === id)!.colorName;

test.describe('palette history', () => {
  test('save back onto a loaded palette, read the change in words, restore and load an earlier version', async ({
    page,
  }) => {
    await openSignedIn(page);
    const original = await stripIds(page);
    await saveCurrent(page, 'Study');

    const { before, after } = await replaceFirstColour(page);
    await saveAsVersion(page, 'Study');
    await expect(toast(page, 'Saved as version 2 of Study')).toBeVisible();

    await openSaved(page);
    await expect(page.getByRole('dialog', { name: 'Saved Palettes' }).getByRole('article')).toHaveCount(1);
    await row(page, 'Study').getByRole('button', { name: 'History of Study' }).click();
    const history = page.getByRole('dialog', { name: 'History of “Study”' });
    const versions = history.getByRole('listitem', { name: /^Version \d+$/ });
    await expect(versions).toHaveCount(2);
    await expect(versions.first()).toHaveAccessibleName('Version 2');
    const replaced = `${await colourName(page, before[0]!)} replaced by ${await colourName(page, after[0]!)}`;
    await expect(versions.first().getByText(replaced)).toBeVisible();
    await expectAccessible(page, '.history-view');

    const v1 = history.getByRole('listitem', { name: 'Version 1' });
    await v1.getByRole('button', { name: 'Preview version 1' }).click();
    await expect(v1.getByRole('list', { name: 'Colours of version 1' })).toContainText(
      await colourName(page, original[0]!),
    );
    await v1.getByRole('button', { name: 'Restore version 1' }).click();
    await expect(toast(page, 'Restored version 1')).toBeVisible();
    await expect(versions).toHaveCount(3);
    await expect(versions.first()).toContainText(
      `Restored version 1, ${replaced.split(' replaced by ').reverse().join(' replaced by ')}`,
    );

    await history.getByRole('listitem', { name: 'Version 2' }).getByRole('button', { name: 'Load version 2' }).click();
    await expect(toast(page, 'Loaded Study')).toBeVisible();
    await expect(history).toBeHidden();
    expect(await stripIds(page)).toEqual(after);

    const server = await (await page.request.get('/api/palettes')).json();
    expect(server.palettes[0].version).toBe(3);
    expect(server.palettes[0].colors.map((c: { id: string }) => c.id)).toEqual(original);
  });

  test('two tabs: a stale save ends in a clear choice, never a silent overwrite', async ({ page }) => {
    await openSignedIn(page);
    await saveCurrent(page, 'Shared room');

    const other = await page.context().newPage();
    await openApp(other);
    await expectSignedIn(other);
    await openSaved(other);
    await row(other, 'Shared room').getByRole('button', { name: 'Load Shared room' }).click();
    await expect(toast(other, 'Loaded Shared room')).toBeVisible();

    // Tab one saves a new version first.
    await replaceFirstColour(page);
    await saveAsVersion(page, 'Shared room');
    await expect(toast(page, 'Saved as version 2 of Shared room')).toBeVisible();

    // Tab two still holds version 1.
    const mine = (await replaceFirstColour(other)).after;
    await saveAsVersion(other, 'Shared room');
    const conflict = other.getByRole('dialog', { name: 'This palette changed elsewhere' });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByRole('alert')).toContainText('version 2');
    await expectAccessible(other, '.save-modal');
    let list = await (await other.request.get('/api/palettes')).json();
    expect(list.palettes[0].version).toBe(2);

    await conflict.getByRole('button', { name: 'Overwrite with mine' }).click();
    await expect(toast(other, /^Saved as version \d+ of Shared room$/)).toBeVisible();
    list = await (await other.request.get('/api/palettes')).json();
    expect(list.palettes[0].version).toBe(3);
    expect(list.palettes[0].colors.map((c: { id: string }) => c.id)).toEqual(mine);

    // Tab one is now stale in turn: this time it loads the other version instead.
    const theirs = mine;
    await replaceFirstColour(page);
    await saveAsVersion(page, 'Shared room');
    await expect(page.getByRole('dialog', { name: 'This palette changed elsewhere' })).toBeVisible();
    await page.getByRole('button', { name: 'Load their version' }).click();
    await expect(toast(page, 'Loaded Shared room')).toBeVisible();
    expect(await stripIds(page)).toEqual(theirs);
    list = await (await page.request.get('/api/palettes')).json();
    expect(list.palettes[0].version).toBe(3);
  });

  test('a palette kept on this device has its history too, and two tabs cannot overwrite each other', async ({
    page,
  }) => {
    await openApp(page);
    await saveCurrent(page, 'Local', { anonymous: true });
    const { after } = await replaceFirstColour(page);
    await saveAsVersion(page, 'Local');
    await expect(toast(page, 'Saved as version 2 of Local')).toBeVisible();

    const other = await page.context().newPage();
    await openApp(other);
    await openSaved(other);
    await row(other, 'Local').getByRole('button', { name: 'Load Local' }).click();
    await replaceFirstColour(page);
    await saveAsVersion(page, 'Local');
    await expect(toast(page, /^Saved as version \d+ of Local$/)).toBeVisible();

    await replaceFirstColour(other);
    await other.locator('body').press('s');
    await other.getByRole('button', { name: 'Keep it on this device only' }).click();
    const modal = other.getByRole('dialog', { name: 'Name Your Palette' });
    await modal.getByRole('radio', { name: /^Save as version \d+ of Local$/ }).check();
    await modal.getByRole('button', { name: 'Save Palette' }).click();
    const conflict = other.getByRole('dialog', { name: 'This palette changed elsewhere' });
    await expect(conflict).toBeVisible();
    await conflict.getByRole('button', { name: 'Save mine as a new palette' }).click();
    await expect(toast(other, 'Palette saved!')).toBeVisible();
    const stored = await storedPalettes(other);
    expect(stored.map((p) => p.name).sort()).toEqual(['Local', 'Local (copy)']);
    expect(stored.find((p) => p.name === 'Local')?.version).toBe(3);
    expect(after).toHaveLength(5);
  });

  test('a long history shows its newest 50 versions first and pages back on request', async ({ page }) => {
    await openApp(page);
    const ids = await stripIds(page);
    await page.evaluate((colorIds) => {
      const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
      const events = [
        {
          type: 'PaletteCreated',
          schemaVersion: 1,
          at: at(0),
          data: { paletteId: 'long1', ownerId: null, name: 'Name 0', colorIds },
        },
        ...Array.from({ length: 69 }, (_, i) => ({
          type: 'PaletteRenamed',
          schemaVersion: 1,
          at: at(i + 1),
          data: { name: `Name ${i + 1}` },
        })),
      ];
      const record = {
        id: 'long1',
        name: 'Name 69',
        colorIds,
        timestamp: Date.parse(at(69)),
        createdAt: at(0),
        updatedAt: at(69),
        version: 70,
        events,
      };
      localStorage.setItem('savedPalettes', JSON.stringify([record]));
    }, ids);
    await page.reload();
    await openSaved(page);
    await row(page, 'Name 69').getByRole('button', { name: 'History of Name 69' }).click();
    const history = page.getByRole('dialog', { name: 'History of “Name 69”' });
    const versions = history.getByRole('listitem', { name: /^Version \d+$/ });
    await expect(versions).toHaveCount(50);
    await expect(versions.first()).toContainText('Renamed to “Name 69”');
    await history.getByRole('button', { name: 'Show older versions (20 more)' }).click();
    await expect(versions).toHaveCount(70);
    await expect(versions.last()).toContainText('Created as “Name 0” with 5 colours');
    await expect(history.getByRole('button', { name: /Show older versions/ })).toHaveCount(0);
  });
});
