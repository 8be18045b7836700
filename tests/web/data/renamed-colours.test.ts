import 'fake-indexeddb/auto';
import { ref } from 'valtio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Catalogue, hydrateCatalogue } from '../../../shared/catalogue/catalogue';
import { deriveCatalogue } from '../../../shared/catalogue/derive';
import { createLocal, localHistory, saveLocalVersion } from '../../../web/data/local-palettes';
import { catalogueState } from '../../../web/stores/catalogue-store';
import { createLocalRepository, OLD_LOCAL_KEY } from '../../../web/data/local-repository';
import { readSession } from '../../../web/stores/session-store';
import {
  catalogueAfterRename,
  catalogueBeforeRename,
  NEW_ID,
  NEW_NAME,
  OLD_ID,
  OLD_NAME,
  sources,
} from '../../shared/catalogue/renamed-catalogue';

// A paint renamed in the catalogue must keep loading from what this device stored before.
let after: Catalogue;
const storage = new Map<string, string>();

beforeEach(() => {
  after = catalogueAfterRename();
  catalogueState.catalogue = ref(after);
  catalogueState.status = 'ready';
  storage.clear();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('a renamed paint', () => {
  it('restores a session saved under its old name', () => {
    const old = catalogueBeforeRename().byId.get(OLD_ID)!;
    const hague = after.byId.get('farrow-ball-hague-blue')!;
    const saved = [old, hague, after.colors[0]!].map((c) => ({
      id: c.id,
      brand: c.brand,
      colorName: c.colorName,
      hexCode: c.hexCode,
    }));
    const raw = JSON.stringify({ searchTerm: '', selectedBrand: null, selectedCategory: null, currentPalette: saved });
    const restored = readSession(raw, after);
    expect(restored?.colorIds).toEqual([NEW_ID, 'farrow-ball-hague-blue', after.colors[0]!.id]);
    expect(after.byId.get(restored!.colorIds[0]!)?.colorName).toBe(NEW_NAME);
  });

  it('still refuses a session whose old id comes with another colour’s hex', () => {
    const hague = after.byId.get('farrow-ball-hague-blue')!;
    const saved = [
      { id: OLD_ID, colorName: OLD_NAME, hexCode: hague.hexCode },
      { id: hague.id, colorName: hague.colorName, hexCode: hague.hexCode },
      { id: hague.id, colorName: hague.colorName, hexCode: hague.hexCode },
    ];
    expect(readSession(JSON.stringify({ currentPalette: saved }), after)).toBeNull();
  });

  it('loads local palettes and their history with the current id, and saves them so', async () => {
    const before = catalogueBeforeRename();
    const exists = (id: string) => before.byId.has(id);
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();
    const first = createLocal('local-1', 'Hall', [OLD_ID, 'farrow-ball-hague-blue', 'lick-greige-02'], at(0), exists);
    const second = saveLocalVersion(
      first,
      { colorIds: ['lick-greige-02', OLD_ID, 'farrow-ball-hague-blue'] },
      at(5),
      exists,
    );
    storage.set(OLD_LOCAL_KEY, JSON.stringify([second]));

    const repo = createLocalRepository({
      dbName: 'renamed-colours',
      colorExists: (id) => after.byId.has(id),
      currentId: after.currentId,
      newId: () => 'unused',
      storage: localStorage,
    });
    const read = await repo.readAll();
    await repo.close();
    const [record] = read.ok ? read.value.records : [];
    expect(record?.colorIds).toEqual(['lick-greige-02', NEW_ID, 'farrow-ball-hague-blue']);
    expect(localHistory(record!).map((v) => v.colorIds)).toEqual([
      [NEW_ID, 'farrow-ball-hague-blue', 'lick-greige-02'],
      ['lick-greige-02', NEW_ID, 'farrow-ball-hague-blue'],
    ]);
    // Saving the same colours again is no change, not a new version.
    const same = saveLocalVersion(
      record!,
      { colorIds: ['lick-greige-02', NEW_ID, 'farrow-ball-hague-blue'] },
      at(9),
      (id) => after.byId.has(id),
    );
    expect(same.version).toBe(2);
  });

  it('without an alias the old id is simply unknown (what the alias table fixes)', () => {
    const plain = hydrateCatalogue(deriveCatalogue(sources, {}));
    expect(plain.byId.get(OLD_ID)).toBeUndefined();
  });
});
