import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import type { Browser, Locator, Page } from '@playwright/test';
import { contextOn } from './support/devices';
import { expect, test } from './support/fixtures';
import {
  accountMenu,
  expectSignedIn,
  grantClipboard,
  openSaved,
  PASSWORD,
  row,
  saveCurrent,
  signUpByApi,
  toast,
} from './support/saved-flows';

/**
 * Two-factor sign-in as a person meets it on a phone and a laptop: the set-up in view with a key
 * they can read, a code used twice in its 30 seconds that says to wait for the next one, and an
 * account with two-factor on that is deleted only with a code and after a last step.
 */

type Device = 'phone' | 'laptop';

/** A signed-in account (made through the API) with the app open on this device, once its late parts loaded. */
async function signedInOn(browser: Browser, baseURL: string, device: Device, scheme: 'light' | 'dark') {
  const context = await contextOn(browser, baseURL, device, scheme);
  await grantClipboard(context, baseURL);
  const page = await context.newPage();
  const email = await signUpByApi(page);
  await page.goto('/');
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
  await expectSignedIn(page, email);
  return { page, email };
}

/** A tap on a phone, a click on a laptop, on the control where the person sees it. */
const press = (device: Device, control: Locator) => (device === 'phone' ? control.tap() : control.click());

async function typeInto(page: Page, device: Device, field: Locator, text: string) {
  await press(device, field);
  await expect(field).toBeFocused();
  await page.keyboard.type(text);
}

async function openAccountScreen(page: Page, device: Device) {
  await press(device, accountMenu(page));
  await press(device, page.getByRole('menuitem', { name: 'Account settings' }));
  const screen = page.getByRole('dialog', { name: 'Account' });
  await expect(screen).toBeVisible();
  return screen;
}

/** Sets up the authenticator from the account screen; the key read off the screen and the code typed. */
async function setUpAuthenticator(page: Page, device: Device) {
  const screen = await openAccountScreen(page, device);
  await press(device, screen.getByRole('button', { name: 'Set Up Authenticator App' }));
  const qr = screen.getByRole('img', { name: 'QR code for your authenticator app' });
  // The code to scan, and the field its answer goes in, are on screen without scrolling.
  await expect(qr).toBeInViewport({ ratio: 1 });
  await expect(screen.getByLabel('Code from the app')).toBeInViewport({ ratio: 1 });
  // The 32-character key reads in groups of four.
  const shown = screen.locator('.totp-secret');
  await expect(shown).toBeVisible();
  const text = (await shown.innerText()).trim();
  expect(text).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  const secret = text.replace(/ /g, '');
  // Copy puts the key itself on the clipboard, without the spaces.
  await press(device, screen.getByRole('button', { name: 'Copy key' }));
  await expect(toast(page, 'Key copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  // What the person's authenticator app shows now for that key.
  const code = generateTOTP(decodeBase32IgnorePadding(secret), 30, 6);
  await typeInto(page, device, screen.getByLabel('Code from the app'), code);
  await page.keyboard.press('Enter');
  const codes = screen.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((c) => c.trim());
  return { screen, secret, code, recovery };
}

for (const [device, scheme] of [
  ['phone', 'light'],
  ['laptop', 'dark'],
] as const) {
  test(`on a ${device} (${scheme}): the set-up is in view with a readable key, and the code just used says to wait for the next one`, async ({
    browser,
    server,
  }) => {
    const { page, email } = await signedInOn(browser, server.url, device, scheme);
    const { code, recovery } = await setUpAuthenticator(page, device);
    await page.keyboard.press('Escape');
    await press(device, accountMenu(page));
    await press(device, page.getByRole('menuitem', { name: 'Sign Out' }));

    // Signing in again at once: the app still shows the code just used.
    await press(device, page.getByRole('button', { name: 'Sign In' }));
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await typeInto(page, device, dialog.getByLabel('Email'), email);
    await typeInto(page, device, dialog.getByLabel('Password', { exact: true }), PASSWORD);
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Authentication code')).toBeFocused();
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    const said = dialog.getByRole('alert');
    await expect(said).toContainText('That code has just been used. Wait for the next code in your app');
    await expect(said).not.toContainText('not right');
    await expect(accountMenu(page)).toHaveCount(0);
    // A recovery code still signs in meanwhile.
    await press(device, dialog.getByLabel('Authentication code'));
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(recovery[0]!);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expectSignedIn(page, email);
    await page.context().close();
  });
}

test('deleting an account with two-factor on asks for a code and for a last confirmation naming what goes', async ({
  browser,
  server,
}) => {
  const device: Device = 'phone';
  const { page } = await signedInOn(browser, server.url, device, 'dark');
  await saveCurrent(page, 'Porch');
  const { code, recovery } = await setUpAuthenticator(page, device);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeHidden();
  // The list is read, so the last step can say how many palettes go.
  await openSaved(page);
  await expect(row(page, 'Porch')).toBeVisible();
  await page.keyboard.press('Escape');

  const screen = await openAccountScreen(page, device);
  const codeField = screen.getByLabel('Code from your authenticator app, or a recovery code');
  await expect(codeField).toBeVisible();
  await typeInto(page, device, screen.getByLabel('Your password, to confirm'), PASSWORD);
  // A wrong code: the last step, then the server refuses and the account stays.
  await typeInto(page, device, codeField, code === '000000' ? '111111' : '000000');
  await press(device, screen.getByRole('button', { name: 'Delete My Account' }));
  const last = screen.getByRole('button', { name: 'Delete my account and 1 palette for good' });
  await expect(last).toBeVisible();
  await expect(screen.getByText('This is the last step.')).toBeVisible();
  // Keep my account goes back without deleting anything.
  await press(device, screen.getByRole('button', { name: 'Keep my account' }));
  await expect(last).toHaveCount(0);
  await press(device, screen.getByRole('button', { name: 'Delete My Account' }));
  await press(device, last);
  await expect(screen.getByRole('alert')).toContainText('That code is not right');
  await expect(accountMenu(page)).toBeVisible();
  expect((await page.request.get('/api/auth/session').then((r) => r.json())).user).toBeTruthy();

  // A recovery code (the app's code was used at set-up a moment ago) deletes it, after the last step.
  await press(device, codeField);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(recovery[1]!);
  await press(device, screen.getByRole('button', { name: 'Delete My Account' }));
  await press(device, screen.getByRole('button', { name: 'Delete my account and 1 palette for good' }));
  await expect(toast(page, 'Your account and every palette in it are deleted.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.context().close();
});
