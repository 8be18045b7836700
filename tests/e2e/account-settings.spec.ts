import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import type { Page } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { type RunningServer, startServer } from '../support/server-process';
import { startSmtpSink } from '../server/smtp-sink';
import { expect, test } from './support/fixtures';
import {
  accountMenu,
  chooseFromAccountMenu,
  expectAccessible,
  expectSignedIn,
  openApp,
  openSaved,
  openSignedIn,
  PASSWORD,
  row,
  saveCurrent,
  signUpByApi,
  toast,
  uniqueEmail,
} from './support/saved-flows';

const NEW_PASSWORD = 'moss green larder';

const expectSignedOut = (page: Page) => expect(accountMenu(page)).toHaveCount(0);

async function openAccountSettings(page: Page) {
  await chooseFromAccountMenu(page, 'Account settings');
  const screen = page.getByRole('dialog', { name: 'Account' });
  await expect(screen).toBeVisible();
  return screen;
}

/** Clicks a field and types into it, as a person does. */
async function typeInto(page: Page, field: ReturnType<Page['getByLabel']>, text: string) {
  await field.click();
  await expect(field).toBeFocused();
  await page.keyboard.type(text);
}

test.describe('the account menu and screen', () => {
  test('sign-up without a mail server says it is signed in, closes, and the header menu shows the email', async ({
    page,
  }) => {
    await openApp(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Create Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Account' });
    const email = uniqueEmail('typed');
    await typeInto(page, dialog.getByLabel('Email'), email);
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    // What is true: no mail is coming, the account works now, the dialog is done.
    await expect(dialog).toBeHidden();
    await expect(toast(page, `Account created. You are signed in as ${email}.`)).toBeVisible();
    await expect(page.getByText('Check your email to confirm')).toHaveCount(0);
    await expectSignedIn(page, email);
    await accountMenu(page).click();
    const menu = page.getByRole('menu', { name: 'Account' });
    await expect(menu.getByText(`Signed in as ${email}`)).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Account settings' })).toBeFocused();
    await expectAccessible(page, '.account');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(accountMenu(page)).toBeFocused();
    // The same keys as the Export menu: arrows on the button open it at either end, Home/End and a
    // letter move within, and a letter is never a shortcut while the menu is open (S would save).
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(menu.getByRole('menuitem', { name: 'Account settings' })).toBeFocused();
    await page.keyboard.press('s');
    await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
    await expect(page.getByRole('dialog', { name: 'Name Your Palette' })).toHaveCount(0);
    await page.keyboard.press('a');
    await expect(menu.getByRole('menuitem', { name: 'Account settings' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Account settings' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(accountMenu(page)).toBeFocused();
  });

  test('change password: the old one stops working, the new one signs in', async ({ page, browser, server }) => {
    const email = await signUpByApi(page);
    await openApp(page);
    const screen = await openAccountSettings(page);
    await expectAccessible(page, '.account-screen');
    await typeInto(page, screen.getByLabel('Current password'), PASSWORD);
    await typeInto(page, screen.getByLabel('New password'), NEW_PASSWORD);
    await screen.getByRole('button', { name: 'Change Password' }).click();
    await expect(screen.getByRole('status').filter({ hasText: 'Password changed' })).toHaveText(
      'Password changed. Every other device was signed out.',
    );
    await expectSignedIn(page, email);
    const other = await browser.newContext({ baseURL: server.url });
    const old = await other.request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
    expect(old.status()).toBe(401);
    const fresh = await other.request.post('/api/auth/signin', { data: { email, password: NEW_PASSWORD } });
    expect(fresh.status()).toBe(200);
    await other.close();
  });

  test('sign out everywhere signs out a second browser', async ({ page, browser, server }) => {
    const email = await signUpByApi(page);
    const second = await browser.newContext({ baseURL: server.url });
    const secondPage = await second.newPage();
    expect((await second.request.post('/api/auth/signin', { data: { email, password: PASSWORD } })).status()).toBe(200);
    await openApp(secondPage);
    await expectSignedIn(secondPage, email);

    await openApp(page);
    const screen = await openAccountSettings(page);
    await screen.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    await expect(toast(page, 'Signed out on every device.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

    await secondPage.reload();
    await expect(secondPage.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(accountMenu(secondPage)).toHaveCount(0);
    await second.close();
  });

  test('download my data: a JSON file with every palette and its history', async ({ page }) => {
    await openSignedIn(page);
    await saveCurrent(page, 'Larder shelves');
    const screen = await openAccountSettings(page);
    const downloading = page.waitForEvent('download');
    await screen.getByRole('button', { name: 'Download My Data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^swatchbook-account-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      palettes: Array<{ name: string; colors: unknown[]; history: Array<{ version: number; name: string }> }>;
    };
    expect(data.palettes.map((p) => p.name)).toEqual(['Larder shelves']);
    expect(data.palettes[0]?.history[0]).toMatchObject({ version: 1, name: 'Larder shelves' });
    expect(data.palettes[0]?.colors).toHaveLength(5);
  });

  test('delete account: the sidebar empties and the old share link shows Palette Not Found', async ({ page }) => {
    await openSignedIn(page);
    await saveCurrent(page, 'Going away');
    const { palettes } = (await (await page.request.get('/api/palettes')).json()) as {
      palettes: Array<{ id: string }>;
    };
    const shared = await page.request.put(`/api/palettes/${palettes[0]!.id}/sharing`, { data: { public: true } });
    const { shareId } = (await shared.json()) as { shareId: string };
    const sidebar = await openSaved(page);
    await expect(row(page, 'Going away')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();

    const screen = await openAccountSettings(page);
    await typeInto(page, screen.getByLabel('Your password, to confirm'), 'not my password');
    await screen.getByRole('button', { name: 'Delete My Account' }).click();
    // The last step names what goes.
    await screen.getByRole('button', { name: 'Delete my account and 1 palette for good' }).click();
    await expect(screen.getByRole('alert')).toHaveText('That is not your password: the account stays.');
    await screen.getByLabel('Your password, to confirm').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(PASSWORD);
    await screen.getByRole('button', { name: 'Delete My Account' }).click();
    await screen.getByRole('button', { name: 'Delete my account and 1 palette for good' }).click();
    await expect(toast(page, 'Your account and every palette in it are deleted.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Saved palettes (0)' }).first()).toBeVisible();
    await openSaved(page);
    await expect(row(page, 'Going away')).toHaveCount(0);

    await page.goto(`/share/${shareId}`);
    await expect(page.getByRole('dialog', { name: 'Palette Not Found' })).toBeVisible();
  });
});

test.describe('two-factor sign-in', () => {
  test('set up from the account screen with a QR code, then signing in asks for a code', async ({ page }) => {
    const email = await signUpByApi(page);
    await openApp(page);
    const screen = await openAccountSettings(page);
    await screen.getByRole('button', { name: 'Set Up Authenticator App' }).click();
    await expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    // Shown in groups of four for reading.
    const secret = (await screen.locator('.totp-secret').textContent())!.replace(/\s/g, '');
    // What the person's authenticator app shows now for that key.
    const code = generateTOTP(decodeBase32IgnorePadding(secret), 30, 6);
    await typeInto(page, screen.getByLabel('Code from the app'), code);
    await page.keyboard.press('Enter');
    const codes = screen.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.first().textContent())!.trim();
    await page.keyboard.press('Escape');
    await chooseFromAccountMenu(page, 'Sign Out');

    await page.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await typeInto(page, dialog.getByLabel('Email'), email);
    await typeInto(page, dialog.getByLabel('Password', { exact: true }), PASSWORD);
    await page.keyboard.press('Enter');
    const codeField = dialog.getByLabel('Authentication code');
    await expect(codeField).toBeFocused();
    await expectSignedOut(page);
    await page.keyboard.type(recovery);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expectSignedIn(page, email);
  });
});

test.describe('two-factor sign-in with Google', () => {
  let oidc: OAuth2Server;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let server: RunningServer;
  const email = uniqueEmail('google');
  test.beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    oidc.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, { email, email_verified: true });
    });
    sink = await startSmtpSink();
    // Google sends the browser back to PUBLIC_ORIGIN, so the server needs its address before it starts.
    const port = await new Promise<number>((resolve) => {
      const probe = createNetServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const base = oidc.issuer.url!;
    server = await startServer({
      distDir: process.env.E2E_DIST_DIR as string,
      env: {
        PORT: String(port),
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        SMTP_URL: sink.url,
        GOOGLE_CLIENT_ID: 'swatchbook-e2e',
        GOOGLE_CLIENT_SECRET: 'e2e-secret',
        GOOGLE_AUTHORIZATION_ENDPOINT: `${base}/authorize`,
        GOOGLE_TOKEN_ENDPOINT: `${base}/token`,
        GOOGLE_ISSUER: base,
      },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await sink?.close();
    await oidc?.stop();
  });

  test('Google alone does not pass two-factor: back from Google the app asks for the code', async ({ page }) => {
    // Given: a confirmed password account with an authenticator app, made through the API (as the
    // app's own page sends it: same Origin).
    const post = (path: string, data?: unknown) =>
      page.request.post(`${server.url}${path}`, { data, headers: { origin: server.url } });
    expect((await post('/api/auth/signup', { email, password: PASSWORD })).status()).toBe(201);
    const token = /\/confirm\?token=([a-z2-7]+)/.exec(await sink.mailTo(email, 1))?.[1];
    expect((await post('/api/auth/confirm', { token, password: PASSWORD })).status()).toBe(200);
    expect((await post('/api/auth/signin', { email, password: PASSWORD })).status()).toBe(200);
    const { secret } = (await (await post('/api/auth/totp/setup')).json()) as { secret: string };
    const enabled = await post('/api/auth/totp/enable', {
      code: generateTOTP(decodeBase32IgnorePadding(secret), 30, 6),
    });
    expect(enabled.status()).toBe(200);
    const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
    expect((await post('/api/auth/signout')).status()).toBe(204);

    await openApp(page, `${server.url}/`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    // Back from Google: not signed in yet; the sign-in asks for the authenticator code, and the
    // address no longer carries the step.
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await expect(dialog).toContainText('Two-factor sign-in is on for this account');
    const codeField = dialog.getByLabel('Authentication code');
    await expect(codeField).toBeFocused();
    await expect(page).toHaveURL(`${server.url}/`);
    await expectSignedOut(page);
    await page.keyboard.type('000000');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toContainText('That code is not right');
    await expectSignedOut(page);
    await codeField.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(recoveryCodes[0]!);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expectSignedIn(page, email);
  });
});

test.describe('with a mail server', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let mailServer: RunningServer;
  test.beforeAll(async () => {
    sink = await startSmtpSink();
    mailServer = await startServer({
      distDir: process.env.E2E_DIST_DIR!,
      env: { SMTP_URL: sink.url, MAIL_FROM: 'Swatchbook <hello@swatchbook.example>' },
    });
  });
  test.afterAll(async () => {
    await mailServer.stop();
    await sink.close();
  });

  test('an unconfirmed sign-in offers a new link; the link opens a page whose button confirms, then the password signs in', async ({
    page,
  }) => {
    const email = uniqueEmail('confirm');
    const signup = await page.request.post(`${mailServer.url}/api/auth/signup`, {
      data: { email, password: PASSWORD },
    });
    expect(signup.status()).toBe(201);
    await sink.mailTo(email, 1);
    await openApp(page, mailServer.url);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await typeInto(page, dialog.getByLabel('Email'), email);
    await typeInto(page, dialog.getByLabel('Password', { exact: true }), PASSWORD);
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Confirm your email first: follow the link we sent you.');
    await dialog.getByRole('button', { name: 'Send a new confirmation link' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'a new link' })).toContainText(
      'a new link is on its way',
    );

    const mail = await sink.mailTo(email, 2);
    const link = /(\/confirm\?token=[a-z2-7]+)/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    // Opening the link signs nobody in and confirms nothing by itself.
    await page.goto(`${mailServer.url}${link}`);
    const confirm = page.getByRole('dialog', { name: 'Confirm Your Email' });
    await expect(confirm).toBeVisible();
    await expectSignedOut(page);
    // The link alone confirms nothing: the page asks for the password chosen at sign-up.
    const chosen = confirm.getByLabel('Password you chose');
    await expect(chosen).toBeFocused();
    await page.keyboard.type('not what I chose');
    await confirm.getByRole('button', { name: 'Confirm My Email' }).click();
    await expect(confirm.getByRole('alert')).toContainText('That is not the password this account was made with');
    await chosen.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(PASSWORD);
    await confirm.getByRole('button', { name: 'Confirm My Email' }).click();
    await expect(confirm.getByRole('status').filter({ hasText: 'confirmed' })).toHaveText(
      'Your email address is confirmed. Sign in with your password to start saving palettes.',
    );
    await expectSignedOut(page);
    await confirm.getByRole('button', { name: 'Sign In' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await typeInto(page, signIn.getByLabel('Email'), email);
    await typeInto(page, signIn.getByLabel('Password', { exact: true }), PASSWORD);
    await page.keyboard.press('Enter');
    await expect(signIn).toBeHidden();
    await expectSignedIn(page, email);
  });

  test('pre-hijack: someone signed the address up with their password; the owner follows the link, chooses their own password, and the other password opens nothing', async ({
    page,
  }) => {
    const email = uniqueEmail('hijack');
    const ATTACKER = 'attacker chose this';
    // The owner signs up; then the attacker signs the same address up again with a password of theirs
    // (the race: the owner's link was mailed first, the attacker's is the newest).
    const signUp = (password: string) =>
      page.request.post(`${mailServer.url}/api/auth/signup`, { data: { email, password } });
    expect((await signUp(PASSWORD)).status()).toBe(201);
    const ownLink = /(\/confirm\?token=[a-z2-7]+)/.exec(await sink.mailTo(email, 1))?.[1];
    expect((await signUp(ATTACKER)).status()).toBe(201);
    await sink.mailTo(email, 2);
    expect(ownLink).toBeTruthy();

    // The owner follows their own link and types the password they chose: the attacker replaced it.
    await page.goto(`${mailServer.url}${ownLink}`);
    const confirm = page.getByRole('dialog', { name: 'Confirm Your Email' });
    await expect(confirm.getByLabel('Password you chose')).toBeFocused();
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(confirm.getByRole('alert')).toContainText('choose your own password instead');
    await confirm.getByRole('button', { name: 'Choose my own password' }).click();
    await expect(confirm).toContainText('the account starts clean');
    await expect(confirm.getByLabel('New password')).toBeFocused();
    await page.keyboard.type(NEW_PASSWORD);
    await confirm.getByRole('button', { name: 'Set Password and Confirm' }).click();
    await expect(confirm.getByRole('status').filter({ hasText: 'confirmed' })).toHaveText(
      'Your email address is confirmed, with the password you just chose. Sign in with it to start saving palettes.',
    );
    await expectSignedOut(page);

    // The attacker's password opens nothing; the owner's signs in.
    const attacker = await page.request.post(`${mailServer.url}/api/auth/signin`, {
      data: { email, password: ATTACKER },
    });
    expect(attacker.status()).toBe(401);
    await confirm.getByRole('button', { name: 'Sign In' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await typeInto(page, signIn.getByLabel('Email'), email);
    await typeInto(page, signIn.getByLabel('Password', { exact: true }), NEW_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(signIn).toBeHidden();
    await expectSignedIn(page, email);
  });

  test('forgot password: the mail, its link, a new password, signed in', async ({ page }) => {
    const email = uniqueEmail('forgot');
    const signup = await page.request.post(`${mailServer.url}/api/auth/signup`, {
      data: { email, password: PASSWORD },
    });
    expect(signup.status()).toBe(201);
    await openApp(page, mailServer.url);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset Password' });
    await typeInto(page, reset.getByLabel('Email'), email);
    await page.keyboard.press('Enter');
    await expect(reset.getByRole('status').filter({ hasText: 'we have sent' })).toContainText(
      'we have sent it a link to choose a new password',
    );

    const mail = await sink.mailTo(email, 2);
    expect(mail).toContain('Subject: Reset your Swatchbook password');
    const link = /(\/reset-password\?token=[a-z2-7]+)/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    await page.goto(`${mailServer.url}${link}`);
    const choose = page.getByRole('dialog', { name: 'Choose a New Password' });
    await expect(choose).toBeVisible();
    await typeInto(page, choose.getByLabel('New password'), NEW_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(choose).toBeHidden();
    await expect(toast(page, 'Your password is changed, and you are signed in.')).toBeVisible();
    await expectSignedIn(page, email);
    await expect(page).toHaveURL(`${mailServer.url}/`);
  });
});

test.describe('an account made before the server sent mail', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let before: RunningServer | undefined;
  let after: RunningServer | undefined;
  test.beforeAll(async () => {
    sink = await startSmtpSink();
  });
  test.afterAll(async () => {
    await before?.stop();
    await after?.stop();
    await sink.close();
  });

  test('cannot turn on two-factor while its address is unconfirmed, and the account screen says why', async ({
    page,
  }) => {
    // Made while the server had no SMTP (usable at once, never confirmed)...
    before = await startServer({ distDir: process.env.E2E_DIST_DIR! });
    const email = uniqueEmail('premail');
    const signup = await page.request.post(`${before.url}/api/auth/signup`, {
      data: { email, password: PASSWORD },
      headers: { origin: before.url },
    });
    expect(signup.status()).toBe(201);
    await before.stop();
    // ...then the server gained SMTP, on the same database; the browser is still signed in.
    after = await startServer({
      distDir: process.env.E2E_DIST_DIR!,
      env: {
        DATABASE_PATH: before.databasePath,
        SMTP_URL: sink.url,
        MAIL_FROM: 'Swatchbook <hello@swatchbook.example>',
      },
    });
    await openApp(page, `${after.url}/`);
    await expectSignedIn(page, email);
    const screen = await openAccountSettings(page);
    await screen.getByRole('button', { name: 'Set Up Authenticator App' }).click();
    await expect(screen.getByRole('alert')).toContainText(
      'Confirm your email address before turning on two-factor sign-in',
    );
    await expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveCount(0);
  });
});
