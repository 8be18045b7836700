import { contrast } from './support/contrast';
import { expect, test } from './support/fixtures';
import { preloadedColors } from './support/catalogue';

const strips = (page: import('@playwright/test').Page) =>
  page.getByRole('list', { name: 'Current palette' }).getByRole('listitem');
const names = async (page: import('@playwright/test').Page) =>
  strips(page).locator('.palette-strip-name').allTextContents();

test.describe('the main screen', () => {
  test('shows the header and a palette of 5 real paints with readable text', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Swatchbook' })).toBeVisible();
    // The header's 'by' line names who makes the paints, not the app again ("Swatchbook by Swatchbook").
    const byline = page.locator('header').getByText(/ by /);
    await expect(byline).toBeVisible();
    await expect(byline).toHaveText(/by Farrow & Ball, Lick and Little Greene/);
    await expect(page.locator('header')).not.toContainText('by Swatchbook');
    await expect(strips(page)).toHaveCount(5);
    for (const strip of await strips(page).all()) {
      await expect(strip.locator('.palette-strip-hex')).toHaveText(/^#[0-9A-F]{6}$/);
      await expect(strip.locator('.palette-strip-brand')).toHaveText(/Farrow & Ball|Lick|Little Greene/);
      // Polled: the strips are swapped for their draggable form once drag and drop has loaded, and a
      // strip read in that moment is detached (no computed colours).
      await expect
        .poll(async () => {
          const { bg, fg } = await strip.evaluate((el) => {
            const style = getComputedStyle(el);
            return { bg: style.backgroundColor, fg: style.color };
          });
          return contrast(bg, fg);
        })
        .toBeGreaterThanOrEqual(4.5);
    }
    const uniqueNames = new Set(await names(page));
    expect(uniqueNames.size).toBe(5);
  });

  test('Generate New Palette and the Space key both make a new palette', async ({ page }) => {
    await page.goto('/');
    await expect(strips(page)).toHaveCount(5);
    const first = await names(page);
    await page.getByRole('button', { name: 'Generate New Palette' }).click();
    await expect.poll(() => names(page)).not.toEqual(first);
    const second = await names(page);
    await page.locator('body').click({ position: { x: 5, y: 200 } });
    await page.keyboard.press('Space');
    await expect.poll(() => names(page)).not.toEqual(second);
    await expect(strips(page)).toHaveCount(5);
  });

  test('dark mode toggles and survives a reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    const initial = await html.getAttribute('data-theme');
    await page.getByRole('button', { name: /Switch to (dark|light) mode/ }).click();
    const toggled = initial === 'dark' ? 'light' : 'dark';
    await expect(html).toHaveAttribute('data-theme', toggled);
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', toggled);
  });

  test('app routes load the app and hashed assets are cached immutably', async ({ page, request }) => {
    const response = await page.goto('/share/abc123');
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await expect(page.getByRole('heading', { level: 1, name: 'Swatchbook' })).toBeVisible();
    const script = await page.locator('script[type="module"]').first().getAttribute('src');
    const asset = await request.get(script ?? '');
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

test.describe('one spelling', () => {
  /** Every word a person can see or hear on the page: text, accessible names, tooltips, options. */
  const wordsOnPage = async (page: import('@playwright/test').Page) => {
    // Paint names are the makers' own (Farrow & Ball's "Light Gray"): taken out before reading.
    const names = (await preloadedColors(page)).map((c) => c.colorName);
    return page.evaluate((paintNames) => {
      const said = [...document.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((el) => [
        el.getAttribute('aria-label') ?? '',
        el.getAttribute('title') ?? '',
        el.getAttribute('placeholder') ?? '',
      ]);
      let text = [document.body.innerText, ...said].join('\n');
      for (const name of paintNames.sort((a, b) => b.length - a.length)) text = text.split(name).join(' ');
      return text;
    }, names);
  };

  test('British spelling on the main screen, the search and a colour’s details', async ({ page }) => {
    await page.goto('/');
    await expect(strips(page)).toHaveCount(5);
    // American forms a person reads here (the fixed toast texts, which keep their American spelling, are not on screen in this walk).
    const american = /\b(colors?|gray|favorites?)\b/i;
    expect(await wordsOnPage(page)).not.toMatch(american);
    await page.getByRole('combobox', { name: 'Search colours' }).click();
    await page.keyboard.type('hague');
    await expect(page.getByText(/^Showing 1 colour$/)).toBeVisible();
    expect(await wordsOnPage(page)).not.toMatch(american);
    await page
      .getByRole('list', { name: 'Search results' })
      .getByRole('listitem')
      .first()
      .locator('.result-name')
      .click();
    const details = page.getByRole('dialog', { name: /Hague Blue/ });
    await expect(details.getByRole('button', { name: 'Copy Colour Code' })).toBeVisible();
    expect(await wordsOnPage(page)).not.toMatch(american);
  });
});
