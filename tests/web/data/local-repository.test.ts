import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocal, saveLocalVersion } from '../../../web/data/local-palettes';
import {
  createLocalRepository,
  KEEP_DELETED_MS,
  type LocalRepository,
  OLD_LOCAL_KEY,
  PALETTE_STORE,
} from '../../../web/data/local-repository';

// The local repository against a real (in-memory) IndexedDB and a fake localStorage and channel.
const KNOWN = new Set(['a', 'b', 'c', 'd', 'e']);
const exists = (id: string) => KNOWN.has(id);
const t = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();

let dbCount = 0;
const opened: LocalRepository[] = [];

function fakeStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    removeItem: (key: string) => void map.delete(key),
  };
}

function setup(options: { storage?: ReturnType<typeof fakeStorage>; dbName?: string } = {}) {
  const messages: unknown[] = [];
  let n = 0;
  let minute = 0;
  const dbName = options.dbName ?? `local-repo-${dbCount++}`;
  const repo = createLocalRepository({
    dbName,
    colorExists: exists,
    newId: () => `id${n++}`,
    now: () => t(minute++),
    storage: options.storage ?? null,
    channel: { postMessage: (m: unknown) => messages.push(m) },
  });
  opened.push(repo);
  return { repo, messages, dbName };
}

/** What IndexedDB holds, read around the repository. */
async function raw(dbName: string) {
  const db = await openDB(dbName);
  const tx = db.transaction(PALETTE_STORE);
  const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
  db.close();
  return new Map(keys.map((k, i) => [String(k), values[i]]));
}

afterEach(async () => {
  for (const repo of opened.splice(0)) await repo.close();
});

describe('the local repository', () => {
  it('creates, lists newest first, and saves versions on top of the version it was based on', async () => {
    const { repo, messages } = setup();
    const first = await repo.create('Hall', ['a', 'b', 'c']);
    const second = await repo.create('Den', ['c', 'd', 'e']);
    expect(first).toMatchObject({ ok: true, value: { name: 'Hall', version: 1, isPublic: false, shareId: null } });
    const list = await repo.list();
    expect(list.ok && list.value.map((p) => p.name)).toEqual(['Den', 'Hall']);

    const id = first.ok ? first.value.id : '';
    const saved = await repo.update(id, 1, { colorIds: ['a', 'b', 'd'] });
    expect(saved).toMatchObject({ ok: true, value: { version: 2, colorIds: ['a', 'b', 'd'] } });
    // Another tab saved on the same base: a conflict carrying the current copy, nothing written.
    const stale = await repo.update(id, 1, { name: 'Hallway' });
    expect(stale).toMatchObject({ ok: false, reason: 'conflict', theirs: { version: 2, name: 'Hall' } });
    expect(await repo.update('nope', 1, { name: 'X' })).toEqual({ ok: false, reason: 'conflict', theirs: null });
    // The decider's rules hold: an unknown colour is refused, not stored.
    expect(await repo.update(id, 2, { colorIds: ['a', 'b', 'zzz'] })).toMatchObject({ ok: false, reason: 'failed' });
    const history = await repo.history(id);
    expect(history.ok && history.value.map((v) => [v.version, v.type])).toEqual([
      [1, 'PaletteCreated'],
      [2, 'PaletteColorsChanged'],
    ]);
    expect(second.ok).toBe(true);
    expect(messages.length).toBe(3);
  });

  it('a delete keeps the palette aside: Undo brings it back with its history, the same record', async () => {
    const { repo, dbName } = setup();
    const created = await repo.create('Hall', ['a', 'b', 'c']);
    const id = created.ok ? created.value.id : '';
    await repo.update(id, 1, { name: 'Hallway' });
    const before = (await raw(dbName)).get(id);

    expect(await repo.remove([id])).toEqual({ ok: true, value: undefined });
    const list = await repo.list();
    expect(list.ok && list.value).toEqual([]);
    expect(await repo.history(id)).toEqual({ ok: false, reason: 'not-found' });
    expect(await repo.update(id, 2, { name: 'X' })).toEqual({ ok: false, reason: 'conflict', theirs: null });

    const back = await repo.undelete([id, 'never-there']);
    expect(back.ok && back.value.map((p) => [p.name, p.version])).toEqual([['Hallway', 2]]);
    expect((await raw(dbName)).get(id)).toEqual(before);
    // Undo twice: nothing more comes back.
    expect(await repo.undelete([id])).toEqual({ ok: true, value: [] });
  });

  it('restores an earlier version as a new one; sharing is refused on this device', async () => {
    const { repo } = setup();
    const created = await repo.create('Hall', ['a', 'b', 'c']);
    const id = created.ok ? created.value.id : '';
    await repo.update(id, 1, { name: 'Den' });
    const restored = await repo.restore(id, 1, 2);
    expect(restored).toMatchObject({ ok: true, value: { name: 'Hall', version: 3 } });
    expect(await repo.restore('nope', 1, 1)).toEqual({ ok: false, reason: 'not-found' });
    expect(await repo.setSharing(id, true, 3)).toMatchObject({ ok: false, reason: 'failed' });
  });

  it('counts records it cannot read, shows the others, and never touches them', async () => {
    const { repo, dbName } = setup();
    await repo.create('Good', ['a', 'b', 'c']);
    const db = await openDB(dbName);
    const junk = { id: 'bad1', name: 'Broken', events: [{ type: 'PaletteCreated', data: 42 }] };
    await db.put(PALETTE_STORE, junk, 'bad1');
    await db.put(PALETTE_STORE, 'not a palette', 'bad2');
    // A readable record under another key is not that palette either.
    await db.put(PALETTE_STORE, createLocal('other', 'Stray', ['a', 'b', 'c'], t(0), exists), 'bad3');
    db.close();

    const read = await repo.readAll();
    expect(read.ok && read.value.records.map((r) => r.name)).toEqual(['Good']);
    expect(read.ok && read.value.unreadable).toBe(3);
    // Writing onto one is refused rather than overwriting it; a delete and a discard leave it be.
    expect(await repo.update('bad1', 1, { name: 'Mended' })).toMatchObject({ ok: false, reason: 'failed' });
    await repo.remove(['bad1']);
    await repo.discard(['bad1']);
    const stored = await raw(dbName);
    expect(stored.get('bad1')).toEqual(junk);
    expect(stored.get('bad2')).toBe('not a palette');
  });

  it('a palette deleted more than 30 days ago goes for good at the next delete; a recent one stays', async () => {
    const clock = { at: Date.UTC(2026, 0, 1) };
    let n = 0;
    const dbName = `local-repo-${dbCount++}`;
    const repo = createLocalRepository({
      dbName,
      colorExists: exists,
      newId: () => `id${n++}`,
      now: () => new Date(clock.at).toISOString(),
    });
    opened.push(repo);
    for (const name of ['Old', 'Recent', 'Live']) await repo.create(name, ['a', 'b', 'c']);
    await repo.remove(['id0']);
    clock.at += KEEP_DELETED_MS - 60_000;
    await repo.remove(['id1']);
    expect([...(await raw(dbName)).keys()].sort()).toEqual(['id0', 'id1', 'id2']);
    clock.at += 120_000;
    await repo.remove([]);
    expect([...(await raw(dbName)).keys()].sort()).toEqual(['id1', 'id2']);
    expect(await repo.undelete(['id1'])).toMatchObject({ ok: true, value: [{ name: 'Recent' }] });
  });

  it('discard removes the uploaded palettes and every deleted one, and keeps the rest', async () => {
    const { repo, dbName } = setup();
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      const r = await repo.create(name, ['a', 'b', 'c']);
      if (r.ok) ids.push(r.value.id);
    }
    await repo.remove([ids[2] as string]);
    await repo.discard([ids[0] as string]);
    expect([...(await raw(dbName)).keys()]).toEqual([ids[1]]);
  });
});

describe('migration from localStorage', () => {
  const old = () => {
    const hall = saveLocalVersion(
      createLocal('p1', 'Hall', ['a', 'b', 'c'], t(0), exists),
      { name: 'Den' },
      t(1),
      exists,
    );
    // The plain shape (id, name, colours, timestamp), from before palettes had history.
    const plain = { id: 'p2', name: 'Plain', colorIds: ['c', 'd', 'e'], timestamp: Date.parse(t(2)) };
    return { hall, plain, junk: { id: 'p3', name: 'Junk' } };
  };

  it('moves every palette with its history, keeps the unreadable ones, then removes the key', async () => {
    const { hall, plain, junk } = old();
    const storage = fakeStorage({ [OLD_LOCAL_KEY]: JSON.stringify([hall, plain, junk, 7]) });
    const { repo, dbName } = setup({ storage });
    const read = await repo.readAll();
    expect(read.ok && read.value.records.map((r) => [r.id, r.name, r.version, r.events.length])).toEqual([
      ['p1', 'Den', 2, 2],
      ['p2', 'Plain', 1, 1],
    ]);
    expect(read.ok && read.value.unreadable).toBe(2);
    expect(storage.map.has(OLD_LOCAL_KEY)).toBe(false);
    const stored = [...(await raw(dbName)).values()];
    expect(stored).toContainEqual(junk);
    expect(stored).toContainEqual(7);
  });

  it('leaves localStorage as it was when the transaction fails, and moves it on the next start', async () => {
    const { hall, plain } = old();
    const text = JSON.stringify([hall, plain]);
    const storage = fakeStorage({ [OLD_LOCAL_KEY]: text });
    const put = IDBObjectStore.prototype.put;
    let calls = 0;
    // The second write fails (storage full): the first must not stay behind on its own.
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (++calls === 2) throw new DOMException('full', 'QuotaExceededError');
      return put.apply(this, args);
    };
    const first = setup({ storage });
    let read: Awaited<ReturnType<LocalRepository['readAll']>>;
    try {
      read = await first.repo.readAll();
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    expect(read.ok && read.value.records).toEqual([]);
    expect(storage.map.get(OLD_LOCAL_KEY)).toBe(text);
    await first.repo.close();

    const again = setup({ storage, dbName: first.dbName });
    const next = await again.repo.readAll();
    expect(next.ok && next.value.records.map((r) => r.name).sort()).toEqual(['Den', 'Plain']);
    expect(storage.map.has(OLD_LOCAL_KEY)).toBe(false);
  });

  it('two tabs starting at once store each palette once, and a newer copy is never replaced by the old list', async () => {
    const { hall, plain } = old();
    const storage = fakeStorage({ [OLD_LOCAL_KEY]: JSON.stringify([hall, plain]) });
    const a = setup({ storage });
    const b = setup({ storage, dbName: a.dbName });
    const [ra, rb] = await Promise.all([a.repo.readAll(), b.repo.readAll()]);
    expect(ra.ok && ra.value.records.length).toBe(2);
    expect(rb.ok && rb.value.records.length).toBe(2);
    expect((await raw(a.dbName)).size).toBe(2);

    // This device saved a newer version since; an old tab's stale list comes back: it does not win.
    await a.repo.update('p1', 2, { name: 'Study' });
    storage.map.set(OLD_LOCAL_KEY, JSON.stringify([hall]));
    await a.repo.close();
    const c = setup({ storage, dbName: a.dbName });
    const rc = await c.repo.readAll();
    expect(rc.ok && rc.value.records.find((r) => r.id === 'p1')).toMatchObject({ name: 'Study', version: 3 });
    expect(storage.map.has(OLD_LOCAL_KEY)).toBe(false);
  });
});
