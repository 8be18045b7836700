import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importSchema } from '../../../shared/api/palettes';
import { parseLocalRecord, type ReadOptions } from '../../../web/data/local-palettes';
import {
  createLocalRepository,
  type LocalRepository,
  OLD_LOCAL_KEY,
  PALETTE_STORE,
} from '../../../web/data/local-repository';
import { syncOnSignIn } from '../../../web/stores/saved-actions';
import { setRepositories } from '../../../web/stores/saved-repository';

// Every path that reads a stored local palette must read a legacy record the same way: the parser
// itself, the move of the old localStorage list into IndexedDB, a record already in IndexedDB, and
// the upload at sign-in (which the server's own import schema judges). The spec's plain record with
// `colorIds` or `colors: [{ id }]` is covered by saved-local-history and local-repository tests.

const imported: unknown[] = [];
vi.mock('../../../web/lib/api-client', async (original) => {
  const actual = await original<typeof import('../../../web/lib/api-client')>();
  return {
    ...actual,
    // The server's validator, as `POST /api/palettes/import` runs it: a refused body is a 400.
    importPalettes: async (palettes: unknown) => {
      const parsed = importSchema.safeParse({ palettes });
      if (!parsed.success) throw new actual.ApiFailure(400, 'invalid_input', parsed.error.message);
      imported.push(...parsed.data.palettes);
      return { palettes: [], created: parsed.data.palettes.length };
    },
  };
});

const KNOWN = new Set(['a', 'b', 'c', 'd', 'e']);
/** 'old-a' is what the catalogue called paint `a` before a rename. */
const read: Required<ReadOptions> = {
  nowMs: () => Date.UTC(2030, 0, 1),
  currentId: (id) => (id === 'old-a' ? 'a' : KNOWN.has(id) ? id : undefined),
};
const T1 = '2025-06-01T10:00:00.000Z';
const T2 = '2025-06-02T11:30:00.000Z';
const created = (id: string, name: string, colorIds: string[], at = T1) => ({
  type: 'PaletteCreated',
  schemaVersion: 1,
  at,
  data: { paletteId: id, ownerId: null, name, colorIds },
});

interface Expected {
  name: string;
  colorIds: string[];
  createdAt: string;
  /** [version, name, colours] of each version, oldest first. */
  history: Array<[number, string, string[]]>;
}

const plain = (name: string): Expected => ({
  name,
  colorIds: ['a', 'b', 'c'],
  createdAt: T1,
  history: [[1, name, ['a', 'b', 'c']]],
});

const LEGACY: Array<{ label: string; stored: Record<string, unknown>; expected: Expected }> = [
  {
    label: 'colours as bare ids',
    stored: { id: 'l3', name: 'Porch', colors: ['a', 'b', 'c'], timestamp: Date.parse(T1) },
    expected: plain('Porch'),
  },
  {
    label: 'a colour under the id it had before a rename',
    stored: { id: 'l4', name: 'Porch', colorIds: ['old-a', 'b', 'c'], timestamp: Date.parse(T1) },
    expected: plain('Porch'),
  },
  {
    label: 'no name',
    stored: { id: 'l5', colorIds: ['a', 'b', 'c'], timestamp: Date.parse(T1) },
    expected: plain('Untitled Palette'),
  },
  {
    label: 'a blank name',
    stored: { id: 'l6', name: '  ', colorIds: ['a', 'b', 'c'], timestamp: Date.parse(T1) },
    expected: plain('Untitled Palette'),
  },
  {
    label: 'no timestamp, but its own dates',
    stored: { id: 'l7', name: 'Porch', colorIds: ['a', 'b', 'c'], createdAt: T1, updatedAt: T1 },
    expected: plain('Porch'),
  },
  {
    label: 'a timestamp no date can hold',
    stored: { id: 'l8', name: 'Porch', colorIds: ['a', 'b', 'c'], timestamp: 1e20, updatedAt: T1 },
    expected: plain('Porch'),
  },
  {
    label: 'events without version or projection, one with a renamed colour',
    stored: {
      id: 'l9',
      events: [
        created('l9', 'Den', ['old-a', 'b', 'c']),
        { type: 'PaletteRenamed', schemaVersion: 1, at: T2, data: { name: 'Study' } },
      ],
    },
    expected: {
      name: 'Study',
      colorIds: ['a', 'b', 'c'],
      createdAt: T1,
      history: [
        [1, 'Den', ['a', 'b', 'c']],
        [2, 'Study', ['a', 'b', 'c']],
      ],
    },
  },
];

let dbCount = 0;
const opened: LocalRepository[] = [];

function repository(storage: Pick<Storage, 'getItem' | 'removeItem'> | null = null) {
  const repo = createLocalRepository({
    dbName: `legacy-${dbCount++}`,
    colorExists: (id) => KNOWN.has(id),
    currentId: read.currentId,
    newId: () => 'new',
    now: () => new Date(read.nowMs()).toISOString(),
    storage,
  });
  opened.push(repo);
  return repo;
}

/** The old localStorage list holding these records. */
function oldList(records: unknown[]) {
  const map = new Map([[OLD_LOCAL_KEY, JSON.stringify(records)]]);
  return { map, getItem: (key: string) => map.get(key) ?? null, removeItem: (key: string) => void map.delete(key) };
}

/** A repository whose IndexedDB already holds this record under its id (an earlier release wrote it). */
async function storedInIndexedDb(record: Record<string, unknown>) {
  const repo = repository();
  await repo.list();
  const db = await openDB(`legacy-${dbCount - 1}`);
  await db.put(PALETTE_STORE, record, record.id as string);
  db.close();
  return repo;
}

/** What a person sees of one palette through a repository: its list entry and its history. */
async function seen(repo: LocalRepository, id: string) {
  const all = await repo.readAll();
  const list = await repo.list();
  const history = await repo.history(id);
  const record = all.ok ? all.value.records.find((r) => r.id === id) : undefined;
  const entry = list.ok ? list.value.find((p) => p.id === id) : undefined;
  return {
    unreadable: all.ok ? all.value.unreadable : 'failed',
    record: record && { name: record.name, colorIds: record.colorIds, createdAt: record.createdAt },
    entry: entry && { name: entry.name, colorIds: [...entry.colorIds], createdAt: entry.createdAt },
    history: history.ok ? history.value.map((v) => [v.version, v.name, v.colorIds]) : history.reason,
  };
}

beforeEach(() => {
  imported.length = 0;
});
afterEach(async () => {
  setRepositories({ local: null, remote: null });
  for (const repo of opened.splice(0)) await repo.close();
});

describe('a legacy local record reads the same on every path', () => {
  for (const { label, stored, expected } of LEGACY) {
    it(label, async () => {
      const id = stored.id as string;
      const { history, ...palette } = expected;
      const want = { unreadable: 0, record: palette, entry: palette, history };

      // The parser itself.
      const parsed = parseLocalRecord(JSON.parse(JSON.stringify(stored)), read);
      expect(parsed && { name: parsed.name, colorIds: parsed.colorIds, createdAt: parsed.createdAt }).toEqual(palette);

      // Moved in from the old localStorage list, and then read again after the move.
      const storage = oldList([stored]);
      const migrated = repository(storage);
      expect(await seen(migrated, id)).toEqual(want);
      expect(storage.map.has(OLD_LOCAL_KEY)).toBe(false);
      expect(await seen(migrated, id)).toEqual(want);

      // Already in IndexedDB as it was written.
      expect(await seen(await storedInIndexedDb(stored), id)).toEqual(want);

      // Uploaded at sign-in: the server's import schema accepts it, history and all.
      const local = repository(oldList([stored]));
      setRepositories({ local, remote: { kind: 'remote', list: async () => ({ ok: true, value: [] }) } as never });
      await syncOnSignIn();
      expect(imported).toHaveLength(1);
      expect(imported[0]).toMatchObject({ localId: id, ...palette });
      const sent = imported[0] as { history?: unknown[] };
      expect(sent.history).toHaveLength(history.length);
    });
  }
});

describe('the clean-ups read records as the list does', () => {
  it('a deleted record stored under another id is unreadable, so neither discard nor a delete removes it', async () => {
    const repo = repository();
    const made = await repo.create('Hall', ['a', 'b', 'c']);
    expect(made.ok).toBe(true);
    const db = await openDB(`legacy-${dbCount - 1}`);
    const stray = {
      ...((await db.get(PALETTE_STORE, 'new')) as object),
      id: 'elsewhere',
      deletedAt: '2020-01-01T00:00:00.000Z',
    };
    await db.put(PALETTE_STORE, stray, 'stray');
    db.close();

    const before = await repo.readAll();
    expect(before.ok && before.value.unreadable).toBe(1);
    await repo.remove([]);
    await repo.discard(['new']);
    const after = await openDB(`legacy-${dbCount - 1}`);
    expect(await after.get(PALETTE_STORE, 'stray')).toEqual(stray);
    after.close();
  });

  it('one record with a broken time does not hold back the move of the others', async () => {
    const storage = oldList([
      { id: 'ok1', name: 'Good', colorIds: ['a', 'b', 'c'], timestamp: Date.parse(T1) },
      { id: 'odd', name: 'Odd', colorIds: ['c', 'd', 'e'], timestamp: -1e17 },
    ]);
    const repo = repository(storage);
    const list = await repo.list();
    expect(list.ok && list.value.map((p) => p.name).sort()).toEqual(['Good', 'Odd']);
    expect(storage.map.has(OLD_LOCAL_KEY)).toBe(false);
  });
});
