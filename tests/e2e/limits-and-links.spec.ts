import { expect, test } from './support/fixtures';
import { strips, toast } from './support/saved-flows';

/** Limits and links that explain themselves, also where no tooltip can show. */

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('at 10 colours a tap on Add says why it adds nothing', async ({ page }) => {
    await page.goto('/');
    await expect(strips(page)).toHaveCount(5);
    const add = page.getByRole('navigation', { name: 'Palette actions' }).getByRole('button', { name: 'Add colour' });
    for (let count = 6; count <= 10; count++) {
      await add.tap();
      await expect(strips(page)).toHaveCount(count);
    }
    // Forced only because Playwright will not tap what it sees as disabled; a finger does.
    await add.tap({ force: true });
    await expect(toast(page, 'Maximum 10 colours allowed')).toBeVisible();
    await expect(strips(page)).toHaveCount(10);
  });
});

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('at 10 colours a click on Add says why it adds nothing', async ({ page }) => {
    await page.goto('/');
    await expect(strips(page)).toHaveCount(5);
    const add = page.getByRole('button', { name: 'Add colour' }).filter({ visible: true });
    for (let count = 6; count <= 10; count++) {
      await add.click();
      await expect(strips(page)).toHaveCount(count);
    }
    await add.click({ force: true });
    await expect(toast(page, 'Maximum 10 colours allowed')).toBeVisible();
    await expect(strips(page)).toHaveCount(10);
  });

  for (const [what, hash, words] of [
    ['a damaged', '#palette=%E0%A4%A', 'No catalogue colours in that link'],
    ['a garbled', '#palette=hallway-green', 'No catalogue colours in that link'],
    ['an empty', '#palette=', 'No catalogue colours in that link'],
  ] as const) {
    test(`${what} #palette= link says what happened and keeps a palette on screen`, async ({ page }) => {
      await page.goto(`/${hash}`);
      await expect(toast(page, words)).toBeVisible();
      await expect(strips(page)).toHaveCount(5);
      // Typed into the address bar later, in the same tab, it says the same.
      await expect(toast(page, words)).toBeHidden();
      // As a person does it: About opens, Escape closes it and the page's address comes back, and
      // only then is the link typed in (closing steps back off About's history entry first).
      await page.goto(`/#about`);
      const about = page.getByRole('dialog', { name: 'About' });
      await expect(about).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(about).toBeHidden();
      await expect(page).toHaveURL(/\/$/);
      await page.goto(`/${hash}`, { waitUntil: 'commit' });
      await expect(toast(page, words)).toBeVisible();
    });
  }
});
