import jpeg from 'jpeg-js';
import { expect, test } from './support/fixtures';
import { differs, picture, pixelsAt, roomDialog, roomPalette, settled } from './support/room';

/** A plain grey photo, 400 × 300: what a room saved from a photo keeps is a JPEG like this. */
function greyJpeg(): number[] {
  const width = 400;
  const height = 300;
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = 200;
    data[i + 1] = 198;
    data[i + 2] = 192;
    data[i + 3] = 255;
  }
  return [...jpeg.encode({ width, height, data }, 92).data];
}

test('a room kept on this device in the record shape rooms are saved in opens from Saved palettes', async ({
  page,
}) => {
  // The palette's paint least like the grey photo, so the repaint shows.
  const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const paint = [...roomPalette].sort(
    (a, b) => differs(rgb(b.hexCode), [200, 198, 192]) - differs(rgb(a.hexCode), [200, 198, 192]),
  )[0] as (typeof roomPalette)[number];
  await page.goto('/');
  // The setup: a room saved earlier (the photo, its size, the walls' mask over the left half, the
  // walls' paint and the palette), written as the app stores it: database, store and fields.
  await page.evaluate(
    async ({ photo, paintId, paletteIds }) => {
      const width = 400;
      const height = 300;
      const mask = new Uint8Array(width * height);
      for (let y = 0; y < height; y++) mask.fill(255, y * width, y * width + width / 2);
      const record = {
        id: 'room-kept-earlier',
        name: 'Front room · 3 Nov',
        savedAt: '2026-11-03T10:00:00.000Z',
        paletteIds,
        source: { kind: 'photo', photo: new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }) },
        width,
        height,
        wallsNowId: null,
        surfaces: [{ key: 'walls', paintId, ops: [{ kind: 'tap', x: 100, y: 150 }], mask }],
      };
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('swatchbook-rooms', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('rooms', { keyPath: 'id' });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('rooms', 'readwrite');
          tx.objectStore('rooms').put(record);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    },
    { photo: greyJpeg(), paintId: paint.id, paletteIds: roomPalette.map((c) => c.id) },
  );

  await page.reload();
  await page
    .getByRole('button', { name: /^Saved palettes/ })
    .filter({ visible: true })
    .click();
  const sidebar = page.getByRole('dialog', { name: 'Saved Palettes' });
  await sidebar
    .getByRole('list', { name: 'Saved rooms' })
    .getByRole('button', { name: /^Front room/ })
    .click();
  await expect(roomDialog(page)).toBeVisible();
  await expect(page).toHaveURL(/#room=room-kept-earlier/);
  await expect(picture(page)).toBeVisible();
  await settled(page);
  await expect(roomDialog(page).getByRole('radio', { name: /^Walls/ })).toHaveAccessibleName(
    new RegExp(paint.colorName),
  );
  // The kept mask, not a new selection: the left half is in the paint, the right half is the photo.
  const [left, right] = await pixelsAt(page, [
    { fx: 0.25, fy: 0.5 },
    { fx: 0.75, fy: 0.5 },
  ]);
  expect(differs(right, [200, 198, 192])).toBeLessThan(12);
  expect(differs(left, right)).toBeGreaterThan(20);
});
