import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  chipFarFrom,
  chips,
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
  throttleCpu,
  surfaceValue,
} from './support/room';

const room = sampleRooms().find((r) => r.id === 'living') as SampleRoomFile;
const labels = labelsOf(room);
const wall = pointIn(labels, surfaceValue(room, 'Walls'));
const feature = pointIn(labels, surfaceValue(room, 'Feature wall'));
/** Not a wall: the floor, a window, the furniture (label 0). */
const outside = pointIn(labels, 0, 8);
const [firstLight, secondLight, thirdLight] = room.lights as [
  SampleRoomFile['lights'][number],
  SampleRoomFile['lights'][number],
  SampleRoomFile['lights'][number],
];
const SLOW = { timeout: 30_000 };

/** The room's light, chosen by touch. */
const light = (page: Page, label: string) => roomDialog(page).getByRole('radio', { name: label });

test.describe('on a phone with a slow CPU', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 });

  test('a person opens the Living room, taps two walls at once, tries each paint in three lights and keeps the room', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const view = await openRoomView(page);
    await throttleCpu(page, 4);
    await view.getByRole('button', { name: room.name }).tap();
    await expect(picture(page)).toBeVisible(SLOW);

    // The first tap, as soon as the picture shows: the walls are taken, whatever the page was
    // still doing.
    await tapPicture(page, wall, true);
    await expect(surfaceChoice(page, 'Walls')).not.toHaveAccessibleName(/not selected/, SLOW);

    // The second wall, tapped at once after choosing another light, while that picture is still on
    // its way (its file held back here, as on a slow link): the tap waits for it, says it is
    // working, and is not lost when the picture comes.
    await surfaceChoice(page, 'Feature wall').tap();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/${secondLight.src}`, async (route) => {
      await held;
      await route.continue();
    });
    await light(page, secondLight.label).tap();
    await tapPicture(page, feature, true);
    await expect(picture(page).getByText('Selecting…')).toBeVisible(SLOW);
    release();
    await expect(surfaceChoice(page, 'Feature wall')).not.toHaveAccessibleName(/not selected/, SLOW);
    await expect(picture(page).getByText('Selecting…')).toBeHidden(SLOW);
    await expect(surfaceChoice(page, 'Walls')).not.toHaveAccessibleName(/not selected/);

    // Each paint of the palette on the walls: the wall changes, what is not a wall does not.
    await surfaceChoice(page, 'Walls').tap();
    const asPhoto = photoPixel(room, secondLight.id, wall);
    const [outsideBefore] = await pixelsAt(page, [outside]);
    let last: number[] | undefined;
    for (const chip of await chips(page).all()) {
      const name = ((await chip.textContent()) ?? '').trim();
      await chip.tap();
      await expect(surfaceChoice(page, 'Walls')).toHaveAccessibleName(new RegExp(`^Walls ${name}`));
      await expect.poll(async () => differs((await pixelsAt(page, [wall]))[0], last), SLOW).toBeGreaterThan(6);
      [last] = await pixelsAt(page, [wall]);
      expect((await pixelsAt(page, [outside]))[0]).toEqual(outsideBefore);
    }
    // The walls end in the paint least like them, so every light shows it.
    const far = await chipFarFrom(page, asPhoto);
    const farName = ((await far.textContent()) ?? '').trim();
    await far.tap();
    await expect(surfaceChoice(page, 'Walls')).toHaveAccessibleName(new RegExp(`^Walls ${farName}`));

    // The three lights: the paints stay, on the wall and in the list.
    for (const lit of [thirdLight, firstLight, secondLight]) {
      await light(page, lit.label).tap();
      await expect(light(page, lit.label)).toBeChecked();
      const photo = photoPixel(room, lit.id, wall);
      await expect.poll(async () => differs((await pixelsAt(page, [wall]))[0], photo), SLOW).toBeGreaterThan(20);
      const outsidePhoto = photoPixel(room, lit.id, outside);
      await expect.poll(async () => differs((await pixelsAt(page, [outside]))[0], outsidePhoto), SLOW).toBeLessThan(20);
      await expect(surfaceChoice(page, 'Walls')).toHaveAccessibleName(new RegExp(`^Walls ${farName}`));
      await expect(surfaceChoice(page, 'Feature wall')).not.toHaveAccessibleName(/not selected/);
    }

    // Kept: saved on the phone, found again after a reload, walls still in their paint.
    await roomDialog(page).getByRole('button', { name: 'Save room' }).tap();
    await expect(page.getByText('Room saved on this device')).toBeVisible(SLOW);
    await throttleCpu(page, 1);
    await page.reload();
    // The reload opens the room view again (its address): the person closes it.
    await roomDialog(page).getByRole('button', { name: 'Close' }).tap();
    await expect(roomDialog(page)).toBeHidden();
    await page
      .getByRole('button', { name: /^Saved palettes/ })
      .filter({ visible: true })
      .tap();
    await page
      .getByRole('dialog', { name: 'Saved Palettes' })
      .getByRole('list', { name: 'Saved rooms' })
      .getByRole('button', { name: new RegExp(`^${room.name}`) })
      .tap();
    await expect(roomDialog(page)).toBeVisible();
    await expect(surfaceChoice(page, 'Walls')).toHaveAccessibleName(new RegExp(`^Walls ${farName}`), SLOW);
    await expect(surfaceChoice(page, 'Feature wall')).not.toHaveAccessibleName(/not selected/);
    await expect(light(page, secondLight.label)).toBeChecked();
    const photo = photoPixel(room, secondLight.id, wall);
    await expect.poll(async () => differs((await pixelsAt(page, [wall]))[0], photo), SLOW).toBeGreaterThan(20);
  });
});
