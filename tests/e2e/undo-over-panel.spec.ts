import { openOn } from './support/devices';
import { expect, test } from './support/fixtures';
import { openSaved, row, saveCurrent, strips, toast } from './support/saved-flows';

/**
 * Undo in a toast while the Saved Palettes panel (a modal dialog, in the top layer) is open: the
 * toast must be above the panel and its backdrop where the person sees it, so a tap or a click at
 * the Undo they see reaches Undo, on a phone and a laptop, light and dark.
 */

for (const device of ['phone', 'laptop'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`on a ${device} (${scheme}) Undo in the toast over the open Saved Palettes panel brings the palette back`, async ({
      browser,
      server,
    }) => {
      const page = await openOn(browser, server.url, device, scheme);
      await expect(strips(page)).toHaveCount(5);
      await saveCurrent(page, 'Hall', { anonymous: true });
      await saveCurrent(page, 'Study');
      await openSaved(page);
      const remove = row(page, 'Hall').getByRole('button', { name: 'Delete Hall' });
      if (device === 'phone') await remove.tap();
      else await remove.click();
      await expect(row(page, 'Hall')).toHaveCount(0);
      const undo = toast(page, 'Palette deleted').getByRole('button', { name: 'Undo' });
      await expect(undo).toBeVisible();
      // What is at the point where the person sees Undo is Undo, not the panel or its backdrop.
      const box = (await undo.boundingBox())!;
      const atPoint = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.textContent ?? '',
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(atPoint).toBe('Undo');
      if (device === 'phone') await undo.tap();
      else await undo.click();
      await expect(row(page, 'Hall')).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Saved Palettes' })).toBeVisible();
      await page.context().close();
    });
  }
}
