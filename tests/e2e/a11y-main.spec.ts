import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const strips = (page: Page) => page.getByRole('list', { name: 'Current palette' }).getByRole('listitem');

/** Serious and critical axe violations, as readable lines (rule, impact, first offending nodes). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((dark) => localStorage.setItem('darkMode', dark), String(theme === 'dark'));
}

for (const theme of ['light', 'dark'] as const) {
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 375, height: 700 }],
  ] as const) {
    test.describe(`accessibility, ${theme}, ${label}`, () => {
      test.use({ viewport });

      test('main screen, with a locked colour and a hovered strip', async ({ page }) => {
        await setTheme(page, theme);
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(strips(page)).toHaveCount(5);
        await page.keyboard.press('l');
        await expect(page.getByRole('button', { name: 'Unlock all colours' })).toBeVisible();
        if (label === 'phone')
          await strips(page)
            .nth(1)
            .getByRole('button', { name: /^Expand / })
            .click();
        else await strips(page).nth(1).hover();
        expect(await seriousViolations(page)).toEqual([]);
      });

      test('drawer and each information modal', async ({ page }) => {
        await setTheme(page, theme);
        await page.goto('/');
        await expect(strips(page)).toHaveCount(5);
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');
        for (const [hash, title] of [
          ['about', 'About'],
          ['how-to-use', 'How to Use'],
          ['keyboard-shortcuts', 'Keyboard Shortcuts'],
          ['contact', 'Contact Us'],
        ] as const) {
          await page.evaluate((h) => {
            location.hash = h;
          }, hash);
          const dialog = page.getByRole('dialog', { name: title });
          await expect(dialog).toBeVisible();
          if (hash === 'contact') await dialog.getByRole('button', { name: 'Send message' }).click();
          expect(await seriousViolations(page), title).toEqual([]);
          // Closing steps back off the entry the hash made; the next hash must not land before
          // that step does, or the step takes the next page away (as it would for a person).
          await page.evaluate(() => {
            (window as unknown as { steppedBack: Promise<string> }).steppedBack = new Promise((resolve) =>
              addEventListener('popstate', () => resolve(location.hash), { once: true }),
            );
          });
          await page.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
          expect(await page.evaluate(() => (window as unknown as { steppedBack: Promise<string> }).steppedBack)).toBe(
            '',
          );
        }
      });
    });
  }
}
