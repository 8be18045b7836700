import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../../server/catalogue-file';
import { generate } from '../../../../web/features/palette/palette-commands';
import { catalogueState } from '../../../../web/stores/catalogue-store';
import { initPalette, markPaletteStarted, paletteState, undo } from '../../../../web/stores/palette-store';
import { loadRealCatalogue } from '../../catalogue-fixture';

const ids = () => paletteState.slots.map((s) => s.colorId);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Generate pressed while the catalogue is still loading (the page is live before it arrives)', () => {
  it('takes effect once per press when the catalogue has come, not before and not again', async () => {
    const painted = loadCatalogue()
      .colors.slice(40, 45)
      .map((c) => c.id);
    catalogueState.status = 'loading';
    catalogueState.catalogue = null;
    initPalette(painted);
    generate();
    generate();
    await settle();
    expect(ids()).toEqual(painted);

    loadRealCatalogue();
    markPaletteStarted();
    await settle();
    const after = ids();
    expect(after).toHaveLength(5);
    expect(after).not.toEqual(painted);
    // Two presses, two new palettes: two steps back to the painted one, and no further.
    expect(undo()).toBe(true);
    expect(undo()).toBe(true);
    expect(ids()).toEqual(painted);
    expect(undo()).toBe(false);

    // Once the catalogue is in, a press acts at once.
    generate();
    expect(ids()).not.toEqual(painted);
  });
});
