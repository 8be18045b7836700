import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  grantClipboard,
  openSaved,
  openShareSheet,
  saveCurrent,
  signUpByApi,
  strips,
  toast,
} from './support/saved-flows';

/** Sharing a saved palette asks first: a sheet with who can see it, the link, Copy and the phone's own share. */

const isPublicOnServer = async (page: Page) => {
  const { palettes } = await (await page.request.get('/api/palettes')).json();
  return palettes[0].isPublic as boolean;
};

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('Share opens a sheet and publishes nothing until the person turns the public link on', async ({
    page,
    server,
  }) => {
    await grantClipboard(page.context(), server.url);
    await signUpByApi(page);
    await page.goto('/');
    await expect(strips(page)).toHaveCount(5);
    await saveCurrent(page, 'Hallway');
    await openSaved(page);
    const sheet = await openShareSheet(page, 'Hallway');
    const toggle = sheet.getByRole('switch', { name: 'Public link' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(sheet.getByText('Private: only you can see this palette.')).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
    expect(await isPublicOnServer(page)).toBe(false);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(sheet.getByText('Anyone with the link can see this palette.')).toBeVisible();
    const link = sheet.getByRole('textbox', { name: 'Link' });
    await expect(link).toHaveValue(new RegExp(`^${server.url}/share/[A-Za-z0-9]+$`));
    expect(await isPublicOnServer(page)).toBe(true);
    await sheet.getByRole('button', { name: 'Copy link' }).click();
    await expect(toast(page, 'Share link copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());

    // Off again: the link goes, and so does the palette's public page.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(link).toHaveCount(0);
    expect(await isPublicOnServer(page)).toBe(false);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the sheet fits the phone and its Share… opens the phone's own share with the link", async ({ page }) => {
    // The OS share sheet is outside the browser: a stand-in records what it was given.
    await page.addInitScript(() => {
      const w = window as unknown as { shared: unknown[] };
      w.shared = [];
      Object.defineProperty(navigator, 'share', {
        value: async (data: unknown) => {
          w.shared.push(data);
        },
      });
    });
    await signUpByApi(page);
    await page.goto('/');
    await expect(strips(page)).toHaveCount(5);
    await saveCurrent(page, 'Hallway');
    await page.getByRole('button', { name: /^Saved palettes/ }).tap();
    await page.getByRole('button', { name: 'Share Hallway' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Share “Hallway”' });
    await expect(sheet).toBeVisible();
    const box = await sheet.boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.width).toBe(390);
    expect(await isPublicOnServer(page)).toBe(false);
    await sheet.getByRole('switch', { name: 'Public link' }).tap();
    const link = await sheet.getByRole('textbox', { name: 'Link' }).inputValue();
    await sheet.getByRole('button', { name: 'Share…' }).tap();
    const shared = () => page.evaluate(() => (window as unknown as { shared: Array<{ url: string }> }).shared);
    await expect.poll(async () => (await shared()).map((s) => s.url)).toEqual([link]);
    await expect(sheet.getByRole('switch', { name: 'Public link' })).toBeInViewport({ ratio: 1 });
  });
});
