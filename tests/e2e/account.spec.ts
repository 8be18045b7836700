import { expect, test } from './support/fixtures';
import {
  chooseFromAccountMenu,
  expectAccessible,
  expectSignedIn,
  openApp,
  openSaved,
  openSignedIn,
  openSignedOut,
  PASSWORD,
  row,
  saveCurrent,
  storedPalettes,
  stripIds,
  toast,
  uniqueEmail,
  signInThroughDialog,
} from './support/saved-flows';

const authDialog = (page: import('@playwright/test').Page, name: 'Sign In' | 'Create Account') =>
  page.getByRole('dialog', { name });

test.describe('accounts in the app', () => {
  test('create an account without mail: closes at once and says it is signed in; both modes pass axe', async ({
    page,
  }) => {
    await openApp(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const signIn = authDialog(page, 'Sign In');
    await expect(signIn.getByLabel('Email')).toHaveAttribute('type', 'email');
    // Sign-in states no minimum: a password made under an older rule must still be typed in.
    await expect(signIn.getByLabel('Password')).not.toHaveAttribute('minlength');
    await expect(signIn.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
    await expectAccessible(page, '.auth-modal');
    await signIn.getByRole('button', { name: 'Create Account' }).click();
    const signUp = authDialog(page, 'Create Account');
    await expect(signUp).toBeVisible();
    await expectAccessible(page, '.auth-modal');

    // The browser refuses a short password before anything is sent.
    await signUp.getByLabel('Email').fill(uniqueEmail('short'));
    await signUp.getByLabel('Password').fill('12345');
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    expect(await signUp.getByLabel('Password').evaluate((el: HTMLInputElement) => el.validity.tooShort)).toBe(true);

    await signUp.getByLabel('Password').fill(PASSWORD);
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    // Without SMTP the server signs the new account in at once, and the app says so (no mail is coming).
    await expect(signUp).toBeHidden();
    await expect(toast(page, /^Account created\. You are signed in as short-/)).toBeVisible();
    await expectSignedIn(page);
  });

  test('an existing email is told to sign in, and the modal switches to sign-in', async ({ page }) => {
    const email = await openSignedOut(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await authDialog(page, 'Sign In').getByRole('button', { name: 'Create Account' }).click();
    const signUp = authDialog(page, 'Create Account');
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password').fill(PASSWORD);
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    const signIn = authDialog(page, 'Sign In');
    await expect(signIn).toBeVisible();
    await expect(signIn.getByText('An account with this email already exists. Please sign in.')).toBeVisible();
  });

  test("sign in shows the service's message on failure; once in, saves go to the server and survive a reload", async ({
    page,
  }) => {
    const email = await openSignedOut(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const signIn = authDialog(page, 'Sign In');
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password').fill('wrong password');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await expect(signIn.getByRole('alert')).toHaveText('Invalid email or password.');
    await signIn.getByLabel('Password').fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await expect(signIn).toBeHidden();
    await expectSignedIn(page);

    const ids = await stripIds(page);
    await saveCurrent(page, 'Cloud one');
    expect(await storedPalettes(page)).toEqual([]);
    const list = await page.request.get('/api/palettes');
    const { palettes } = await list.json();
    expect(palettes.map((p: { name: string }) => p.name)).toEqual(['Cloud one']);
    expect(palettes[0].colors.map((c: { id: string }) => c.id)).toEqual(ids);

    await page.reload();
    await expectSignedIn(page);
    await openSaved(page);
    await expect(row(page, 'Cloud one')).toBeVisible();
    await page.keyboard.press('Escape');

    await chooseFromAccountMenu(page, 'Sign Out');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Saved palettes (0)' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('signed in: rename, load, delete and bulk delete act on the server', async ({ page }) => {
    await openSignedIn(page);
    const first = await stripIds(page);
    await saveCurrent(page, 'Alpha');
    await page.locator('body').press(' ');
    await expect.poll(() => stripIds(page)).not.toEqual(first);
    await saveCurrent(page, 'Beta');
    await page.locator('body').press(' ');
    await saveCurrent(page, 'Gamma');
    await page.locator('body').press(' ');
    await saveCurrent(page, 'Delta');
    const names = async () =>
      ((await (await page.request.get('/api/palettes')).json()).palettes as Array<{ name: string }>).map((p) => p.name);
    expect(await names()).toEqual(['Delta', 'Gamma', 'Beta', 'Alpha']);

    const sidebar = await openSaved(page);
    await row(page, 'Alpha').getByRole('button', { name: 'Rename Alpha' }).click();
    await sidebar.getByRole('textbox', { name: 'New name for Alpha' }).fill('Alpha room');
    await sidebar.getByRole('textbox', { name: 'New name for Alpha' }).press('Enter');
    await expect(toast(page, 'Palette renamed!')).toBeVisible();
    await expect.poll(names).toEqual(['Delta', 'Gamma', 'Beta', 'Alpha room']);

    await row(page, 'Alpha room').getByRole('button', { name: 'Load Alpha room' }).click();
    await expect(toast(page, 'Loaded Alpha room')).toBeVisible();
    expect(await stripIds(page)).toEqual(first);

    await openSaved(page);
    await row(page, 'Delta').getByRole('button', { name: 'Delete Delta' }).click();
    await expect(toast(page, 'Palette deleted')).toBeVisible();
    await expect.poll(names).toEqual(['Gamma', 'Beta', 'Alpha room']);

    await sidebar.getByRole('checkbox', { name: 'Select Gamma' }).check();
    await sidebar.getByRole('checkbox', { name: 'Select Beta' }).check();
    await sidebar.getByRole('toolbar').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete 2 palette(s)?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Deleted 2 palette(s)')).toBeVisible();
    await expect.poll(names).toEqual(['Alpha room']);
    await expect(page.getByRole('button', { name: 'Saved palettes (1)' })).toBeAttached();
  });

  test('an anonymous save that signs in carries on to Name Your Palette and saves to the account', async ({ page }) => {
    const email = await openSignedOut(page);
    const ids = await stripIds(page);
    await page.locator('body').press('s');
    const signIn = authDialog(page, 'Sign In');
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password').fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    const modal = page.getByRole('dialog', { name: 'Name Your Palette' });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Save Palette' }).click();
    await expect(toast(page, 'Palette saved!')).toBeVisible();
    const { palettes } = await (await page.request.get('/api/palettes')).json();
    expect(palettes).toHaveLength(1);
    expect(palettes[0].name).toBe('Palette 1');
    expect(palettes[0].colors.map((c: { id: string }) => c.id)).toEqual(ids);
    expect(await storedPalettes(page)).toEqual([]);
  });

  test('palettes kept on this device are uploaded with their history at sign-in, then removed locally', async ({
    page,
  }) => {
    const email = await openSignedOut(page);
    await saveCurrent(page, 'On my phone', { anonymous: true });
    const sidebar = await openSaved(page);
    await row(page, 'On my phone').getByRole('button', { name: 'Rename On my phone' }).click();
    await sidebar.getByRole('textbox').fill('From my phone');
    await sidebar.getByRole('textbox').press('Enter');
    await expect(toast(page, 'Palette renamed!')).toBeVisible();
    await page.keyboard.press('Escape');

    await signInThroughDialog(page, email);
    await expectSignedIn(page);
    await expect.poll(async () => (await storedPalettes(page)).map((p) => p.name)).toEqual([]);

    await openSaved(page);
    await row(page, 'From my phone').getByRole('button', { name: 'History of From my phone' }).click();
    const history = page.getByRole('dialog', { name: 'History of “From my phone”' });
    await expect(history.getByRole('listitem', { name: /^Version \d+$/ })).toHaveCount(2);
    await expect(history.getByText('Renamed to “From my phone”')).toBeVisible();
    await expect(history.getByText('Created as “On my phone” with 5 colours')).toBeVisible();
  });
});
