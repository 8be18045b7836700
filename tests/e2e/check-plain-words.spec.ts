import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { CompactCatalogue } from '../../shared/catalogue/types';
import { ROOT } from '../support/server-process';
import { expect, test } from './support/fixtures';
import { strips } from './support/saved-flows';

/** "Check this palette" for an ordinary palette: what matters for a room in plain words, the jargon behind it. */

const compact = JSON.parse(readFileSync(join(ROOT, 'data/generated/catalogue.json'), 'utf8')) as CompactCatalogue;
const paint = (name: string) => compact.colors.find((c) => c.colorName === name)!;
// An ordinary living-room palette: two whites, a grey, a green, a dark blue.
const ORDINARY = ['All White', 'Strong White', 'Purbeck Stone', 'Card Room Green', 'Hague Blue'];

/** The panel's text a person reads now (closed details and tooltips are not read). */
const visibleText = (page: Page) =>
  page.getByRole('dialog', { name: 'Check this palette' }).evaluate((el) => (el as HTMLElement).innerText);

for (const [device, viewport, scheme] of [
  ['phone', { width: 390, height: 844 }, 'light'],
  ['laptop', { width: 1366, height: 800 }, 'dark'],
] as const) {
  test.describe(`on a ${device} (${scheme})`, () => {
    test.use({ viewport, hasTouch: device === 'phone', isMobile: device === 'phone', colorScheme: scheme });

    test('the check says what matters in plain words, with no error-red list and the jargon in details', async ({
      page,
    }) => {
      await page.goto(`/#palette=${ORDINARY.map((n) => paint(n).hexCode.slice(1)).join('-')}`);
      await expect(strips(page)).toHaveCount(5);
      const check = page.getByRole('button', { name: 'Check this palette' });
      if (device === 'phone') await check.tap();
      else await check.click();
      const panel = page.getByRole('dialog', { name: 'Check this palette' });
      const summary = panel.getByRole('region', { name: 'In short' });
      await expect(summary).toBeVisible();
      // The two whites are close in lightness: said as advice for the room.
      await expect(summary).toContainText('close in lightness');
      await expect(summary).toContainText('skirting');
      const text = await visibleText(page);
      for (const jargon of ['ΔE00', 'CIEDE2000', 'BS 8300']) expect(text).not.toContain(jargon);
      // Nothing in the panel is painted in the error colour.
      const danger = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--danger').trim(),
      );
      const reds = await panel.locator('li').evaluateAll((items, dangerHex) => {
        const probe = document.createElement('span');
        probe.style.color = dangerHex;
        document.body.append(probe);
        const red = getComputedStyle(probe).color;
        probe.remove();
        return items.filter((li) => getComputedStyle(li).color === red).map((li) => li.textContent);
      }, danger);
      expect(reds).toEqual([]);
      // The standard is one tap or click away, for whoever wants it.
      const source = panel.getByText('Where this comes from');
      if (device === 'phone') await source.tap();
      else await source.click();
      await expect(panel.getByText(/BS 8300/)).toBeVisible();
    });
  });
}
