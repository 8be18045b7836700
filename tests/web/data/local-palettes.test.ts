import { describe, expect, it } from 'vitest';
import { PaletteError } from '../../../shared/palette/palette-decider';
import {
  createLocal,
  localHistory,
  newLocalId,
  parseLocalRecords,
  restoreLocal,
  saveLocalVersion,
} from '../../../web/data/local-palettes';

const known = new Set(['a', 'b', 'c', 'd', 'e', 'f']);
const exists = (id: string) => known.has(id);
const t = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();

describe('local palettes keep their own history', () => {
  it('a new palette has one version with its name and colours', () => {
    const record = createLocal('p1', 'Hall', ['a', 'b', 'c'], t(0), exists);
    expect(record).toMatchObject({ id: 'p1', name: 'Hall', colorIds: ['a', 'b', 'c'], version: 1 });
    expect(record.user_id).toBeUndefined();
    expect(record.timestamp).toBe(Date.parse(t(0)));
    expect(localHistory(record)).toEqual([
      { version: 1, type: 'PaletteCreated', at: t(0), name: 'Hall', colorIds: ['a', 'b', 'c'], isPublic: false },
    ]);
  });

  it('saving a rename and new colours appends two versions; saving nothing new appends none', () => {
    const first = createLocal('p1', 'Hall', ['a', 'b', 'c'], t(0), exists);
    const second = saveLocalVersion(first, { name: 'Hallway', colorIds: ['a', 'd', 'c'] }, t(5), exists);
    expect(second.version).toBe(3);
    expect(second.name).toBe('Hallway');
    expect(second.colorIds).toEqual(['a', 'd', 'c']);
    expect(localHistory(second).map((v) => v.type)).toEqual([
      'PaletteCreated',
      'PaletteRenamed',
      'PaletteColorsChanged',
    ]);
    const same = saveLocalVersion(second, { name: 'Hallway', colorIds: ['a', 'd', 'c'] }, t(6), exists);
    expect(same.version).toBe(3);
    expect(first.version).toBe(1);
  });

  it('restoring version 1 appends a version with its name and colours, keeping the rest', () => {
    const first = createLocal('p1', 'Hall', ['a', 'b', 'c'], t(0), exists);
    const changed = saveLocalVersion(first, { name: 'Kitchen', colorIds: ['d', 'e', 'f'] }, t(1), exists);
    const restored = restoreLocal(changed, 1, t(2), exists);
    expect(restored).toMatchObject({ name: 'Hall', colorIds: ['a', 'b', 'c'], version: 4 });
    const history = localHistory(restored);
    expect(history).toHaveLength(4);
    expect(history[3]).toMatchObject({ type: 'PaletteRestored', restoredVersion: 1, name: 'Hall' });
    expect(history[2]).toMatchObject({ name: 'Kitchen', colorIds: ['d', 'e', 'f'] });
  });

  it('refuses what the server would refuse: blank names, unknown colours, too few colours, missing versions', () => {
    expect(() => createLocal('p1', '   ', ['a', 'b', 'c'], t(0), exists)).toThrow(PaletteError);
    expect(() => createLocal('p1', 'X', ['a', 'b', 'zzz'], t(0), exists)).toThrow(/not a colour/);
    expect(() => createLocal('p1', 'X', ['a', 'b'], t(0), exists)).toThrow(PaletteError);
    const record = createLocal('p1', 'X', ['a', 'b', 'c'], t(0), exists);
    expect(() => restoreLocal(record, 7, t(1), exists)).toThrow(PaletteError);
    expect(() => restoreLocal(record, 0, t(1), exists)).toThrow('This palette has versions 1 to 1.');
  });

  it('restores the version the history view shows, even where damaged storage put events before the creation', () => {
    const made = saveLocalVersion(
      createLocal('p1', 'Hall', ['a', 'b', 'c'], t(0), exists),
      { name: 'Den' },
      t(2),
      exists,
    );
    const stray = { type: 'PaletteRenamed', schemaVersion: 1, at: t(0), data: { name: 'Stray' } };
    const [damaged] = parseLocalRecords([{ id: 'p1', events: [stray, ...JSON.parse(JSON.stringify(made.events))] }]);
    expect(localHistory(damaged!).map((v) => [v.version, v.name])).toEqual([
      [1, 'Hall'],
      [2, 'Den'],
    ]);
    const restored = restoreLocal(damaged!, 1, t(3), exists);
    expect(restored).toMatchObject({ name: 'Hall', version: 3 });
    expect(localHistory(restored).at(-1)).toMatchObject({ type: 'PaletteRestored', restoredVersion: 1, name: 'Hall' });
  });

  it('survives a round trip through JSON, and drops damaged entries instead of throwing', () => {
    const record = saveLocalVersion(
      createLocal('p1', 'Hall', ['a', 'b', 'c'], t(0), exists),
      { name: 'Den' },
      t(1),
      exists,
    );
    const stored = JSON.parse(JSON.stringify([record, null, 42, { id: 'x' }, { id: 'y', events: [{ type: 'Nope' }] }]));
    const parsed = parseLocalRecords(stored);
    expect(parsed).toHaveLength(1);
    expect(parsed[0]).toMatchObject({ id: 'p1', name: 'Den', version: 2 });
    expect(localHistory(parsed[0]!)).toHaveLength(2);
    expect(parseLocalRecords('not a list')).toEqual([]);
  });

  it('a stored record whose fields disagree with its events is rebuilt from the events', () => {
    const record = saveLocalVersion(
      createLocal('p1', 'Hall', ['a', 'b', 'c'], t(0), exists),
      { name: 'Den' },
      t(1),
      exists,
    );
    const tampered = { ...JSON.parse(JSON.stringify(record)), name: 'Something else', version: 7 };
    const [parsed] = parseLocalRecords([tampered]);
    expect(parsed).toMatchObject({ name: 'Den', version: 2, colorIds: ['a', 'b', 'c'] });
  });

  it('reads the older plain records (id, name, colours, timestamp) as a one-version history', () => {
    const parsed = parseLocalRecords([
      { id: '1700000000000', name: 'Old', colors: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], timestamp: 1700000000000 },
    ]);
    expect(parsed).toHaveLength(1);
    expect(parsed[0]).toMatchObject({ name: 'Old', colorIds: ['a', 'b', 'c'], version: 1 });
    expect(parsed[0]!.createdAt).toBe(new Date(1700000000000).toISOString());
  });

  it('ids are time based and two made in the same millisecond differ', () => {
    let n = 0;
    const random = () => [0.1, 0.9][n++ % 2] as number;
    const a = newLocalId(1700000000000, random);
    const b = newLocalId(1700000000000, random);
    expect(a.startsWith((1700000000000).toString(36))).toBe(true);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[a-z0-9]+$/);
  });
});
