import type { Browser, BrowserContext, Page } from '@playwright/test';

/** The two devices the browser tests act on: a 390×844 touch phone and a 1366×800 laptop. */
export const PHONE = { width: 390, height: 844 };
export const LAPTOP = { width: 1366, height: 800 };

/**
 * A page of its own on this device and colour scheme, at `path`, once the late parts have loaded
 * (`data-app-ready`); the caller closes its context.
 */
export async function openOn(
  browser: Browser,
  baseURL: string,
  device: 'phone' | 'laptop',
  scheme: 'light' | 'dark',
  path = '/',
): Promise<Page> {
  const page = await (await contextOn(browser, baseURL, device, scheme)).newPage();
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
  return page;
}

/** A fresh browser context sized and set up as this device, in this colour scheme. */
export function contextOn(
  browser: Browser,
  baseURL: string,
  device: 'phone' | 'laptop',
  scheme: 'light' | 'dark',
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: device === 'phone' ? PHONE : LAPTOP,
    hasTouch: device === 'phone',
    isMobile: device === 'phone',
    colorScheme: scheme,
  });
}
