import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { heic } from './support/bad-images';
import { expect, test } from './support/fixtures';
import {
  chipFarFrom,
  chips,
  differs,
  labelsOf,
  openRoomView,
  picture,
  pixelsAt,
  pointIn,
  roomDialog,
  type SampleRoomFile,
  settled,
  sampleRooms,
  tapPicture,
  surfaceValue,
} from './support/room';

const room = sampleRooms()[0] as SampleRoomFile;
const labels = labelsOf(room);
const wallsValue = surfaceValue(room, /wall/i);
const wall = pointIn(labels, wallsValue);
/** Somewhere that is not the walls: another labelled surface, or nothing (floor, window, furniture). */
const notWall = pointIn(labels, 0, 8);

// The room's own Undo, not a toast's (a palette from a link offers one for a while).
const tools = (page: Page) => roomDialog(page).getByRole('toolbar', { name: 'Selection tools' });
const toast = (page: Page, text: string | RegExp) => page.locator('.toast-region').getByText(text);
const surface = (page: Page, name: string) => roomDialog(page).getByRole('radio', { name: new RegExp(`^${name}`) });

async function openSample(page: Page) {
  const view = await openRoomView(page);
  await view.getByRole('button', { name: room.name }).click();
  await expect(picture(page)).toBeVisible();
  await expect(view.getByRole('radio', { name: room.lights[0]?.label })).toBeChecked();
  await settled(page);
}

/** Waits until the picture shows something else than `before` at `at` (the repaint has landed). */
/** Selects the walls and gives them the palette's paint least like them; resolves once the picture shows it. */
async function paintWall(page: Page, before: number[] | undefined) {
  await tapPicture(page, wall);
  await (await chipFarFrom(page, before)).click();
  await repainted(page, wall, before);
}

async function repainted(page: Page, at: { fx: number; fy: number }, before: number[] | undefined) {
  await settled(page);
  await expect.poll(async () => differs((await pixelsAt(page, [at]))[0], before)).toBeGreaterThan(20);
}

for (const size of [
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
  { name: 'laptop', viewport: { width: 1280, height: 800 }, touch: false },
]) {
  test.describe(`a sample room on a ${size.name}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });

    test('tap a wall, choose a paint: the wall repaints and nothing else does; another light keeps the paints', async ({
      page,
    }) => {
      const warnings: string[] = [];
      page.on('console', (message) => warnings.push(message.text()));
      await openSample(page);
      const [wallBefore, outsideBefore] = await pixelsAt(page, [wall, notWall]);
      await tapPicture(page, wall, size.touch);
      await expect(surface(page, 'Walls')).toBeChecked();
      await expect(roomDialog(page).getByRole('radio', { name: /^Walls/ })).not.toHaveAccessibleName(/not selected/);
      const second = await chipFarFrom(page, wallBefore);
      const secondName = (await second.textContent()) ?? '';
      await second.click();
      await expect(second).toHaveAttribute('aria-pressed', 'true');
      await expect(roomDialog(page).getByText(`Walls: ${secondName}`, { exact: true })).toBeAttached();
      await repainted(page, wall, wallBefore);
      const [, outsideAfter] = await pixelsAt(page, [wall, notWall]);
      expect(outsideAfter).toEqual(outsideBefore);

      // Another chip: the wall changes again.
      const [wallSecond] = await pixelsAt(page, [wall]);
      const third = await chipFarFrom(page, wallSecond);
      await third.click();
      await repainted(page, wall, wallSecond);
      const [wallThird] = await pixelsAt(page, [wall]);

      // Evening light: a different photo, the walls keep their paint.
      const evening = room.lights[2] as { label: string };
      await roomDialog(page).getByRole('radio', { name: evening.label }).check();
      await expect(roomDialog(page).getByRole('radio', { name: evening.label })).toBeChecked();
      await expect(third).toHaveAttribute('aria-pressed', 'true');
      await expect(surface(page, 'Walls')).toHaveAccessibleName(new RegExp(((await third.textContent()) ?? '').trim()));
      // The evening picture is another picture: the wall shows the same paint in another light.
      await expect.poll(async () => differs((await pixelsAt(page, [wall]))[0], wallThird)).toBeGreaterThan(8);
      // All of it ran in the room worker: it never had to give up.
      expect(warnings.filter((text) => /room worker failed/.test(text))).toEqual([]);
      expect(page.workers().some((worker) => /room\.worker/.test(worker.url()))).toBe(true);
    });
  });
}

test.describe('choosing and changing surfaces', () => {
  test('Erase takes the wall away, Undo brings it back, Redo takes it away again', async ({ page }) => {
    await openSample(page);
    const [before] = await pixelsAt(page, [wall]);
    await paintWall(page, before);
    const [painted] = await pixelsAt(page, [wall]);
    await roomDialog(page).getByRole('button', { name: 'Erase' }).click();
    await expect(roomDialog(page).getByRole('button', { name: 'Erase' })).toHaveAttribute('aria-pressed', 'true');
    await tapPicture(page, wall);
    await settled(page);
    await expect.poll(async () => (await pixelsAt(page, [wall]))[0]).toEqual(before);
    await expect(surface(page, 'Walls')).toHaveAccessibleName(/not selected/);
    await tools(page).getByRole('button', { name: 'Undo' }).click();
    await settled(page);
    await expect.poll(async () => (await pixelsAt(page, [wall]))[0]).toEqual(painted);
    await tools(page).getByRole('button', { name: 'Redo' }).click();
    await settled(page);
    await expect.poll(async () => (await pixelsAt(page, [wall]))[0]).toEqual(before);
  });

  test('a brush stroke adds to the selected surface where the taps did not reach', async ({ page }) => {
    // The ceiling: bright, so any paint shows on it.
    const ceiling = pointIn(labels, surfaceValue(room, /ceiling/i));
    await openSample(page);
    const [before] = await pixelsAt(page, [ceiling]);
    await (await chipFarFrom(page, before)).click();
    await roomDialog(page).getByRole('button', { name: 'Brush' }).click();
    const box = (await picture(page).boundingBox()) as { x: number; y: number; width: number; height: number };
    const x = box.x + ceiling.fx * box.width;
    const y = box.y + ceiling.fy * box.height;
    await page.mouse.move(x - 10, y);
    await page.mouse.down();
    await page.mouse.move(x, y, { steps: 4 });
    await page.mouse.move(x + 10, y, { steps: 4 });
    await page.mouse.up();
    await repainted(page, ceiling, before);
    await expect(surface(page, 'Walls')).not.toHaveAccessibleName(/not selected/);
  });

  test('the keyboard moves a crosshair and Enter selects the surface under it; the change is announced', async ({
    page,
  }) => {
    await openSample(page);
    const [before] = await pixelsAt(page, [wall]);
    await surface(page, 'Walls').click();
    for (let i = 0; i < 20 && !(await picture(page).evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Shift+Tab');
    }
    await expect(picture(page)).toBeFocused();
    const across = Math.round((wall.fx - 0.5) / 0.02);
    const down = Math.round((wall.fy - 0.5) / 0.02);
    for (let i = 0; i < Math.abs(across); i++) await page.keyboard.press(across > 0 ? 'ArrowRight' : 'ArrowLeft');
    for (let i = 0; i < Math.abs(down); i++) await page.keyboard.press(down > 0 ? 'ArrowDown' : 'ArrowUp');
    await page.keyboard.press('Enter');
    const first = ((await chips(page).first().textContent()) ?? '').trim();
    await expect(roomDialog(page).locator('.room-announce')).toHaveText(`Walls: ${first}`);
    await (await chipFarFrom(page, before)).click();
    await repainted(page, wall, before);
  });

  test('a tap on what is no surface (the window, the floor) says so and changes nothing', async ({ page }) => {
    await openSample(page);
    const [before] = await pixelsAt(page, [notWall]);
    await tapPicture(page, notWall);
    await expect(toast(page, 'Nothing to paint there. Tap a wall, the ceiling or the woodwork.')).toBeVisible();
    expect((await pixelsAt(page, [notWall]))[0]).toEqual(before);
    await expect(tools(page).getByRole('button', { name: 'Undo' })).toBeDisabled();
  });
});

test.describe('comparing', () => {
  test('hold shows the photo as it was; the slider and a second paint show two paints side by side', async ({
    page,
  }) => {
    await openSample(page);
    const [before] = await pixelsAt(page, [wall]);
    await paintWall(page, before);
    const original = roomDialog(page).locator('canvas.room-original');
    await expect(original).toBeHidden();
    const hold = roomDialog(page).getByRole('button', { name: 'Hold to see the photo as it was' });
    await hold.hover();
    await page.mouse.down();
    await expect(original).toBeVisible();
    expect((await pixelsAt(page, [wall], original))[0]).toEqual(before);
    await page.mouse.up();
    await expect(original).toBeHidden();

    // A second paint on the right of the line.
    const [paintedWall] = await pixelsAt(page, [wall]);
    const second = ((await (await chipFarFrom(page, paintedWall, before)).textContent()) ?? '').trim();
    await roomDialog(page)
      .getByRole('combobox', { name: 'Right of the line' })
      .selectOption({ label: `Walls in ${second}` });
    const slider = roomDialog(page).getByRole('slider', { name: 'Compare' });
    await expect(slider).toHaveValue('50');
    const under = roomDialog(page).locator('canvas.room-under');
    const underWall = async () => (await pixelsAt(page, [wall], under))[0];
    await settled(page);
    const [frameWall] = await pixelsAt(page, [wall]);
    // Right of the line: the wall in the second paint, neither the photo nor the first paint.
    await expect
      .poll(async () => {
        const shown = await underWall();
        return Math.min(differs(shown, frameWall), differs(shown, before));
      })
      .toBeGreaterThan(20);
    await slider.focus();
    await page.keyboard.press('End');
    await expect(slider).toHaveValue('100');
  });
});

test.describe('keeping a room', () => {
  test('a saved room is in Saved palettes after a reload and opens with its paints', async ({ page }) => {
    await openSample(page);
    const [before] = await pixelsAt(page, [wall]);
    await paintWall(page, before);
    const [painted] = await pixelsAt(page, [wall]);
    const paintName = ((await roomDialog(page).locator('.room-chip[aria-pressed="true"]').textContent()) ?? '').trim();
    await roomDialog(page).getByRole('button', { name: 'Save room' }).click();
    await expect(toast(page, 'Room saved on this device')).toBeVisible();

    await page.reload();
    await expect(roomDialog(page)).toBeVisible();
    await roomDialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(roomDialog(page)).toBeHidden();
    await expect(page).not.toHaveURL(/#room/);
    await page
      .getByRole('button', { name: /^Saved palettes/ })
      .filter({ visible: true })
      .click();
    const sidebar = page.getByRole('dialog', { name: 'Saved Palettes' });
    const rooms = sidebar.getByRole('list', { name: 'Saved rooms' });
    await expect(rooms.getByRole('listitem')).toHaveCount(1);
    await rooms.getByRole('button', { name: new RegExp(`^${room.name}`) }).click();
    await expect(roomDialog(page)).toBeVisible();
    await expect(page).toHaveURL(/#room=room-/);
    await expect(surface(page, 'Walls')).toHaveAccessibleName(new RegExp(paintName));
    await expect.poll(async () => differs((await pixelsAt(page, [wall]))[0], painted)).toBeLessThan(4);
    // Back closes the room view.
    await page.goBack();
    await expect(roomDialog(page)).toBeHidden();
  });
});

/** A JPEG of two flat walls meeting in a corner (left and right), with an EXIF orientation when asked. */
function twoWallsJpeg(width: number, height: number, orientation?: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const left = x < width / 2;
      const shade = 0.85 + (0.15 * y) / height;
      data[i] = (left ? 220 : 90) * shade;
      data[i + 1] = (left ? 214 : 110) * shade;
      data[i + 2] = (left ? 200 : 150) * shade;
      data[i + 3] = 255;
    }
  const encoded = Buffer.from(jpeg.encode({ width, height, data }, 92).data);
  if (!orientation) return encoded;
  const tiff = Buffer.from([
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08,
    0x00,
    0x01,
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    orientation,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
  ]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);
  return Buffer.concat([encoded.subarray(0, 2), app1, encoded.subarray(2)]);
}

const fileInput = (page: Page) => roomDialog(page).locator('input[type="file"]:not([capture])').first();

test.describe('your own photo', () => {
  test('a photo from the file chooser: asked what the walls are now, a tap on a wall repaints that wall only', async ({
    page,
  }) => {
    await openRoomView(page);
    await expect(roomDialog(page).getByText('Your photo stays on this device.')).toBeVisible();
    await fileInput(page).setInputFiles({
      name: 'my-room.jpg',
      mimeType: 'image/jpeg',
      buffer: twoWallsJpeg(800, 600),
    });
    await expect(picture(page)).toBeVisible();
    const ask = roomDialog(page).getByRole('group', { name: 'What colour are your walls painted now?' });
    await expect(ask.getByRole('radio', { name: 'A white, not sure which' })).toBeChecked();
    await roomDialog(page).getByRole('button', { name: 'Done' }).click();
    await expect(roomDialog(page).getByText('Walls now: a white, not sure which')).toBeVisible();
    await settled(page);
    const left = { fx: 0.25, fy: 0.5 };
    const right = { fx: 0.75, fy: 0.5 };
    const [leftBefore, rightBefore] = await pixelsAt(page, [left, right]);
    await tapPicture(page, left);
    await (await chipFarFrom(page, leftBefore)).click();
    await repainted(page, left, leftBefore);
    expect((await pixelsAt(page, [right]))[0]).toEqual(rightBefore);
  });

  test('EXIF orientation is honoured: a portrait stored on its side shows upright', async ({ page }) => {
    await openRoomView(page);
    // Large enough to be decoded at a fraction of its size, as a phone's photo is.
    await fileInput(page).setInputFiles({
      name: 'side.jpg',
      mimeType: 'image/jpeg',
      buffer: twoWallsJpeg(3000, 1500, 6),
    });
    await expect(picture(page)).toBeVisible();
    const size = await page.getByTestId('room-picture').evaluate((c: HTMLCanvasElement) => [c.width, c.height]);
    expect(size[1]).toBeGreaterThan(size[0] as number);
    // Stored with the light wall on the left and the shade darkening upwards; turned a quarter
    // clockwise, the light wall is on top and the dark end of the shade on the right.
    const [top, bottom, topLeft, topRight] = await pixelsAt(page, [
      { fx: 0.5, fy: 0.25 },
      { fx: 0.5, fy: 0.75 },
      { fx: 0.05, fy: 0.25 },
      { fx: 0.95, fy: 0.25 },
    ]);
    expect(top?.[0]).toBeGreaterThan((bottom?.[0] as number) + 60);
    expect(topLeft?.[0]).toBeGreaterThan((topRight?.[0] as number) + 15);
  });

  test('a photo dropped on the view opens; a panorama and a transparent PNG open too', async ({ page }) => {
    await openRoomView(page);
    const bytes = [...twoWallsJpeg(300, 200)];
    const transfer = await page.evaluateHandle((data) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(data)], 'dropped.jpg', { type: 'image/jpeg' }));
      return dt;
    }, bytes);
    const view = roomDialog(page).locator('.room-view');
    await view.dispatchEvent('dragenter', { dataTransfer: transfer });
    await view.dispatchEvent('drop', { dataTransfer: transfer });
    await expect(picture(page)).toBeVisible();
    // Not the page's own drop zone: the extractor stays shut.
    await expect(page.getByRole('dialog', { name: 'Extract palette from image' })).toBeHidden();
    let size = await page.getByTestId('room-picture').evaluate((c: HTMLCanvasElement) => [c.width, c.height]);
    expect((size[0] as number) / (size[1] as number)).toBeCloseTo(1.5, 1);

    await fileInput(page).setInputFiles({ name: 'pano.jpg', mimeType: 'image/jpeg', buffer: twoWallsJpeg(3000, 400) });
    await expect
      .poll(async () => {
        size = await page.getByTestId('room-picture').evaluate((c: HTMLCanvasElement) => [c.width, c.height]);
        return (size[0] as number) / (size[1] as number);
      })
      .toBeCloseTo(7.5, 1);

    const clear = new PNG({ width: 120, height: 80 });
    clear.data.fill(0);
    await fileInput(page).setInputFiles({ name: 'clear.png', mimeType: 'image/png', buffer: PNG.sync.write(clear) });
    await expect
      .poll(async () => (await page.getByTestId('room-picture').evaluate((c: HTMLCanvasElement) => c.width)) / 1)
      .toBe(120);
    await settled(page);
    // Transparent shows as white, as on a page.
    expect((await pixelsAt(page, [{ fx: 0.5, fy: 0.5 }]))[0]).toEqual([255, 255, 255]);
    await expect(roomDialog(page).locator('.room-problem')).toBeHidden();
  });

  test('bad files get a clear message and the room on screen stays as it was', async ({ page }) => {
    await openSample(page);
    const [before] = await pixelsAt(page, [wall]);
    await paintWall(page, before);
    const [painted] = await pixelsAt(page, [wall]);
    const onePixel = PNG.sync.write(
      Object.assign(new PNG({ width: 1, height: 1 }), { data: Buffer.from([9, 9, 9, 255]) }),
    );
    const bomb = Buffer.from(onePixel);
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    const good = twoWallsJpeg(200, 150);
    const cases: Array<[string, Buffer, string, RegExp]> = [
      ['empty.jpg', Buffer.alloc(0), 'image/jpeg', /That file is empty/],
      ['notes.jpg', Buffer.from('these are not pixels'), 'image/jpeg', /not an image/],
      ['tiny.png', onePixel, 'image/png', /too small to show a room \(1 × 1 pixels\)/],
      ['bomb.png', bomb, 'image/png', /too large \(20000 × 20000 pixels\)/],
      ['cut.jpg', good.subarray(0, Math.floor(good.length / 2)), 'image/jpeg', /incomplete|damaged/],
      ['photo.heic', heic(), 'image/heic', /Export it as a JPEG/],
    ];
    for (const [name, buffer, mimeType, message] of cases) {
      await fileInput(page).setInputFiles({ name, mimeType, buffer });
      await expect(roomDialog(page).locator('.room-problem')).toHaveText(message);
      await expect(picture(page)).toBeVisible();
      expect((await pixelsAt(page, [wall]))[0]).toEqual(painted);
    }
  });
});

test.describe('ways in and out', () => {
  test('the room view has no serious accessibility problems', async ({ page }) => {
    await openSample(page);
    await paintWall(page, (await pixelsAt(page, [wall]))[0]);
    const results = await new AxeBuilder({ page }).include('.room-dialog').analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(' | ')}`,
      );
    expect(serious).toEqual([]);
  });

  test("a paint's details open the room with that paint first; Back closes the room", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Search colours' }).click();
    await page.keyboard.type('hague');
    const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    await expect(results.first().locator('.result-name')).toHaveText('Hague Blue');
    await page.keyboard.press('Escape');
    await results.first().locator('.result-swatch').click();
    const details = page.getByRole('dialog', { name: 'Hague Blue' });
    await details.getByRole('button', { name: 'See it on a wall' }).click();
    await expect(details).toBeHidden();
    await expect(roomDialog(page)).toBeVisible();
    await expect(page).toHaveURL(/#room$/);
    await roomDialog(page).getByRole('button', { name: room.name }).click();
    await expect(chips(page).first()).toHaveText('Hague Blue');
    await page.goBack();
    await expect(roomDialog(page)).toBeHidden();
    await expect(page).not.toHaveURL(/#room/);
  });

  test("a shared palette's banner offers the room, with the shared paints as chips", async ({ page }) => {
    const { loadCatalogue } = await import('../../server/catalogue-file');
    const shared = loadCatalogue().colors.slice(0, 3);
    await page.goto(`/#palette=${shared.map((c) => c.hexCode.replace('#', '')).join('-')}`);
    const banner = page.getByRole('complementary', { name: 'Shared palette' });
    await banner.getByRole('button', { name: 'Try in a room' }).click();
    await expect(roomDialog(page)).toBeVisible();
    await roomDialog(page).getByRole('button', { name: room.name }).click();
    await expect(chips(page)).toHaveText(shared.map((c) => c.colorName));
  });

  test('when the room worker crashes mid-job, the page takes over and the room still works', async ({ page }) => {
    // A worker that loads and then dies on its first job.
    await page.route(/room\.worker[^/]*\.js/, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: "self.addEventListener('message', () => setTimeout(() => { throw new Error('crashed'); }));",
      }),
    );
    await openSample(page);
    const [before, outside] = await pixelsAt(page, [wall, notWall]);
    await paintWall(page, before);
    expect((await pixelsAt(page, [notWall]))[0]).toEqual(outside);
  });
});
