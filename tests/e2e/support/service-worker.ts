import { expect, type Page } from '@playwright/test';

/** The palette on screen, by catalogue id, in order. */
export const strips = (page: Page) => page.getByRole('list', { name: 'Current palette' }).getByRole('listitem');
export const stripIds = (page: Page) =>
  strips(page).evaluateAll((items) => items.map((el) => el.getAttribute('data-color-id') ?? ''));

/**
 * One visit as a person makes it: the palette paints, and what loads late has loaded — the service
 * worker has installed (precaching the app) and controls the page.
 */
export async function visitUntilInstalled(page: Page, path = '/') {
  await page.goto(path);
  await expect(strips(page).first()).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
}
