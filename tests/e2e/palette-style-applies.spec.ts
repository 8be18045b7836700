import { expect, test } from './support/fixtures';
import { openApp, stripIds } from './support/saved-flows';

/** Choosing a palette style applies it at once to the unlocked colours, as one Undo step. */
test.describe('choosing a palette style', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('Tonal, chosen with the first colour locked, changes the other four at once; one Undo brings them back', async ({
    page,
  }) => {
    await openApp(page);
    const lock = page.getByRole('button', { name: /^Lock / }).first();
    await lock.click();
    await expect(page.getByRole('button', { name: /^Unlock / })).toHaveCount(1);
    const before = await stripIds(page);

    await page.getByLabel('Palette style').selectOption('Tonal');
    await expect.poll(async () => (await stripIds(page)).slice(1)).not.toEqual(before.slice(1));
    const after = await stripIds(page);
    expect(after[0]).toBe(before[0]);
    expect(after.slice(1).every((id) => !before.includes(id))).toBe(true);

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => stripIds(page)).toEqual(before);
    await expect(page.getByRole('button', { name: /^Unlock / })).toHaveCount(1);
    await expect(page.getByLabel('Palette style')).toHaveValue('Tonal');
  });
});
