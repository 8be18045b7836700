import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { stripNames, strips } from './support/saved-flows';

/** What a screen reader says while a colour is moved by keyboard: each step once, about the colour moved. */

test.use({ viewport: { width: 1366, height: 800 } });

/** Every message the drag and drop live region says from now on, in order. */
async function listen(page: Page) {
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    const region = document.querySelector('[id^="DndLiveRegion"]');
    if (!region) throw new Error('no live region');
    new MutationObserver(() => {
      const text = region.textContent?.trim();
      if (text) said.push(text);
    }).observe(region, { childList: true, characterData: true, subtree: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { said: string[] }).said]);
}

test('picking up says where the colour is, moves say where it goes, and the drop names the colour moved', async ({
  page,
}) => {
  await page.goto('/');
  await expect(strips(page)).toHaveCount(5);
  await expect(page.locator('.strip-handle[aria-disabled]')).toHaveCount(0);
  const before = await stripNames(page);
  const said = await listen(page);
  const handle = strips(page)
    .first()
    .getByRole('button', { name: /^Reorder / });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect.poll(said).toEqual([`Picked up ${before[0]}, position 1 of 5.`]);
  // A moment later, still only the pick-up: no "moved to position 1" for a colour that has not moved.
  await page.waitForTimeout(400);
  expect(await said()).toEqual([`Picked up ${before[0]}, position 1 of 5.`]);
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await said()).at(-1)).toBe(`${before[0]} moved to position 2 of 5.`);
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await said()).at(-1)).toBe(`${before[0]} moved to position 3 of 5.`);
  await page.keyboard.press('Space');
  await expect.poll(() => stripNames(page)).toEqual([before[1], before[2], before[0], before[3], before[4]]);
  await expect.poll(async () => (await said()).at(-1)).toBe(`${before[0]} dropped at position 3 of 5.`);
  expect(await said()).toEqual([
    `Picked up ${before[0]}, position 1 of 5.`,
    `${before[0]} moved to position 2 of 5.`,
    `${before[0]} moved to position 3 of 5.`,
    `${before[0]} dropped at position 3 of 5.`,
  ]);
});
