import { expect, test } from './support/fixtures';
import {
  chipFarFrom,
  differs,
  labelsOf,
  picture,
  pixelsAt,
  pointIn,
  roomDialog,
  type SampleRoomFile,
  sampleRooms,
  settled,
  tapPicture,
  surfaceValue,
} from './support/room';
import { strips, visitUntilInstalled } from './support/service-worker';

// The service worker is what this file is about: let it run (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const room = sampleRooms()[0] as SampleRoomFile;
const wall = pointIn(labelsOf(room), surfaceValue(room, /wall/i));

test('after one visit, with the network off, a sample room opens in each light and repaints', async ({ page }) => {
  await visitUntilInstalled(page);
  await page.context().setOffline(true);
  await page.reload();
  await expect(strips(page).first()).toBeVisible();
  await page.getByRole('link', { name: 'Try in a room' }).click();
  await expect(roomDialog(page)).toBeVisible();
  await roomDialog(page).getByRole('button', { name: room.name }).click();
  await expect(picture(page)).toBeVisible();
  await settled(page);
  const [before] = await pixelsAt(page, [wall]);
  await tapPicture(page, wall);
  await (await chipFarFrom(page, before)).click();
  await settled(page);
  await expect.poll(async () => differs((await pixelsAt(page, [wall]))[0], before)).toBeGreaterThan(20);
  for (const light of room.lights.slice(1)) {
    await roomDialog(page).getByRole('radio', { name: light.label }).check();
    await settled(page);
    await expect(roomDialog(page).locator('.room-problem')).toBeHidden();
    await expect(roomDialog(page).getByRole('radio', { name: light.label })).toBeChecked();
  }
});
