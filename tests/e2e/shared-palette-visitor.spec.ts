import type { Browser, Page } from '@playwright/test';
import { contrast } from './support/contrast';
import { LAPTOP, openOn, PHONE } from './support/devices';
import { expect, test } from './support/fixtures';
import { openApp, signUpByApi, stripIds } from './support/saved-flows';

/** A shared palette as a stranger meets it, on a phone and a laptop, light and dark. */

const NAME = 'A very long name for the front hallway and stairs';

/** Someone else's palette, made public through the API: the link a stranger is sent. */
async function sharedLink(browser: Browser, baseURL: string): Promise<{ link: string; ids: string[] }> {
  const owner = await browser.newContext({ baseURL });
  const page = await owner.newPage();
  await signUpByApi(page);
  await openApp(page);
  const ids = await stripIds(page);
  const created = await (await page.request.post('/api/palettes', { data: { name: NAME, colorIds: ids } })).json();
  const shared = await (
    await page.request.put(`/api/palettes/${created.id}/sharing`, {
      data: { public: true },
      headers: { 'if-match': `W/"${created.version}"` },
    })
  ).json();
  await owner.close();
  return { link: `/share/${shared.shareId}`, ids };
}

async function visit(browser: Browser, baseURL: string, device: 'phone' | 'laptop', scheme: 'light' | 'dark') {
  const { link, ids } = await sharedLink(browser, baseURL);
  const page = await openOn(browser, baseURL, device, scheme, link);
  await expect.poll(() => stripIds(page)).toEqual(ids);
  return page;
}

const label = (page: Page) => page.getByRole('complementary', { name: 'Shared palette' });

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The Tester pots pop-over: whole on screen, its links styled and readable on it. */
async function expectTesterPots(page: Page, width: number) {
  const panel = label(page).locator('.shared-banner-buy-body');
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  const links = panel.getByRole('link');
  expect(await links.count()).toBeGreaterThan(0);
  for (const link of await links.all()) {
    await expect(link).toBeInViewport({ ratio: 1 });
    const { color, background } = await link.evaluate((el) => {
      let node: Element | null = el;
      let bg = 'rgba(0, 0, 0, 0)';
      while (node && /rgba\(0, 0, 0, 0\)|transparent/.test(bg)) {
        bg = getComputedStyle(node).backgroundColor;
        node = node.parentElement;
      }
      return { color: getComputedStyle(el).color, background: bg };
    });
    // Not the browser's default link blue or visited purple, and readable on the panel.
    expect(['rgb(0, 0, 238)', 'rgb(85, 26, 139)']).not.toContain(color);
    expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
  }
}

for (const scheme of ['light', 'dark'] as const) {
  test(`on a laptop (${scheme}) the label leaves the search free and says the original stays as it is`, async ({
    browser,
    server,
  }) => {
    const page = await visit(browser, server.url, 'laptop', scheme);
    await expect(label(page)).toContainText(NAME);
    await expect(label(page)).toContainText('changing it will not change the original');
    const search = page.getByRole('combobox', { name: 'Search colours' });
    const [searchBox, labelBox] = [await search.boundingBox(), await label(page).boundingBox()];
    expect(searchBox && labelBox && overlaps(searchBox, labelBox)).toBe(false);
    // The search answers a click where the person sees it.
    await search.click();
    await page.keyboard.type('Hague');
    await expect(search).toHaveValue('Hague');
    await page.keyboard.press('Escape');
    await label(page).getByText('Tester pots').click();
    await expectTesterPots(page, LAPTOP.width);
    await page.context().close();
  });

  test(`on a phone (${scheme}) the whole name shows and Tester pots stays on screen`, async ({ browser, server }) => {
    const page = await visit(browser, server.url, 'phone', scheme);
    const name = label(page).getByText(NAME, { exact: true });
    await expect(name).toBeVisible();
    // Whole: nothing of it hidden behind an ellipsis or the screen's edge.
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(name).toBeInViewport({ ratio: 1 });
    await expect(label(page)).toContainText('changing it will not change the original');
    const searchBox = await page.getByRole('combobox', { name: 'Search colours' }).boundingBox();
    const labelBox = await label(page).boundingBox();
    expect(searchBox && labelBox && overlaps(searchBox, labelBox)).toBe(false);
    await label(page).getByText('Tester pots').tap();
    await expectTesterPots(page, PHONE.width);
    await page.context().close();
  });
}
