import { expect, test } from './support/fixtures';
import {
  openApp,
  openSaved,
  row,
  saveCurrent,
  storedPalettes,
  storedRecords,
  stripIds,
  toast,
} from './support/saved-flows';

/**
 * This device's palettes live in IndexedDB. What an earlier release kept in localStorage
 * moves there on the first start with its history; a record that cannot be read is reported and
 * left alone; the browser is asked once to keep the storage.
 */

test.describe('palettes on this device, in IndexedDB', () => {
  test('the first start moves palettes kept in localStorage, with their history, and removes the key', async ({
    page,
  }) => {
    await openApp(page);
    const ids = await stripIds(page);
    const changed = [...ids.slice(1), ids[0] as string];
    // What the previous release stored: one palette with three versions, one in the older plain shape (id, name, colours, timestamp).
    await page.evaluate(
      ({ ids, changed }) => {
        const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
        const created = { paletteId: 'old1', ownerId: null, name: 'Kitchen', colorIds: ids };
        const record = {
          id: 'old1',
          name: 'Kitchen walls',
          colorIds: changed,
          timestamp: Date.parse(at(2)),
          createdAt: at(0),
          updatedAt: at(2),
          version: 3,
          events: [
            { type: 'PaletteCreated', schemaVersion: 1, at: at(0), data: created },
            { type: 'PaletteRenamed', schemaVersion: 1, at: at(1), data: { name: 'Kitchen walls' } },
            { type: 'PaletteColorsChanged', schemaVersion: 1, at: at(2), data: { colorIds: changed } },
          ],
        };
        const plain = { id: 'old2', name: 'Porch', colorIds: ids, timestamp: Date.UTC(2025, 5, 1) };
        localStorage.setItem('savedPalettes', JSON.stringify([record, plain]));
        // The count the badge showed before the move.
        localStorage.removeItem('savedPalettesCount');
      },
      { ids, changed },
    );
    await page.reload();
    await expect(page.getByRole('button', { name: 'Saved palettes (2)' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('savedPalettes'))).toBeNull();
    const stored = await storedPalettes(page);
    expect(stored.map((p) => [p.name, p.version, p.events.length])).toEqual([
      ['Kitchen walls', 3, 3],
      ['Porch', 1, 1],
    ]);

    await openSaved(page);
    await expect(row(page, 'Porch')).toBeVisible();
    await row(page, 'Kitchen walls').getByRole('button', { name: 'History of Kitchen walls' }).click();
    const history = page.getByRole('dialog', { name: 'History of “Kitchen walls”' });
    const versions = history.getByRole('listitem', { name: /^Version \d+$/ });
    await expect(versions).toHaveCount(3);
    await expect(versions.last()).toContainText('Created as “Kitchen” with 5 colours');
    await expect(versions.nth(1)).toContainText('Renamed to “Kitchen walls”');

    // A later start finds nothing left to move and everything still there.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Saved palettes (2)' })).toBeVisible();
    expect((await storedPalettes(page)).map((p) => p.name)).toEqual(['Kitchen walls', 'Porch']);
  });

  test('a record that cannot be read is reported once, left untouched, and the others still show', async ({ page }) => {
    await openApp(page);
    await saveCurrent(page, 'Readable', { anonymous: true });
    const broken = { id: 'broken1', name: 'Broken', events: [{ type: 'PaletteCreated', at: 'yesterday' }] };
    await page.evaluate(
      (broken) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('swatchbook-palettes');
          // Only where the app never made its store (a release before IndexedDB): fail on the toast, not here.
          open.onupgradeneeded = () => open.result.createObjectStore('palettes');
          open.onsuccess = () => {
            const tx = open.result.transaction('palettes', 'readwrite');
            tx.objectStore('palettes').put(broken, broken.id);
            tx.objectStore('palettes').put('half-written', 'junk1');
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      broken,
    );
    await page.reload();
    await expect(toast(page, '2 saved palette(s) on this device could not be read')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Saved palettes (1)' })).toBeVisible();
    await openSaved(page);
    await expect(row(page, 'Readable')).toBeVisible();
    await expect(row(page, 'Broken')).toHaveCount(0);
    // Saving alongside them leaves them exactly as they were.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Generate New Palette' }).click();
    await saveCurrent(page, 'Second', { anonymous: true });
    await expect(page.getByRole('button', { name: 'Saved palettes (2)' })).toBeVisible();
    const records = await storedRecords(page);
    expect(records.find((r) => r.key === 'broken1')?.value).toEqual(broken);
    expect(records.find((r) => r.key === 'junk1')?.value).toBe('half-written');
    await expect(page.locator('.toast').filter({ hasText: 'could not be read' })).toHaveCount(0);
  });

  test('the browser is asked once to keep this storage, at the first palette saved on this device', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { persistCalls: number };
      w.persistCalls = 0;
      const persist = navigator.storage.persist.bind(navigator.storage);
      navigator.storage.persist = () => {
        w.persistCalls++;
        return persist();
      };
    });
    const calls = () => page.evaluate(() => (window as unknown as { persistCalls: number }).persistCalls);
    await openApp(page);
    expect(await calls()).toBe(0);
    await saveCurrent(page, 'First', { anonymous: true });
    await expect.poll(calls).toBe(1);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('persistentStorageAsked')))
      .toMatch(/^(granted|refused)$/);
    await page.getByRole('button', { name: 'New palette', exact: true }).click();
    await saveCurrent(page, 'Second');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Saved palettes (2)' })).toBeVisible();
    // The reload kept the link to Second: a third palette is started explicitly.
    await page.getByRole('button', { name: 'New palette', exact: true }).click();
    await saveCurrent(page, 'Third', { anonymous: true });
    await expect(page.getByRole('button', { name: 'Saved palettes (3)' })).toBeVisible();
    expect(await calls()).toBe(0);
  });

  // Kept behaviour (the storage event did this before IndexedDB): guards the BroadcastChannel that replaced it.
  test('another tab keeps its list and badge in step with saves and deletes made here', async ({ page }) => {
    await openApp(page);
    const other = await page.context().newPage();
    await openApp(other);
    await saveCurrent(page, 'Shared hall', { anonymous: true });
    await expect(other.getByRole('button', { name: 'Saved palettes (1)' })).toBeVisible();
    await openSaved(other);
    await expect(row(other, 'Shared hall')).toBeVisible();
    await openSaved(page);
    await row(page, 'Shared hall').getByRole('button', { name: 'Delete Shared hall' }).click();
    await expect(toast(page, 'Palette deleted')).toBeVisible();
    await expect(row(other, 'Shared hall')).toHaveCount(0);
    await toast(page, 'Palette deleted').getByRole('button', { name: 'Undo' }).click();
    await expect(row(other, 'Shared hall')).toBeVisible();
  });
});
