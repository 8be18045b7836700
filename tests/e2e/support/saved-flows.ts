import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, type Route } from '@playwright/test';

/** Helpers of the saved palettes, account, share page and history browser tests. */

export const strips = (page: Page) => page.getByRole('list', { name: 'Current palette' }).getByRole('listitem');
export const stripIds = (page: Page) =>
  strips(page).evaluateAll((items) => items.map((el) => el.getAttribute('data-color-id') ?? ''));
/** The paint names on the current palette's strips, in order. */
export const stripNames = (page: Page) => strips(page).locator('.palette-strip-name').allTextContents();

/**
 * Presses Generate until the random palette does not hold `paint`, so that adding it adds it: a
 * first palette holds any given paint about once in 90 (5 of 447).
 */
export async function generateWithout(page: Page, paint: string) {
  while ((await stripNames(page)).includes(paint)) {
    const before = await stripNames(page);
    await page.getByRole('button', { name: 'Generate New Palette' }).click();
    await expect.poll(() => stripNames(page)).not.toEqual(before);
  }
}

/**
 * Holds or drops a signed-in person's new palettes on their way to the server (`POST /api/palettes`,
 * with the outbox's Idempotency-Key); the list (`GET`) passes. `unrouteCreates` takes it away.
 */
export const routeCreates = (page: Page, handler: (route: Route) => Promise<void> | void) =>
  page.route(CREATES, (route) => (route.request().method() === 'POST' ? handler(route) : route.fallback()));
export const unrouteCreates = (page: Page) => page.unroute(CREATES);
const CREATES = '**/api/palettes';

export const toast = (page: Page, text: string | RegExp) => page.locator('.toast').filter({ hasText: text }).last();

let counter = 0;
export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${(counter++).toString(36)}@example.com`;
export const PASSWORD = 'correct horse battery';

/** An account made through the real API; the session cookie lands in the page's context. */
export async function signUpByApi(page: Page, email = uniqueEmail('user')): Promise<string> {
  const response = await page.request.post('/api/auth/signup', { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(201);
  return email;
}

/** Opens the app and waits until its palette and the session check are both done. */
export async function openApp(page: Page, path = '/') {
  await page.goto(path);
  await expect(strips(page).first()).toBeVisible();
}

/** A new account (made through the API) with the app open and signed in to it; its address. */
export async function openSignedIn(page: Page): Promise<string> {
  const email = await signUpByApi(page);
  await openApp(page);
  await expectSignedIn(page);
  return email;
}

/** A new account this browser has signed out of (its cookie cleared), with the app open; its address. */
export async function openSignedOut(page: Page): Promise<string> {
  const email = await signUpByApi(page);
  await page.context().clearCookies();
  await openApp(page);
  return email;
}

/** Signs in through the header's Sign In dialog with this address and PASSWORD; the dialog, for what it says. */
export async function signInThroughDialog(page: Page, email: string) {
  await page.getByRole('button', { name: 'Sign In' }).click();
  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  return signIn;
}

/** The header's account menu button names the signed-in address. */
export const accountMenu = (page: Page) => page.getByRole('button', { name: /^Account: / });

export async function expectSignedIn(page: Page, email?: string) {
  await expect(accountMenu(page)).toBeVisible();
  if (email) await expect(accountMenu(page)).toHaveText(email);
}

/** Opens the account menu and picks an item, as a person does. */
export async function chooseFromAccountMenu(page: Page, item: 'Sign Out' | 'Account settings') {
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Save via the S key; an anonymous visitor first picks "this device only" in the sign-in modal. */
export async function saveCurrent(page: Page, name?: string, options: { anonymous?: boolean } = {}) {
  await page.locator('body').press('s');
  if (options.anonymous) {
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    await page.getByRole('button', { name: 'Keep it on this device only' }).click();
  }
  const modal = page.getByRole('dialog', { name: 'Name Your Palette' });
  await expect(modal).toBeVisible();
  // A palette still linked to one saved before offers a version of it first: these flows save a new one.
  const asNew = modal.getByRole('radio', { name: 'Save as a new palette…' });
  if ((await asNew.count()) > 0) await asNew.check();
  if (name !== undefined) await modal.getByLabel('Palette name').fill(name);
  await modal.getByRole('button', { name: 'Save Palette' }).click();
  await expect(toast(page, 'Palette saved!')).toBeVisible();
  await expect(modal).toBeHidden();
}

/** Opens Saved Palettes, by a tap on a phone (`touch`) or a click. */
export async function openSaved(page: Page, touch = false) {
  const button = page.getByRole('button', { name: /^Saved palettes \(\d+\)$/ });
  await (touch ? button.tap() : button.click());
  const sidebar = page.getByRole('dialog', { name: 'Saved Palettes' });
  await expect(sidebar).toBeVisible();
  return sidebar;
}

export const row = (page: Page, name: string) =>
  page.getByRole('dialog', { name: 'Saved Palettes' }).getByRole('article', { name, exact: true });

/** Opens the share sheet of a saved palette from its row in the open Saved Palettes panel (`touch`: a tap). */
export async function openShareSheet(page: Page, name: string, touch = false) {
  const share = row(page, name).getByRole('button', { name: `Share ${name}` });
  await (touch ? share.tap() : share.click());
  const sheet = page.getByRole('dialog', { name: `Share “${name}”` });
  await expect(sheet).toBeVisible();
  return sheet;
}

/**
 * Turns a saved palette's public link on or off in its share sheet (from the open Saved Palettes
 * panel), as a person does, and leaves the sheet open; the sheet.
 */
export async function setPublic(page: Page, name: string, on: boolean) {
  const sheet = await openShareSheet(page, name);
  const toggle = sheet.getByRole('switch', { name: 'Public link' });
  await expect(toggle).toHaveAttribute('aria-checked', String(!on));
  await toggle.click();
  return sheet;
}

/** No serious or critical axe violations in what is on screen now. */
export async function expectAccessible(page: Page, include?: string) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'serious or critical axe violations',
  ).toEqual([]);
}

export async function grantClipboard(context: BrowserContext, origin: string) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
}

/** A palette as this device stores it (IndexedDB `swatchbook-palettes`, one record per palette). */
export interface StoredPalette {
  id: string;
  name: string;
  version: number;
  colorIds: string[];
  user_id?: unknown;
  events: Array<{ type: string }>;
  deletedAt?: string;
}

/**
 * Everything in this device's palette store, as stored (newest first), without opening it for the
 * app: a store that does not exist yet is not created here.
 */
export function storedRecords(page: Page): Promise<Array<{ key: string; value: unknown }>> {
  return page.evaluate(
    () =>
      new Promise<Array<{ key: string; value: unknown }>>((resolve, reject) => {
        const open = indexedDB.open('swatchbook-palettes');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          const store = db.transaction('palettes').objectStore('palettes');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => {
            db.close();
            resolve(keys.result.map((key, i) => ({ key: String(key), value: values.result[i] })));
          };
          values.onerror = () => reject(values.error);
        };
      }),
  );
}

/** The palettes this device keeps (deleted ones, kept aside for Undo, left out), newest first. */
export async function storedPalettes(page: Page): Promise<StoredPalette[]> {
  const records = (await storedRecords(page)).map((r) => r.value as StoredPalette & { createdAt: string });
  return records.filter((r) => !r.deletedAt).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The first strip's colour is swapped for a fresh one: one visible change, described in words. */
export async function replaceFirstColour(page: Page) {
  const before = await stripIds(page);
  // Lock every strip but the first (the lock is a toggle button: its name stays, aria-pressed flips).
  const locks = page.getByRole('button', { name: /^Lock / });
  for (let i = 1; i < 5; i++) {
    // Under load a click can land while the strip's drag sensor holds the pointer: as a person would,
    // click again if it did not lock (never when it did, so it cannot toggle back).
    await expect(async () => {
      if ((await locks.nth(i).getAttribute('aria-pressed')) !== 'true') await locks.nth(i).click();
      await expect(locks.nth(i)).toHaveAttribute('aria-pressed', 'true', { timeout: 1500 });
    }).toPass();
  }
  // Under load a click can land while a toast settles over the bar: as a person would, press again
  // if the first colour did not change (the locked four stay whatever happens).
  await expect(async () => {
    if ((await stripIds(page))[0] === before[0])
      await page.getByRole('button', { name: 'Generate New Palette' }).click();
    expect((await stripIds(page))[0]).not.toBe(before[0]);
  }).toPass({ timeout: 15_000 });
  await page.locator('body').press('u');
  await expect(page.getByRole('button', { name: /^Unlock / })).toHaveCount(0);
  return { before, after: await stripIds(page) };
}
