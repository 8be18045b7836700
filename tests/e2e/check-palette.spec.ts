import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { CompactCatalogue } from '../../shared/catalogue/types';
import { ROOT } from '../support/server-process';
import { expect, test } from './support/fixtures';

const compact = JSON.parse(readFileSync(join(ROOT, 'data/generated/catalogue.json'), 'utf8')) as CompactCatalogue;
const paint = (name: string) => compact.colors.find((c) => c.colorName === name)!;
const strips = (page: Page) => page.getByRole('list', { name: 'Current palette' }).getByRole('listitem');

async function openCheck(page: Page, names: string[]) {
  await page.goto(`/#palette=${names.map((n) => paint(n).hexCode.slice(1)).join('-')}`);
  await expect(strips(page)).toHaveCount(names.length);
  await page.getByRole('button', { name: 'Check this palette' }).click();
  const panel = page.getByRole('dialog', { name: 'Check this palette' });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('check this palette', () => {
  test('flags two whites as too close in LRV and not a white against Railings', async ({ page }) => {
    const names = ['All White', 'Strong White', 'Railings'];
    const [white, strong, railings] = names.map(paint);
    // The facts the test rests on, from the catalogue file: two whites close, white and Railings far.
    expect(Math.abs(white!.lrv - strong!.lrv)).toBeLessThan(30);
    expect(Math.abs(white!.lrv - railings!.lrv)).toBeGreaterThanOrEqual(30);
    expect(Math.abs(strong!.lrv - railings!.lrv)).toBeGreaterThanOrEqual(30);
    const panel = await openCheck(page, names);
    const close = panel.getByRole('list', { name: 'Pairs under 30 LRV points apart' }).getByRole('listitem');
    await expect(close).toHaveCount(1);
    await expect(close).toContainText('All White and Strong White');
    await expect(panel.getByRole('list', { name: 'Pairs under 30 LRV points apart' })).not.toContainText('Railings');
    // The ladder runs light to dark, each with its LRV, estimates marked.
    const ladder = panel.locator('.check-ladder li');
    const sorted = [white!, strong!, railings!].sort((a, b) => b.lrv - a.lrv);
    await expect(ladder).toHaveCount(3);
    for (const [i, c] of sorted.entries()) {
      await expect(ladder.nth(i)).toContainText(c.colorName);
      await expect(ladder.nth(i)).toContainText(`LRV ${Math.round(c.lrv)}${c.lrvEstimated ? ' (estimated)' : ''}`);
    }
    // Colour vision views and undertones are there too.
    for (const kind of ['Protanopia', 'Deuteranopia', 'Tritanopia']) {
      await expect(panel.getByRole('region', { name: kind })).toBeVisible();
    }
    await expect(panel.getByText(/\d warm, \d cool, \d neutral\./)).toBeVisible();
    // Each paint links to its supplier, and the panel is honest about screens.
    for (const c of [white!, strong!, railings!]) {
      await expect(panel.getByRole('link', { name: `${c.colorName} at ${c.brand}` })).toHaveAttribute(
        'href',
        c.purchaseLink,
      );
    }
    await expect(panel.getByText('Colours on screen are approximate; order a tester pot')).toBeVisible();
    // So is the screen a shared link opens on.
    await expect(page.getByText('Colours on screen are approximate; order a tester pot.').first()).toBeAttached();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  test('a white and Railings alone pass the LRV check', async ({ page }) => {
    const panel = await openCheck(page, ['All White', 'Railings', 'Hague Blue']);
    const white = paint('All White');
    const far = ['Railings', 'Hague Blue'].every((n) => Math.abs(paint(n).lrv - white.lrv) >= 30);
    expect(far).toBe(true);
    // Railings and Hague Blue are both dark: that pair is the only one flagged.
    expect(Math.abs(paint('Railings').lrv - paint('Hague Blue').lrv)).toBeLessThan(30);
    const close = panel.getByRole('list', { name: 'Pairs under 30 LRV points apart' }).getByRole('listitem');
    await expect(close).toHaveCount(1);
    await expect(close).not.toContainText('All White');
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds nothing serious on the panel (${theme})`, async ({ page }) => {
      await page.addInitScript((dark) => localStorage.setItem('darkMode', dark), String(theme === 'dark'));
      await openCheck(page, ['All White', 'Strong White', 'Railings', 'Hague Blue', 'Babouche']);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const results = await new AxeBuilder({ page }).include('dialog').analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
      expect(serious).toEqual([]);
    });
  }
});
