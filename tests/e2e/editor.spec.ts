import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const list = (page: Page) => page.getByRole('list', { name: 'Current palette' });
const strips = (page: Page) => list(page).getByRole('listitem');
const names = (page: Page) => strips(page).locator('.palette-strip-name').allTextContents();
const lockStates = (page: Page) =>
  strips(page)
    .locator('.strip-lock')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-pressed') === 'true'));
const liveRegion = (page: Page) => page.locator('[id^="DndLiveRegion"]');
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').getByText(text);

/** The app is ready: 5 strips painted, and the lazily loaded drag and drop has arrived. */
async function open(page: Page, path = '/') {
  await page.goto(path);
  await expect(strips(page).first()).toBeVisible();
  await expect(
    strips(page)
      .first()
      .getByRole('button', { name: /^Reorder / }),
  ).not.toHaveAttribute('aria-disabled', 'true');
}

/** Moves the pointer away from the strips and the focus off any button, so keys reach the page. */
/**
 * Picks the focused strip up by keyboard. dnd-kit starts listening for arrow keys in the task after
 * the pick-up (and measures the strips in the frame after it), so an arrow pressed in between is
 * not seen: wait that frame and task out, as any human does.
 */
async function pickUp(page: Page, key: 'Space' | 'Enter', announced: string) {
  await page.keyboard.press(key);
  await expect(liveRegion(page)).toContainText(announced);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

async function focusPage(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function center(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test.describe('palette editor: strips', () => {
  test('each strip shows name, brand with number, and hex; copy puts the hex on the clipboard', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page);
    const strip = strips(page).nth(1);
    const hex = (await strip.locator('.palette-strip-hex').textContent()) ?? '';
    expect(hex).toMatch(/^#[0-9A-F]{6}$/);
    await expect(strip.locator('.palette-strip-brand')).toHaveText(/^(Farrow & Ball|Lick|Little Greene)( · .+)?$/);
    await strip.hover();
    await strip.getByRole('button', { name: `Copy ${hex}` }).click();
    await expect(toast(page, `Copied ${hex}`)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hex);
    // Toasts leave after 2 s.
    await expect(toast(page, `Copied ${hex}`)).toBeHidden({ timeout: 3500 });
  });

  test('after new palettes, a lock, an undo and a move, every strip shows one colour whole and Copy copies it', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page);
    // What each strip shows of its colour: its texts, its background and its buttons' names.
    const shown = () =>
      strips(page).evaluateAll((items) =>
        items.map((item) => ({
          name: item.querySelector('.palette-strip-name')?.textContent ?? '',
          brand: item.querySelector('.palette-strip-brand')?.textContent ?? '',
          hex: item.querySelector('.palette-strip-hex')?.textContent ?? '',
          background: getComputedStyle(item).backgroundColor,
          buttons: [...item.querySelectorAll('.palette-strip-tools button')].map((b) => b.getAttribute('aria-label')),
        })),
      );
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    // Whatever a strip shows of a colour agrees with the rest (its buttons' names follow within a frame).
    const mismatches = async () =>
      (await shown()).flatMap((strip) => {
        const names = [`Reorder ${strip.name}`, `Copy ${strip.hex}`, `Lock ${strip.name}`, `Remove ${strip.name}`];
        const whole = /^#[0-9A-F]{6}$/.test(strip.hex) && strip.background === rgb(strip.hex);
        return whole && strip.buttons.join() === names.join() ? [] : [strip];
      });
    const expectWhole = () => expect.poll(mismatches).toEqual([]);
    const first = await shown();
    await focusPage(page);
    for (let i = 0; i < 3; i++) await page.keyboard.press('Space');
    await expect.poll(async () => (await shown()).map((s) => s.name)).not.toEqual(first.map((s) => s.name));
    await expectWhole();
    // Copy takes the colour on screen now, not the one the strip first showed.
    const second = strips(page).nth(1);
    const hex = (await second.locator('.palette-strip-hex').textContent()) ?? '';
    await second.hover();
    await second.getByRole('button', { name: `Copy ${hex}` }).click();
    await expect(toast(page, `Copied ${hex}`)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hex);
    // A lock, then a new palette around it, then Undo back to the locked one.
    const locked = await shown();
    await strips(page).nth(2).hover();
    await strips(page)
      .nth(2)
      .getByRole('button', { name: `Lock ${locked[2]?.name}` })
      .click();
    await focusPage(page);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await shown()).map((s) => s.name)).not.toEqual(locked.map((s) => s.name));
    expect((await shown())[2]).toEqual(locked[2]);
    await expectWhole();
    await page.keyboard.press('Control+z');
    await expect.poll(shown).toEqual(locked);
    // A keyboard move, then a new palette: each strip still shows one colour whole.
    await strips(page)
      .first()
      .getByRole('button', { name: /^Reorder / })
      .focus();
    await pickUp(page, 'Space', 'position 1 of 5');
    await page.keyboard.press('ArrowRight');
    await expect(liveRegion(page)).toContainText('moved to position 2 of 5');
    await page.keyboard.press('Space');
    await expect
      .poll(async () => (await shown()).map((s) => s.name))
      .toEqual([locked[1], locked[0], ...locked.slice(2)].map((s) => s?.name));
    await expectWhole();
    const moved = (await shown()).map((s) => s.name);
    await focusPage(page);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await shown()).map((s) => s.name)).not.toEqual(moved);
    await expectWhole();
  });

  test('a refused clipboard says Failed to copy', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator.clipboard, 'writeText', {
        value: () => Promise.reject(new DOMException('Refused', 'NotAllowedError')),
      });
      // The app falls back to execCommand('copy') where the Clipboard API is missing: refuse that too.
      document.execCommand = () => false;
    });
    await open(page);
    const strip = strips(page).first();
    await strip.hover();
    await strip.getByRole('button', { name: /^Copy #/ }).click();
    await expect(toast(page, 'Failed to copy')).toBeVisible();
  });

  test('lock keeps a colour through Generate; unlock all appears only while something is locked', async ({ page }) => {
    await open(page);
    const unlockAll = page.getByRole('button', { name: 'Unlock all colours' });
    await expect(unlockAll).toHaveCount(0);
    const locked = (await names(page))[2];
    await strips(page).nth(2).hover();
    await strips(page)
      .nth(2)
      .getByRole('button', { name: `Lock ${locked}` })
      .click();
    await expect(toast(page, 'Colour locked')).toBeVisible();
    expect(await lockStates(page)).toEqual([false, false, true, false, false]);
    const before = await names(page);
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Generate New Palette' }).click();
    const after = await names(page);
    expect(after[2]).toBe(locked);
    expect(after).not.toEqual(before);
    await unlockAll.click();
    await expect(toast(page, 'All colours unlocked')).toBeVisible();
    expect(await lockStates(page)).toEqual([false, false, false, false, false]);
    await expect(unlockAll).toHaveCount(0);
  });

  test('remove takes a colour away, down to 3 and no further', async ({ page }) => {
    await open(page);
    const removeFirst = async () => {
      const strip = strips(page).first();
      await strip.hover();
      await strip.getByRole('button', { name: /^Remove / }).click();
    };
    const first = (await names(page))[0] as string;
    await removeFirst();
    await expect(strips(page)).toHaveCount(4);
    await expect(toast(page, 'Colour removed')).toBeVisible();
    expect(await names(page)).not.toContain(first);
    await removeFirst();
    await expect(strips(page)).toHaveCount(3);
    // Keyboard users keep their place: Remove is disabled at 3, so focus goes to that strip's lock.
    await expect(strips(page).first().locator('.strip-lock')).toBeFocused();
    const remove = strips(page)
      .first()
      .getByRole('button', { name: /^Remove / });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAccessibleDescription('A palette needs at least 3 colours');
    await expect(strips(page)).toHaveCount(3);
  });

  test('add colour (button and A) goes up to 10, then says the maximum', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Add colour' }).click();
    await expect(strips(page)).toHaveCount(6);
    await expect(toast(page, 'Colour added')).toBeVisible();
    await focusPage(page);
    for (let i = 0; i < 4; i++) await page.keyboard.press('a');
    await expect(strips(page)).toHaveCount(10);
    expect(new Set(await names(page)).size).toBe(10);
    await page.keyboard.press('a');
    await expect(toast(page, 'Maximum 10 colours allowed')).toBeVisible();
    await expect(strips(page)).toHaveCount(10);
  });

  test('adding a colour clears an active search so the palette is back in view', async ({ page }) => {
    await open(page);
    const before = await names(page);
    // A search left typed is remembered: the next visit starts with its results in place of the palette.
    await page.getByRole('combobox', { name: 'Search colours' }).click();
    await page.keyboard.type('green');
    await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Search colours' })).toHaveValue('green');
    await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
    await expect(list(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Add colour' }).click();
    await expect(strips(page)).toHaveCount(6);
    expect((await names(page)).slice(0, 5)).toEqual(before);
  });

  test('Space, A, L and U work from the keyboard, and nothing fires while typing', async ({ page }) => {
    await open(page);
    await focusPage(page);
    const first = await names(page);
    await page.keyboard.press('Space');
    await expect.poll(() => names(page)).not.toEqual(first);
    await page.keyboard.press('l');
    await expect(toast(page, 'Colour locked')).toBeVisible();
    expect((await lockStates(page))[4]).toBe(true);
    await page.keyboard.press('l');
    await expect(toast(page, 'Colour unlocked')).toBeVisible();
    expect((await lockStates(page))[4]).toBe(false);
    await page.keyboard.press('l');
    await page.keyboard.press('u');
    await expect(toast(page, 'All colours unlocked')).toBeVisible();
    expect(await lockStates(page)).toEqual([false, false, false, false, false]);

    // Any text field swallows the keys: shortcuts never steal typing.
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.setAttribute('aria-label', 'scratch');
      document.body.append(input);
      input.focus();
    });
    const typed = await names(page);
    await page.keyboard.type(' alu ');
    await expect(page.getByLabel('scratch')).toHaveValue(' alu ');
    expect(await names(page)).toEqual(typed);
    expect(await lockStates(page)).toEqual([false, false, false, false, false]);
  });

  test('undo and redo by keys and buttons walk through every change', async ({ page }) => {
    await open(page);
    const undoButton = page.getByRole('button', { name: 'Undo', exact: true });
    const redoButton = page.getByRole('button', { name: 'Redo', exact: true });
    await expect(undoButton).toBeDisabled();
    const first = await names(page);
    await page.getByRole('button', { name: 'Generate New Palette' }).click();
    const second = await names(page);
    await page.getByRole('button', { name: 'Add colour' }).click();
    await expect(strips(page)).toHaveCount(6);
    const third = await names(page);
    await focusPage(page);
    await page.keyboard.press('Control+z');
    await expect(toast(page, 'Undone').first()).toBeVisible();
    expect(await names(page)).toEqual(second);
    await undoButton.click();
    expect(await names(page)).toEqual(first);
    await expect(undoButton).toBeDisabled();
    await focusPage(page);
    await page.keyboard.press('Control+Shift+z');
    await expect(toast(page, 'Redone').first()).toBeVisible();
    expect(await names(page)).toEqual(second);
    await redoButton.click();
    expect(await names(page)).toEqual(third);
    await expect(redoButton).toBeDisabled();
    await focusPage(page);
    await page.keyboard.press('Control+Shift+z');
    await expect(toast(page, 'Nothing to redo')).toBeVisible();
  });
});

test.describe('palette editor: floating buttons', () => {
  test('S and the save button start a save; the saved palettes and extract buttons open their panels', async ({
    page,
  }) => {
    await open(page);
    // What a save asks (sign in, or a name) is the saved-palettes feature's; here: the request is made.
    await focusPage(page);
    await page.keyboard.press('s');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save palette' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Saved palettes (0)' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Extract palette from image' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

test.describe('palette editor: reordering', () => {
  test('drag with the mouse moves a colour and its lock', async ({ page }) => {
    await open(page);
    const before = await names(page);
    await strips(page).first().hover();
    await strips(page)
      .first()
      .getByRole('button', { name: /^Lock / })
      .click();
    const from = await center(
      strips(page)
        .first()
        .getByRole('button', { name: /^Reorder / }),
    );
    const to = await center(strips(page).nth(3));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 12, from.y);
    await page.mouse.up();
    await expect.poll(() => names(page)).toEqual([before[1], before[2], before[3], before[0], before[4]]);
    expect(await lockStates(page)).toEqual([false, false, false, true, false]);
  });

  test('keyboard only: Space picks a colour up, arrows move it, Space drops it', async ({ page }) => {
    await open(page);
    const before = await names(page);
    const handle = strips(page)
      .first()
      .getByRole('button', { name: /^Reorder / });
    await handle.focus();
    // Each step is announced; the next key waits for it, as a screen reader user would.
    await pickUp(page, 'Space', 'position 1 of 5');
    await page.keyboard.press('ArrowRight');
    await expect(liveRegion(page)).toContainText('moved to position 2 of 5');
    await page.keyboard.press('ArrowRight');
    await expect(liveRegion(page)).toContainText('moved to position 3 of 5');
    await page.keyboard.press('Space');
    await expect.poll(() => names(page)).toEqual([before[1], before[2], before[0], before[3], before[4]]);
    // The move is announced to screen readers, and Space on the handle did not generate a palette.
    await expect(page.getByText(/dropped at position 3 of 5/)).toBeAttached();
    // And it is one undoable step.
    await focusPage(page);
    await page.keyboard.press('Control+z');
    expect(await names(page)).toEqual(before);
  });

  test('Escape cancels a keyboard move', async ({ page }) => {
    await open(page);
    const before = await names(page);
    await strips(page)
      .nth(1)
      .getByRole('button', { name: /^Reorder / })
      .focus();
    await pickUp(page, 'Enter', 'position 2 of 5');
    await page.keyboard.press('ArrowRight');
    await expect(liveRegion(page)).toContainText('moved to position 3 of 5');
    await page.keyboard.press('Escape');
    await expect(page.getByText(/Moving cancelled/)).toBeAttached();
    expect(await names(page)).toEqual(before);
  });
});

test.describe('palette editor: phone', () => {
  test.use({ viewport: { width: 375, height: 700 }, hasTouch: true, isMobile: true });

  test('375 px: stacked strips with expand buttons, the footer holds the main actions', async ({ page }) => {
    await open(page);
    const boxes = await strips(page).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
    for (let i = 1; i < boxes.length; i++) {
      expect(boxes[i].x).toBe(boxes[0].x);
      expect(boxes[i].y).toBeGreaterThan(boxes[i - 1].y);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const footer = page.getByRole('navigation', { name: 'Palette actions' });
    await expect(footer).toBeVisible();
    for (const name of ['Save', /^Saved palettes/, 'Generate', 'Share', 'Add colour']) {
      await expect(footer.getByRole('button', { name, exact: true })).toBeVisible();
    }
    // The wide-screen floating duplicates and the Generate bar give way to the footer.
    await expect(page.getByRole('button', { name: 'Generate New Palette' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Save palette' })).toBeHidden();

    const strip = strips(page).nth(1);
    const details = strip.locator('.palette-strip-details');
    await expect(details).toBeHidden();
    const expand = strip.getByRole('button', { name: /^Expand / });
    await expand.tap();
    await expect(strip.getByRole('button', { name: /^Collapse / })).toHaveAttribute('aria-expanded', 'true');
    await expect(details).toBeVisible();
    await expect(strip.getByRole('button', { name: /^Remove / })).toBeVisible();
    await strip.getByRole('button', { name: /^Collapse / }).tap();
    await expect(details).toBeHidden();

    const before = await names(page);
    await footer.getByRole('button', { name: 'Generate' }).tap();
    await expect.poll(() => names(page)).not.toEqual(before);
    await footer.getByRole('button', { name: 'Add colour' }).tap();
    await expect(strips(page)).toHaveCount(6);
  });

  test('keyboard reordering runs up and down when the strips are stacked', async ({ page }) => {
    await open(page);
    const before = await names(page);
    await strips(page)
      .nth(3)
      .getByRole('button', { name: /^Reorder / })
      .focus();
    await pickUp(page, 'Space', 'position 4 of 5');
    for (const position of [3, 2, 1]) {
      await page.keyboard.press('ArrowUp');
      await expect(liveRegion(page)).toContainText(`moved to position ${position} of 5`);
    }
    await page.keyboard.press('Space');
    await expect.poll(() => names(page)).toEqual([before[3], before[0], before[1], before[2], before[4]]);
  });

  test('touch drag on the handle moves a colour', async ({ page }) => {
    await open(page);
    const before = await names(page);
    const from = await center(
      strips(page)
        .first()
        .getByRole('button', { name: /^Reorder / }),
    );
    const to = await center(strips(page).nth(2));
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      });
    await touch('touchStart', from.x, from.y);
    for (let i = 1; i <= 12; i++) await touch('touchMove', from.x, from.y + ((to.y - from.y) * i) / 12);
    await touch('touchEnd', to.x, to.y);
    await expect.poll(() => names(page)).toEqual([before[1], before[2], before[0], before[3], before[4]]);
  });
});

test.describe('palette editor: wide screens', () => {
  test('above 600 px a hovered strip shows its description in place; no expand buttons', async ({ page }) => {
    await open(page);
    await expect(page.getByRole('navigation', { name: 'Palette actions' })).toBeHidden();
    await expect(page.getByRole('button', { name: /^Expand / })).toHaveCount(0);
    const strip = strips(page).nth(2);
    const box = await strip.boundingBox();
    await strip.hover();
    await expect(strip.locator('.palette-strip-details')).toBeVisible();
    // The layout does not move under the pointer.
    expect(await strip.boundingBox()).toEqual(box);
  });
});
