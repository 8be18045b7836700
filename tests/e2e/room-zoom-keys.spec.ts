import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  chipFarFrom,
  differs,
  labelsOf,
  openRoomView,
  photoPixel,
  picture,
  pixelsAt,
  pointIn,
  roomDialog,
  type SampleRoomFile,
  sampleRooms,
  surfaceChoice,
  tapPicture,
  surfaceValue,
} from './support/room';

const room = sampleRooms().find((r) => r.id === 'living') as SampleRoomFile;
const labels = labelsOf(room);
const wall = pointIn(labels, surfaceValue(room, 'Walls'));
const SLOW = { timeout: 30_000 };
type Box = { x: number; y: number; width: number; height: number };

const frameBox = async (page: Page) => (await page.getByTestId('room-picture').boundingBox()) as Box;
const zoomButton = (page: Page) => roomDialog(page).getByRole('button', { name: 'Zoom' });

async function openLivingRoom(page: Page) {
  const view = await openRoomView(page);
  await view.getByRole('button', { name: room.name }).click();
  await expect(picture(page)).toBeVisible(SLOW);
  await expect(roomDialog(page).getByRole('radio', { name: room.lights[0]?.label })).toBeChecked();
}

test('zoomed in, the keyboard crosshair is drawn where it points, stays in view, and Enter selects what is under it', async ({
  page,
}) => {
  await openLivingRoom(page);
  await zoomButton(page).click();
  await expect(zoomButton(page)).toHaveAttribute('aria-pressed', 'true');
  // Back to the picture with the keyboard, as a person without a mouse does.
  for (let i = 0; i < 20 && !(await picture(page).evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Shift+Tab');
  }
  await expect(picture(page)).toBeFocused();
  const cross = picture(page).locator('.room-cross');
  await expect(cross).toBeVisible();
  // Up, past the top of the part in view (the zoom shows the middle of the picture).
  for (let i = 0; i < 8; i++) await page.keyboard.press('Shift+ArrowUp');

  const stage = (await picture(page).boundingBox()) as Box;
  const ring = (await cross.boundingBox()) as Box;
  const centre = { x: ring.x + ring.width / 2, y: ring.y + ring.height / 2 };
  // In the visible part of the stage, the whole ring.
  expect(ring.y).toBeGreaterThanOrEqual(stage.y);
  expect(ring.y + ring.height).toBeLessThanOrEqual(stage.y + stage.height);
  expect(centre.x).toBeGreaterThan(stage.x);
  expect(centre.x).toBeLessThan(stage.x + stage.width);
  // The point of the picture under the crosshair, through the zoom as drawn on screen.
  const frame = await frameBox(page);
  const under = { fx: (centre.x - frame.x) / frame.width, fy: (centre.y - frame.y) / frame.height };
  const label = labels.at(Math.floor(under.fx * labels.width), Math.floor(under.fy * labels.height));
  const surface = room.surfaces.find((s) => s.value === label);
  expect(surface, 'the crosshair is over a surface of the room').toBeTruthy();
  const [before] = await pixelsAt(page, [under]);

  await page.keyboard.press('Enter');
  await expect(surfaceChoice(page, 'Walls')).not.toHaveAccessibleName(/not selected/, SLOW);
  await (await chipFarFrom(page, before)).click();
  // What the crosshair was over takes the paint.
  await expect.poll(async () => differs((await pixelsAt(page, [under]))[0], before), SLOW).toBeGreaterThan(20);
});

test('another light keeps the zoom and the pan, the surfaces and their paints', async ({ page }) => {
  await openLivingRoom(page);
  await tapPicture(page, wall);
  await expect(surfaceChoice(page, 'Walls')).not.toHaveAccessibleName(/not selected/, SLOW);
  const far = await chipFarFrom(page, photoPixel(room, 'north', wall), photoPixel(room, 'evening', wall));
  const name = ((await far.textContent()) ?? '').trim();
  await far.click();
  await expect(surfaceChoice(page, 'Walls')).toHaveAccessibleName(new RegExp(`^Walls ${name}`));

  // Zoomed in and dragged to one side.
  await zoomButton(page).click();
  const stage = (await picture(page).boundingBox()) as Box;
  await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2);
  await page.mouse.down();
  await page.mouse.move(stage.x + stage.width / 2 + 50, stage.y + stage.height / 2 + 20, { steps: 5 });
  await page.mouse.up();
  const zoomed = await frameBox(page);
  expect(zoomed.width / stage.width).toBeCloseTo(2, 1);

  const [northPainted] = await pixelsAt(page, [wall]);
  const evening = room.lights.find((l) => l.id === 'evening') as SampleRoomFile['lights'][number];
  await roomDialog(page).getByRole('radio', { name: evening.label }).check();
  // The new light shows, the walls still in the paint (not as the evening photo has them) ...
  await expect.poll(async () => differs((await pixelsAt(page, [wall]))[0], northPainted), SLOW).toBeGreaterThan(20);
  expect(differs((await pixelsAt(page, [wall]))[0], photoPixel(room, 'evening', wall))).toBeGreaterThan(20);
  // ... in the same place and size on the stage (the view may have scrolled to the lights): the
  // zoom and the pan are kept.
  const after = await frameBox(page);
  const stageAfter = (await picture(page).boundingBox()) as Box;
  expect(after.width).toBeCloseTo(zoomed.width, 0);
  expect(after.x - stageAfter.x).toBeCloseTo(zoomed.x - stage.x, 0);
  expect(after.y - stageAfter.y).toBeCloseTo(zoomed.y - stage.y, 0);
  await expect(zoomButton(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(surfaceChoice(page, 'Walls')).toHaveAccessibleName(new RegExp(`^Walls ${name}`));
});
