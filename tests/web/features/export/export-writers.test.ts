import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Catalogue } from '../../../../shared/catalogue/catalogue';
import { exportPalette } from '../../../../web/features/export/start-export';
import { initPalette } from '../../../../web/stores/palette-store';
import { savedState } from '../../../../web/stores/saved-store';
import { toastState } from '../../../../web/stores/toast-store';
import { loadRealCatalogue } from '../../catalogue-fixture';
import { paletteSummary } from '../../palette-fixtures';

// Export against the real stores and writers; only the browser's download (a link and a blob URL) is stood in.
let catalogue: Catalogue;
let downloads: { name: string; blob: Blob }[];
let failDownload: boolean;

const toasts = () => toastState.toasts.map((t) => t.message);
const first = (n: number) => catalogue.colors.slice(0, n);

beforeAll(() => {
  catalogue = loadRealCatalogue();
});

beforeEach(() => {
  downloads = [];
  failDownload = false;
  toastState.toasts = [];
  savedState.palettes = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.stubGlobal('document', {
    body: { append: () => {} },
    createElement: () => {
      if (failDownload) throw new Error('no downloads here');
      const link = { href: '', download: '', hidden: false, remove: () => {} };
      return Object.assign(link, {
        click: () => downloads.push({ name: link.download, blob: blobs.get(link.href) as Blob }),
      });
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('export actions', () => {
  it('downloads the palette on screen, named as the saved palette it matches, and says so', async () => {
    const colors = first(3);
    initPalette(colors.map((c) => c.id));
    savedState.palettes = [paletteSummary({ id: 'p1', name: 'Hallway', colorIds: colors.map((c) => c.id) })];
    await exportPalette('json');
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.name).toMatch(/^hallway-\d{4}-\d{2}-\d{2}\.json$/);
    const blob = downloads[0]?.blob as Blob;
    const file = JSON.parse(await blob.text()) as { name: string; colors: { hex: string }[] };
    expect(file.name).toBe('Hallway');
    expect(file.colors.map((c) => c.hex.toLowerCase())).toEqual(colors.map((c) => c.hexCode.toLowerCase()));
    expect(toasts()).toEqual(['Palette exported as JSON!']);
  });

  it('a second request while one runs joins it: one file, one toast', async () => {
    initPalette(first(4).map((c) => c.id));
    await Promise.all([exportPalette('css'), exportPalette('css')]);
    expect(downloads.map((d) => d.name.split('.').pop())).toEqual(['css']);
    expect(toasts()).toEqual(['Palette exported as CSS!']);
  });

  it('an export that cannot finish says which format failed, and the next request tries again', async () => {
    initPalette(first(3).map((c) => c.id));
    failDownload = true;
    await exportPalette('gpl');
    expect(downloads).toEqual([]);
    expect(toasts()).toEqual(['Failed to export GIMP palette']);
    failDownload = false;
    await exportPalette('gpl');
    expect(downloads.map((d) => d.name.split('.').pop())).toEqual(['gpl']);
  });

  it('does nothing without a palette on screen', async () => {
    initPalette([]);
    await exportPalette('svg');
    expect(downloads).toEqual([]);
    expect(toasts()).toEqual([]);
  });
});
