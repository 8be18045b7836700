import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { accountMenu, openSaved, openSignedIn, saveCurrent, strips, toast } from './support/saved-flows';
import { visitUntilInstalled } from './support/service-worker';

/** Being offline, as a person notices it: said when the app opens without a connection, and the header still whole. */

/** Opens the save dialog and the list once online, so their code is here when the connection goes. */
async function openDialogsOnce(page: Page) {
  await page.locator('body').press('s');
  const modal = page.getByRole('dialog', { name: 'Name Your Palette' });
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  await openSaved(page);
  await page.keyboard.press('Escape');
}

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1366, height: 800 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport, hasTouch: device === 'phone', isMobile: device === 'phone' });

    test('a change waiting for the connection leaves the account button whole and says so in the header', async ({
      page,
      context,
    }) => {
      const email = await openSignedIn(page);
      await openDialogsOnce(page);
      await context.setOffline(true);
      await saveCurrent(page, 'Porch');
      const status = page.locator('.app-header .sync-status');
      await expect(status).toHaveText('Changes waiting for connection');
      await expect(status).toBeVisible();
      const button = accountMenu(page);
      await expect(button).toBeInViewport({ ratio: 1 });
      const box = await button.boundingBox();
      // Wide enough to show the start of the address, not an empty box.
      expect(box?.width).toBeGreaterThanOrEqual(72);
      const shown = await button.evaluate((el) => {
        const text = el.querySelector('.account-email') ?? el;
        return text.getBoundingClientRect().width;
      });
      expect(shown).toBeGreaterThanOrEqual(40);
      expect(email.length).toBeGreaterThan(0);
      await context.setOffline(false);
    });
  });
}

test.describe('opened again without a connection', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the app says it is offline and that changes stay on the device', async ({ page }) => {
    await visitUntilInstalled(page);
    await page.context().setOffline(true);
    await page.reload();
    await expect(strips(page).first()).toBeVisible();
    await expect(toast(page, /You are offline/)).toBeVisible();
  });
});
