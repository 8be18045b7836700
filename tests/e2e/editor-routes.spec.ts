import type { Page } from '@playwright/test';
import { preloadedColors } from './support/catalogue';
import { expect, test } from './support/fixtures';

const strips = (page: Page) => page.getByRole('list', { name: 'Current palette' }).getByRole('listitem');
const names = (page: Page) => strips(page).locator('.palette-strip-name').allTextContents();
const hexes = (page: Page) => strips(page).locator('.palette-strip-hex').allTextContents();
const lockStates = (page: Page) =>
  strips(page)
    .locator('.strip-lock')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-pressed') === 'true'));
const toast = (page: Page, text: string) => page.getByRole('status').getByText(text);

test.describe('hash routes', () => {
  test('#palette= loads catalogue colours by hex in any case, skipping unknown ones', async ({ page }) => {
    await page.goto('/');
    const colors = await preloadedColors(page);
    const [a, b, c] = [colors[3], colors[120], colors[300]] as [
      (typeof colors)[0],
      (typeof colors)[0],
      (typeof colors)[0],
    ];
    const link = [a.hexCode.slice(1).toLowerCase(), 'zzzzzz', b.hexCode.slice(1), '000001', c.hexCode.slice(1)].join(
      '-',
    );
    // A fresh load of the link (not a hash change inside the open page).
    await page.goto('about:blank');
    await page.goto(`/#palette=${link}`);
    await expect(toast(page, 'Palette loaded from link!')).toBeVisible();
    await expect.poll(() => hexes(page)).toEqual([a.hexCode, b.hexCode, c.hexCode]);
    expect(await names(page)).toEqual([a.colorName, b.colorName, c.colorName]);
    // The link is consumed, so a reload shows the (remembered) palette, not the link again.
    expect(new URL(page.url()).hash).toBe('');

    // A link opened later in the same tab replaces the palette, as one undoable step.
    await page.evaluate(
      (hash) => {
        location.hash = hash;
      },
      `#palette=${colors[10]?.hexCode.slice(1)}-${colors[11]?.hexCode.slice(1)}-${colors[12]?.hexCode.slice(1)}-${colors[13]?.hexCode.slice(1)}`,
    );
    await expect.poll(() => hexes(page)).toEqual(colors.slice(10, 14).map((x) => x.hexCode));
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    expect(await hexes(page)).toEqual([a.hexCode, b.hexCode, c.hexCode]);
  });

  test('a link with no known colour keeps a normal palette and says so', async ({ page }) => {
    await page.goto('/#palette=000001-000002-zzzzzz');
    await expect(toast(page, 'No catalogue colours in that link')).toBeVisible();
    await expect(strips(page)).toHaveCount(5);
  });

  for (const [hash, title] of [
    ['#about', 'About'],
    ['#how-to-use', 'How to Use'],
    ['#keyboard-shortcuts', 'Keyboard Shortcuts'],
    ['#contact', 'Contact Us'],
  ] as const) {
    test(`${hash} opens ${title}, and closing it clears the hash`, async ({ page }) => {
      await page.goto(`/${hash}`);
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      expect(new URL(page.url()).hash).toBe('');
      await expect(strips(page)).toHaveCount(5);
    });
  }
});

test.describe('menu, drawer and information modals', () => {
  test('the menu opens a drawer linking to the four pages; Escape closes each', async ({ page }) => {
    await page.goto('/');
    await expect(strips(page)).toHaveCount(5);
    for (const title of ['About', 'How to Use', 'Keyboard Shortcuts', 'Contact Us']) {
      await page.getByRole('button', { name: 'Menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await expect(drawer).toBeVisible();
      await drawer.getByRole('link', { name: title }).click();
      await expect(drawer).toBeHidden();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      expect(new URL(page.url()).hash).not.toBe('');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect(new URL(page.url()).hash).toBe('');
      // Focus returns to the page: the menu button is still there to use again.
      await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    }
  });

  test('? opens the shortcuts, which list every shortcut key; palette keys pause behind it', async ({ page }) => {
    await page.goto('/');
    await expect(strips(page)).toHaveCount(5);
    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard Shortcuts' });
    await expect(dialog).toBeVisible();
    const rows = await dialog.getByRole('row').allTextContents();
    for (const [key, action] of [
      ['Space', /generate/i],
      ['A', /add/i],
      ['S', /save/i],
      ['E', /export/i],
      ['L', /lock/i],
      ['U', /unlock all/i],
      ['D', /dark/i],
      ['?', /shortcuts/i],
      ['Esc', /close/i],
      ['CtrlZ', /undo/i],
      ['CtrlShiftZ', /redo/i],
    ] as const) {
      expect(rows.some((row) => row.replace(/\+/g, '').startsWith(key) && action.test(row))).toBe(true);
    }
    const before = await names(page);
    await page.keyboard.press('a');
    await page.keyboard.press('Space');
    expect(await names(page)).toEqual(before);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('D toggles dark mode from the keyboard', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    const initial = await html.getAttribute('data-theme');
    await page.keyboard.press('d');
    await expect(html).not.toHaveAttribute('data-theme', initial ?? '');
  });

  test('contact form: all fields required, then a prefilled mail opens and the form clears', async ({ page }) => {
    // The mail client is outside the app: record the mailto: link instead of leaving the page.
    await page.addInitScript(() => {
      (window as unknown as { mailto: string[] }).mailto = [];
      document.addEventListener(
        'click',
        (event) => {
          const link = (event.target as Element).closest?.('a[href^="mailto:"]') as HTMLAnchorElement | null;
          if (!link) return;
          event.preventDefault();
          (window as unknown as { mailto: string[] }).mailto.push(link.href);
        },
        true,
      );
    });
    await page.goto('/#contact');
    const dialog = page.getByRole('dialog', { name: 'Contact Us' });
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(dialog.getByText('Please enter your name.')).toBeVisible();
    await expect(dialog.getByText('Please enter your email address.')).toBeVisible();
    await expect(dialog.getByText('Please write a message.')).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    // Typing in the form never triggers a shortcut.
    const before = await names(page);
    await dialog.getByLabel('Name').fill('Ann & Co');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Message').pressSequentially('A sage green for a north room? ');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { mailto: string[] }).mailto)).toEqual([]);

    await dialog.getByLabel('Email').fill('ann@example.com');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page, 'Opening your email client...')).toBeVisible();
    const [href] = await page.evaluate(() => (window as unknown as { mailto: string[] }).mailto);
    const url = new URL(href ?? '');
    expect(url.protocol).toBe('mailto:');
    expect(url.searchParams.get('subject')).toContain('Ann & Co');
    expect(url.searchParams.get('body')).toContain('A sage green for a north room?');
    expect(url.searchParams.get('body')).toContain('ann@example.com');
    for (const label of ['Name', 'Email', 'Message']) await expect(dialog.getByLabel(label)).toHaveValue('');
    expect(await names(page)).toEqual(before);
  });
});

test.describe('session restore', () => {
  test('the palette, its locks and the order come back after a reload', async ({ page }) => {
    await page.goto('/');
    await expect(strips(page)).toHaveCount(5);
    await page.getByRole('button', { name: 'Add colour' }).click();
    await strips(page).nth(1).hover();
    await strips(page)
      .nth(1)
      .getByRole('button', { name: /^Lock / })
      .click();
    const before = await names(page);
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').lockedIndices))
      .toEqual([1]);
    await page.reload();
    await expect(strips(page)).toHaveCount(6);
    expect(await names(page)).toEqual(before);
    expect(await lockStates(page)).toEqual([false, true, false, false, false, false]);
  });

  test('a session in the stored format (brand, name, hex) restores; a tampered or corrupt one is ignored', async ({
    page,
  }) => {
    await page.goto('/');
    const colors = await preloadedColors(page);
    const chosen = [colors[40], colors[41], colors[42]].map((c) => ({
      brand: c?.brand,
      colorName: c?.colorName,
      hexCode: c?.hexCode,
    }));
    // Written from another page of the site, where the app is not running: on the app's page a
    // write it had pending when the page was left (pagehide) could land over ours.
    const write = async (value: string) => {
      await page.goto('/favicon.svg');
      await page.evaluate((v) => localStorage.setItem('session', v), value);
    };
    const session = (palette: unknown) =>
      JSON.stringify({
        searchTerm: '',
        selectedBrand: null,
        selectedCategory: null,
        currentPalette: palette,
        lockedIndices: [2],
        timestamp: Date.now(),
      });

    await write(session(chosen));
    await page.goto('/');
    await expect.poll(() => names(page)).toEqual(chosen.map((c) => c.colorName));
    expect(await lockStates(page)).toEqual([false, false, true]);

    // Same hex, another name: the whole session is refused, a fresh palette of 5 appears.
    await write(session([chosen[0], { ...chosen[1], colorName: 'Imaginary Grey' }, chosen[2]]));
    await page.goto('/');
    await expect(strips(page)).toHaveCount(5);
    expect(await names(page)).not.toContain('Imaginary Grey');

    for (const junk of ['{"currentPalette":', 'null', '[1,2,3]', JSON.stringify({ currentPalette: [{ x: 1 }] })]) {
      await write(junk);
      await page.goto('/');
      await expect(strips(page)).toHaveCount(5);
      await expect(page.getByRole('alert')).toHaveCount(0);
    }
  });
});
