import type { Page } from '@playwright/test';

/**
 * Holds every request matching `url` until the answer is called: what the page shows meanwhile
 * is what it has without them (the server's paint before the app's script or catalogue arrives).
 */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
