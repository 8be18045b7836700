import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
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
  sampleRooms,
  settled,
  tapPicture,
  surfaceValue,
} from './support/room';

const room = sampleRooms()[0] as SampleRoomFile;
const labels = labelsOf(room);
const wall = pointIn(labels, surfaceValue(room, /wall/i));
const ceiling = pointIn(labels, surfaceValue(room, /ceiling/i));

interface Decoded {
  width: number;
  height: number;
  at: (x: number, y: number) => number[];
}

function decode(bytes: Buffer): Decoded {
  const image = bytes[0] === 0x89 ? PNG.sync.read(bytes) : (jpeg.decode(bytes, { useTArray: true }) as unknown as PNG);
  return {
    width: image.width,
    height: image.height,
    at: (x, y) => {
      const i = (y * image.width + x) * 4;
      return [image.data[i] ?? 0, image.data[i + 1] ?? 0, image.data[i + 2] ?? 0];
    },
  };
}

const rgbOf = (css: string) => (css.match(/\d+/g) ?? []).slice(0, 3).map(Number);

async function openSample(page: Page) {
  const view = await openRoomView(page);
  await view.getByRole('button', { name: room.name }).click();
  // Loading and decoding the sample room in the worker: slow on a busy machine.
  await expect(picture(page)).toBeVisible({ timeout: 30_000 });
  await settled(page);
}

/** Walls in one paint, the ceiling in another; returns the two paints' colours and the wall as the photo had it. */
async function paintTwoSurfaces(page: Page) {
  const [wallBefore, ceilingBefore] = await pixelsAt(page, [wall, ceiling]);
  await tapPicture(page, wall);
  const wallChip = await chipFarFrom(page, wallBefore);
  await wallChip.click();
  await settled(page);
  await expect.poll(async () => differs((await pixelsAt(page, [wall]))[0], wallBefore)).toBeGreaterThan(20);
  await roomDialog(page)
    .getByRole('radio', { name: /^Ceiling/ })
    .check();
  await tapPicture(page, ceiling);
  const ceilingChip = await chipFarFrom(
    page,
    ceilingBefore,
    rgbOf(await wallChip.locator('.room-chip-swatch').evaluate((el) => getComputedStyle(el).backgroundColor)),
  );
  await ceilingChip.click();
  await settled(page);
  await expect.poll(async () => differs((await pixelsAt(page, [ceiling]))[0], ceilingBefore)).toBeGreaterThan(20);
  const colour = async (chip: typeof wallChip) =>
    rgbOf(await chip.locator('.room-chip-swatch').evaluate((el) => getComputedStyle(el).backgroundColor));
  return {
    paints: [await colour(wallChip), await colour(ceilingChip)],
    names: [((await wallChip.textContent()) ?? '').trim(), ((await ceilingChip.textContent()) ?? '').trim()],
    wallBefore: wallBefore as number[],
  };
}

/** The captioned image: the picture on top, the palette card's rows in each paint under it, then its black title band. */
async function expectCaptioned(page: Page, bytes: Buffer, paints: number[][], wallBefore: number[]) {
  expect(bytes.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
  const image = decode(bytes);
  const shown = await page.getByTestId('room-picture').evaluate((c: HTMLCanvasElement) => [c.width, c.height]);
  const [width, height] = shown as [number, number];
  expect(image.width).toBe(width);
  expect(image.height).toBeGreaterThan(height + 40);
  // Down the band's left edge (past the card's padding, clear of the text): each paint's row, then black.
  const column = Array.from({ length: image.height - height }, (_, i) => image.at(3, height + i));
  for (const rgb of paints) {
    const rows = column.filter((c) => differs(c, rgb) < 18).length;
    expect(rows).toBeGreaterThan((image.height - height) / 8);
  }
  expect(differs(column.at(-3), [0, 0, 0])).toBeLessThan(18);
  // The picture is the repainted one: the wall is not the photo's wall.
  const wx = Math.floor(wall.fx * width);
  const wy = Math.floor(wall.fy * height);
  expect(differs(image.at(wx, wy), wallBefore)).toBeGreaterThan(20);
  const [onScreen] = await pixelsAt(page, [wall]);
  expect(differs(image.at(wx, wy), onScreen)).toBeLessThan(24);
}

test.describe('keeping the picture', () => {
  test.use({ acceptDownloads: true });

  test('Download image gives the picture with the palette card under it: a row in each paint, the title band, no EXIF', async ({
    page,
  }) => {
    await openSample(page);
    const { paints, wallBefore } = await paintTwoSurfaces(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      roomDialog(page).getByRole('button', { name: 'Download image' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.jpg$/);
    await expectCaptioned(page, await readFile((await download.path()) as string), paints, wallBefore);
  });
});

test.describe('sharing on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('Share image hands the captioned image file to the share sheet', async ({ page }) => {
    // The outside world: the phone's share sheet, which records what it was given.
    await page.addInitScript(() => {
      const shared: Array<{ name: string; type: string; bytes: number[] }> = [];
      (window as unknown as { sharedFiles: typeof shared }).sharedFiles = shared;
      Object.defineProperty(navigator, 'canShare', { value: (data: ShareData) => Boolean(data.files?.length) });
      Object.defineProperty(navigator, 'share', {
        value: async (data: ShareData) => {
          for (const file of data.files ?? [])
            shared.push({ name: file.name, type: file.type, bytes: [...new Uint8Array(await file.arrayBuffer())] });
        },
      });
    });
    await openSample(page);
    const { paints, wallBefore } = await paintTwoSurfaces(page);
    await roomDialog(page).getByRole('button', { name: 'Share image' }).tap();
    const files = () =>
      page.evaluate(
        () =>
          (window as unknown as { sharedFiles: Array<{ name: string; type: string; bytes: number[] }> }).sharedFiles,
      );
    await expect.poll(async () => (await files()).length, { timeout: 30_000 }).toBe(1);
    const [file] = await files();
    expect(file?.type).toBe('image/jpeg');
    expect(file?.name).toMatch(/\.jpg$/);
    await expectCaptioned(page, Buffer.from(file?.bytes ?? []), paints, wallBefore);
  });

  test('where the browser cannot share files, Share image downloads the image instead', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'canShare', { value: () => false });
      Object.defineProperty(navigator, 'share', {
        value: async () => {
          throw new Error('a browser without file sharing was asked to share a file');
        },
      });
    });
    await openSample(page);
    const { paints, wallBefore } = await paintTwoSurfaces(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      roomDialog(page).getByRole('button', { name: 'Share image' }).tap(),
    ]);
    await expectCaptioned(page, await readFile((await download.path()) as string), paints, wallBefore);
  });
});

test('a photo pasted with Ctrl+V opens as the room', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await openRoomView(page);
  // The setup: an image on the clipboard, as a screenshot or "Copy image" leaves it.
  const png = new PNG({ width: 240, height: 160 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([180, 90, 60, 255], i);
  const bytes = [...PNG.sync.write(png)];
  await page.evaluate(async (data) => {
    const blob = new Blob([new Uint8Array(data)], { type: 'image/png' });
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
  }, bytes);
  await roomDialog(page).getByRole('button', { name: 'Choose a photo' }).focus();
  await page.keyboard.press('Control+V');
  await expect(picture(page)).toBeVisible();
  await settled(page);
  const size = await page.getByTestId('room-picture').evaluate((c: HTMLCanvasElement) => [c.width, c.height]);
  expect(size).toEqual([240, 160]);
  expect(differs((await pixelsAt(page, [{ fx: 0.5, fy: 0.5 }]))[0], [180, 90, 60])).toBeLessThan(8);
  await expect(roomDialog(page).getByRole('group', { name: 'What colour are your walls painted now?' })).toBeVisible();
});

test('what the walls are painted now is found with the app search, typos and all, and changes the repaint', async ({
  page,
}) => {
  await openRoomView(page);
  const data = Buffer.alloc(400 * 300 * 4);
  for (let i = 0; i < data.length; i += 4) data.set([196, 192, 184, 255], i);
  await roomDialog(page)
    .locator('input[type="file"]:not([capture])')
    .first()
    .setInputFiles({
      name: 'my-room.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from(jpeg.encode({ width: 400, height: 300, data }, 92).data),
    });
  await expect(picture(page)).toBeVisible();
  const ask = roomDialog(page).getByRole('group', { name: 'What colour are your walls painted now?' });
  await expect(ask.getByRole('radio', { name: 'A white, not sure which' })).toBeChecked();
  await ask
    .getByRole('button', { name: 'Done' })
    .or(roomDialog(page).getByRole('button', { name: 'Done' }))
    .click();
  await expect(roomDialog(page).getByText('Walls now: a white, not sure which')).toBeVisible();
  await settled(page);
  const middle = { fx: 0.5, fy: 0.5 };
  const [before] = await pixelsAt(page, [middle]);
  await tapPicture(page, middle);
  await (await chipFarFrom(page, before)).click();
  await settled(page);
  await expect.poll(async () => differs((await pixelsAt(page, [middle]))[0], before)).toBeGreaterThan(20);
  const [asWhite] = await pixelsAt(page, [middle]);

  // They were Hague Blue all along: misspelt, the search still finds it.
  await roomDialog(page).getByRole('button', { name: 'Change' }).click();
  await roomDialog(page).getByRole('searchbox', { name: 'Find your paint' }).fill('hauge blu');
  await roomDialog(page)
    .getByRole('radio', { name: /^Hague Blue/ })
    .check();
  await roomDialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(roomDialog(page).getByText('Walls now: Hague Blue (Farrow & Ball)')).toBeVisible();
  await settled(page);
  await expect.poll(async () => differs((await pixelsAt(page, [middle]))[0], asWhite)).toBeGreaterThan(20);
});

test.describe('zoom on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('two fingers pinch the picture larger; a tap after the zoom selects the wall under the finger', async ({
    page,
  }) => {
    await openSample(page);
    const frame = page.getByTestId('room-picture');
    const stage = (await picture(page).boundingBox()) as { x: number; y: number; width: number; height: number };
    const fitted = (await frame.boundingBox()) as { width: number };
    // Centre the pinch on the wall: it stays under the fingers while they spread.
    const cx = Math.round(stage.x + wall.fx * stage.width);
    const cy = Math.round(stage.y + wall.fy * stage.height);
    const cdp = await page.context().newCDPSession(page);
    const fingers = (spread: number) => [
      { x: cx - spread, y: cy, id: 1 },
      { x: cx + spread, y: cy, id: 2 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
    for (let spread = 24; spread <= 60; spread += 4) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect
      .poll(async () => ((await frame.boundingBox()) as { width: number }).width / fitted.width)
      .toBeGreaterThan(2);
    // The stage itself has not grown: the page did not zoom, the picture did.
    expect(((await picture(page).boundingBox()) as { width: number }).width).toBeCloseTo(stage.width, 0);
    await expect(roomDialog(page).getByRole('radio', { name: /^Walls/ })).toHaveAccessibleName(/not selected/);

    // A tap a little off the pinch's centre: where the wall's point now is on screen.
    const zoomed = (await frame.boundingBox()) as { x: number; y: number; width: number; height: number };
    // Prefer a wall point whose screen position, read as if the picture were not zoomed, is no wall:
    // a tap that ignored the zoom would then select nothing.
    const scale = zoomed.width / stage.width;
    const label = (fx: number, fy: number) => labels.at(Math.floor(fx * labels.width), Math.floor(fy * labels.height));
    const wallValue = label(wall.fx, wall.fy);
    const candidates = [-0.12, -0.09, -0.06, 0.06, 0.09, 0.12].flatMap((dx) =>
      [-0.08, 0, 0.08].map((dy) => ({ fx: wall.fx + dx, fy: wall.fy + dy })),
    );
    const onScreen = (t: { fx: number; fy: number }) => ({
      x: zoomed.x + t.fx * zoomed.width,
      y: zoomed.y + t.fy * zoomed.height,
    });
    const inside = (t: { fx: number; fy: number }) => {
      const p = onScreen(t);
      return (
        p.x > stage.x + 4 && p.x < stage.x + stage.width - 4 && p.y > stage.y + 4 && p.y < stage.y + stage.height - 4
      );
    };
    const naive = (t: { fx: number; fy: number }) => {
      const p = onScreen(t);
      return label((p.x - stage.x) / stage.width, (p.y - stage.y) / stage.height);
    };
    const usable = candidates.filter((t) => inside(t) && label(t.fx, t.fy) === wallValue);
    const target = usable.find((t) => naive(t) !== wallValue) ?? usable[0] ?? wall;
    expect(scale).toBeGreaterThan(2);
    const { x: tx, y: ty } = onScreen(target);
    const [before] = await pixelsAt(page, [target]);
    await page.touchscreen.tap(tx, ty);
    await expect(roomDialog(page).getByRole('radio', { name: /^Walls/ })).not.toHaveAccessibleName(/not selected/);
    await (await chipFarFrom(page, before)).tap();
    await settled(page);
    await expect.poll(async () => differs((await pixelsAt(page, [target]))[0], before)).toBeGreaterThan(20);
    await expect(chips(page).first()).toBeVisible();
  });
});

test('on a laptop, Zoom doubles the picture, a drag pans it, and a second press shows it whole again', async ({
  page,
}) => {
  await openSample(page);
  const frame = page.getByTestId('room-picture');
  const stage = (await picture(page).boundingBox()) as { x: number; y: number; width: number; height: number };
  const zoom = roomDialog(page).getByRole('button', { name: 'Zoom' });
  await zoom.click();
  await expect(zoom).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => ((await frame.boundingBox()) as { width: number }).width / stage.width)
    .toBeCloseTo(2, 1);
  const before = (await frame.boundingBox()) as { x: number; y: number };
  await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2);
  await page.mouse.down();
  await page.mouse.move(stage.x + stage.width / 2 + 60, stage.y + stage.height / 2 + 30, { steps: 6 });
  await page.mouse.up();
  const after = (await frame.boundingBox()) as { x: number; y: number };
  expect(after.x - before.x).toBeCloseTo(60, -1);
  expect(after.y - before.y).toBeCloseTo(30, -1);
  // The drag was a pan, not a tap: nothing was selected.
  await expect(roomDialog(page).getByRole('radio', { name: /^Walls/ })).toHaveAccessibleName(/not selected/);
  await zoom.click();
  await expect(zoom).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => ((await frame.boundingBox()) as { width: number }).width).toBeCloseTo(stage.width, 0);
});
