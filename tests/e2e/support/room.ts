import type { Locator, Page } from '@playwright/test';
import { loadCatalogue } from '../../../server/catalogue-file';
import { distinctPaints } from '../../workers/extract-fixtures';
import { expect } from './fixtures';
import { type Labels, type SampleRoomFile, samplePhoto } from '../../support/sample-rooms';

export { type Labels, labelsOf, type SampleRoomFile, sampleRooms } from '../../support/sample-rooms';

/** The label value of the sample room's surface named `name` (the first one matching, for a pattern). */
export function surfaceValue(room: SampleRoomFile, name: string | RegExp): number {
  const surface = room.surfaces.find((s) => (typeof name === 'string' ? s.label === name : name.test(s.label)));
  if (!surface) throw new Error(`the ${room.id} room has no surface ${name}`);
  return surface.value;
}

/**
 * A point (as a fraction of the picture) well inside a surface: the most central pixel of the
 * label whose square of `margin` pixels around it all carries that label.
 */
export function pointIn(labels: Labels, value: number, margin = 12): { fx: number; fy: number } {
  let best: { fx: number; fy: number; score: number } | null = null;
  const step = 4;
  for (let y = margin; y < labels.height - margin; y += step) {
    for (let x = margin; x < labels.width - margin; x += step) {
      if (labels.at(x, y) !== value) continue;
      let whole = true;
      for (let dy = -margin; dy <= margin && whole; dy += 4)
        for (let dx = -margin; dx <= margin && whole; dx += 4) whole = labels.at(x + dx, y + dy) === value;
      if (!whole) continue;
      // Prefer the middle of the picture: it is where a person taps.
      const score = Math.hypot(x / labels.width - 0.5, y / labels.height - 0.5);
      if (!best || score < best.score) best = { fx: x / labels.width, fy: y / labels.height, score };
    }
  }
  if (!best) throw new Error(`no clear area with label ${value}`);
  return { fx: best.fx, fy: best.fy };
}

export const roomDialog = (page: Page) => page.getByRole('dialog', { name: 'Try in a room' });
export const picture = (page: Page) => roomDialog(page).getByRole('application', { name: /Your room/ });
export const chips = (page: Page) =>
  roomDialog(page)
    .getByRole('list', { name: /^Paints for the/ })
    .getByRole('button');

/** Taps (or clicks) the picture at a fraction of its size, as a person does. */
export async function tapPicture(page: Page, at: { fx: number; fy: number }, touch = false): Promise<void> {
  // A person scrolls the picture back into view before tapping it (a chip or a surface below may have moved it).
  await picture(page).scrollIntoViewIfNeeded();
  const box = await picture(page).boundingBox();
  if (!box) throw new Error('the picture is not on screen');
  const x = box.x + at.fx * box.width;
  const y = box.y + at.fy * box.height;
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

/**
 * Waits until the picture has finished what the last action asked (it says so with aria-busy):
 * on a loaded machine a repaint can take longer than one expect's wait.
 */
export async function settled(page: Page): Promise<void> {
  await expect(picture(page)).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
}

/** The RGB a canvas of the picture (the repainted one unless told) shows at a fraction of its size. */
export function pixelsAt(
  page: Page,
  points: Array<{ fx: number; fy: number }>,
  canvas: Locator = page.getByTestId('room-picture'),
): Promise<number[][]> {
  return canvas.evaluate((canvas: HTMLCanvasElement, list) => {
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    return list.map(({ fx, fy }) => {
      const x = Math.min(canvas.width - 1, Math.floor(fx * canvas.width));
      const y = Math.min(canvas.height - 1, Math.floor(fy * canvas.height));
      return [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
    });
  }, points);
}

export const differs = (a: number[] | undefined, b: number[] | undefined) =>
  (a ?? []).reduce((sum, v, i) => sum + Math.abs(v - (b?.[i] ?? 0)), 0);

/**
 * Five paints far apart (a random palette may hold near twins, and a repaint in a twin shows no
 * change): the palette the tests try rooms with, opened from a link as a person would.
 */
export const roomPalette = distinctPaints(loadCatalogue(), 5, 3, 25);

/** Opens the app with `roomPalette` and the room view from the palette's "Try in a room". */
export async function openRoomView(page: Page): Promise<Locator> {
  await page.goto(`/#palette=${roomPalette.map((c) => c.hexCode.replace('#', '')).join('-')}`);
  await expect(page.getByRole('list', { name: 'Current palette' }).getByRole('listitem')).toHaveCount(
    roomPalette.length,
  );
  // The palette's own bar (the shared-palette banner has one too).
  const inBar = page.locator('.share-export-bar').getByRole('link', { name: 'Try in a room' });
  if (await inBar.isVisible()) {
    await inBar.click();
  } else {
    // A phone has no room for it in the bar: it is in the menu.
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Try in a room' }).click();
  }
  await expect(roomDialog(page)).toBeVisible();
  await expect(page).toHaveURL(/#room$/);
  return roomDialog(page);
}

/**
 * The chip whose paint is furthest from all of `rgbs` (the palette is random: a near twin of the
 * wall would show no change).
 */
export async function chipFarFrom(page: Page, ...rgbs: Array<number[] | undefined>): Promise<Locator> {
  const colours = await chips(page)
    .locator('.room-chip-swatch')
    .evaluateAll((swatches) =>
      swatches.map((el) => (getComputedStyle(el).backgroundColor.match(/\d+/g) ?? []).map(Number)),
    );
  const distance = (colour: number[] | undefined) => Math.min(...rgbs.map((rgb) => differs(colour, rgb)));
  let best = 0;
  colours.forEach((colour, i) => {
    if (distance(colour) > distance(colours[best])) best = i;
  });
  return chips(page).nth(best);
}

/** Slows the page's CPU as a cheap phone's (Chrome DevTools' CPU throttling). */
export async function throttleCpu(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** The surface list's entry for a surface ("Walls", "Feature wall"): its name says its paint. */
export const surfaceChoice = (page: Page, label: string) =>
  roomDialog(page).getByRole('radio', { name: new RegExp(`^${label}`) });

/** The RGB of a sample room's photo (as shipped, in one light) at a fraction of its size. */
export function photoPixel(room: SampleRoomFile, lightId: string, at: { fx: number; fy: number }): number[] {
  const image = samplePhoto(room, lightId);
  const x = Math.min(image.width - 1, Math.floor(at.fx * image.width));
  const y = Math.min(image.height - 1, Math.floor(at.fy * image.height));
  const i = (y * image.width + x) * 4;
  return [image.data[i] ?? 0, image.data[i + 1] ?? 0, image.data[i + 2] ?? 0];
}
