import { expect, test } from './support/fixtures';
import {
  accountMenu,
  openSaved,
  openShareSheet,
  saveCurrent,
  signUpByApi,
  strips,
  toast,
  uniqueEmail,
} from './support/saved-flows';

/** What a phone shows around the content: the header's one row, and toasts that leave an open sheet readable. */

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the toast saying the palette is now public does not cover the share sheet's words", async ({ page }) => {
    await signUpByApi(page);
    await page.goto('/');
    await expect(strips(page)).toHaveCount(5);
    await saveCurrent(page, 'Hallway');
    await openSaved(page, true);
    const sheet = await openShareSheet(page, 'Hallway', true);
    await sheet.getByRole('switch', { name: 'Public link' }).tap();
    const said = toast(page, 'Palette is now public');
    await expect(said).toBeVisible();
    await expect(sheet.getByText('Anyone with the link can see this palette.')).toBeVisible();
    await expect(sheet.getByRole('textbox', { name: 'Link' })).toBeVisible();
    // Once the sheet has its link and buttons, none of its words, fields or buttons are under the toast.
    await expect
      .poll(async () => {
        const box = (await said.boundingBox()) as Box;
        const parts = await sheet.locator('h2, p, label, input, button, a').evaluateAll((elements) =>
          elements.map((el) => {
            const r = el.getBoundingClientRect();
            return {
              x: r.x,
              y: r.y,
              width: r.width,
              height: r.height,
              text: el.textContent || el.getAttribute('aria-label') || '',
            };
          }),
        );
        return parts.filter((part) => part.width > 0 && overlap(box, part)).map((part) => part.text);
      })
      .toEqual([]);
    // The toast is still on the screen, above the sheet.
    await expect(said).toBeInViewport({ ratio: 1 });
  });

  test('signed in with a long address, the header keeps one row: the address is cut short and named whole', async ({
    page,
  }) => {
    const email = await signUpByApi(page, uniqueEmail('a-rather-long-name.for-testing-the-header'));
    await page.goto('/');
    await expect(strips(page).first()).toBeVisible();
    const button = accountMenu(page);
    await expect(button).toBeVisible();
    await expect(button).toHaveAccessibleName(`Account: ${email}`);
    const title = (await page.getByRole('heading', { name: 'Swatchbook', level: 1 }).boundingBox()) as Box;
    const menu = (await page.getByRole('button', { name: 'Menu', exact: true }).boundingBox()) as Box;
    const account = (await button.boundingBox()) as Box;
    // The title, the address and the menu share a row, inside the phone's width.
    const middle = (box: Box) => box.y + box.height / 2;
    expect(Math.abs(middle(account) - middle(title))).toBeLessThan(12);
    expect(Math.abs(middle(menu) - middle(title))).toBeLessThan(12);
    expect(menu.x + menu.width).toBeLessThanOrEqual(390);
    // The address is shown cut short (with an ellipsis), not whole; its title says it whole.
    await expect(button).toHaveAttribute('title', email);
    const cut = await button.locator('.account-email').evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut).toBe(true);
  });
});
