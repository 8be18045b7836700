import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { strips, toast } from './support/saved-flows';

/** The words people read: British spelling, the rules the forms really have, captions that are not buttons. */

/** Every word of American spelling the page shows or says now (text and accessible names); paint names such as
 * "Charleston Gray" are the supplier's and stay. */
const americanWords = (page: Page) =>
  page.evaluate(() => {
    const texts = [document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      texts.push(
        el.getAttribute('aria-label') ?? '',
        el.getAttribute('title') ?? '',
        el.getAttribute('placeholder') ?? '',
      );
    }
    return texts.join('\n').match(/\b(colors?|favorites?|centered|canceled|customize|organize)\b/gi) ?? [];
  });

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the toasts of the palette are in British spelling', async ({ page }) => {
    await page.goto('/');
    await expect(strips(page)).toHaveCount(5);
    const lock = strips(page)
      .nth(1)
      .getByRole('button', { name: /^Lock / });
    await lock.tap();
    await expect(toast(page, 'Colour locked')).toBeVisible();
    await page.getByRole('button', { name: 'Unlock all colours' }).tap();
    await expect(toast(page, 'All colours unlocked')).toBeVisible();
    await page.getByRole('button', { name: 'Add colour' }).tap();
    await expect(toast(page, 'Colour added')).toBeVisible();
    expect(await americanWords(page)).toEqual([]);
  });
});

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('the main screen, a paint’s details and Check speak British English', async ({ page }) => {
    await page.goto('/');
    await expect(strips(page)).toHaveCount(5);
    expect(await americanWords(page)).toEqual([]);
    await page.locator('body').press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard Shortcuts' })).toBeVisible();
    expect(await americanWords(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Check this palette' }).click();
    await expect(page.getByRole('dialog').first()).toBeVisible();
    expect(await americanWords(page)).toEqual([]);
  });

  test('sign-in states no minimum for the password; sign-up says 8', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await expect(signIn).toBeVisible();
    await expect(signIn).not.toContainText(/at least \d+ characters/i);
    // A short password is sent and answered by the server, not stopped by a rule the form invents.
    await signIn.getByLabel('Email').fill('nobody@example.com');
    await signIn.getByLabel('Password').fill('abc');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await expect(signIn.getByRole('alert')).toBeVisible();
    await signIn.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Account' })).toContainText('At least 8 characters');
  });

  test('in Closest in other brands, how close is a caption under the name, apart from Add', async ({ page }) => {
    await page.goto('/');
    await expect(strips(page)).toHaveCount(5);
    await page.getByRole('combobox', { name: 'Search colours' }).click();
    await page.keyboard.type('hague blue');
    await page.getByRole('button', { name: 'Hague Blue', exact: true }).click();
    const closest = page
      .getByRole('dialog', { name: 'Hague Blue' })
      .getByRole('region', { name: 'Closest in other brands' });
    const items = closest.getByRole('listitem');
    await expect(items).toHaveCount(6);
    for (const item of await items.all()) {
      const name = await item.getByRole('button').first().boundingBox();
      const caption = await item.locator('.detail-closest-delta').boundingBox();
      const add = await item.getByRole('button', { name: /^Add / }).boundingBox();
      if (!name || !caption || !add) throw new Error('not laid out');
      // Under the name, starting where it starts, and nowhere near Add.
      expect(caption.y).toBeGreaterThanOrEqual(name.y + name.height - 8);
      expect(Math.abs(caption.x - name.x)).toBeLessThan(2);
      expect(add.x - (caption.x + caption.width)).toBeGreaterThan(24);
      const style = await item
        .locator('.detail-closest-delta')
        .evaluate((el) => ({ border: getComputedStyle(el).borderStyle, cursor: getComputedStyle(el).cursor }));
      expect(style).toEqual({ border: 'none', cursor: 'auto' });
    }
  });
});
