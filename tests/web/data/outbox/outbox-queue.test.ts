import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaletteVersion } from '../../../../shared/palette/palette-evolve';
import { type OutboxQueue, openQueue } from '../../../../web/data/outbox/outbox-queue';

// The outbox's cached histories are read like its cached list: a damaged copy is as good as none,
// so the history view offline never gets rows it cannot show.
let n = 0;
const queues: OutboxQueue[] = [];
afterEach(() => {
  for (const queue of queues.splice(0)) queue.close();
});

async function queue() {
  const name = `outbox-queue-${n++}`;
  const q = await openQueue(name);
  queues.push(q);
  return { q, name };
}

const rows: PaletteVersion[] = [
  {
    version: 1,
    type: 'PaletteCreated',
    at: '2026-01-01T10:00:00.000Z',
    name: 'Hall',
    colorIds: ['a', 'b', 'c'],
    isPublic: false,
  },
  {
    version: 2,
    type: 'PaletteRestored',
    at: '2026-01-01T10:05:00.000Z',
    name: 'Hall',
    colorIds: ['a', 'b', 'c'],
    isPublic: false,
    restoredVersion: 1,
  },
];

describe('the outbox queue’s cached histories', () => {
  it('gives back what it stored, and reads a damaged copy (an older build, a crash mid-write) as none', async () => {
    const { q, name } = await queue();
    await q.setHistory('p0', rows);
    expect(await q.history('p0')).toEqual(rows);
    const db = await openDB(name);
    const damaged = [{ version: 1, type: 'PaletteCreated', at: '2026-01-01T10:00:00.000Z', name: 'Hall' }];
    await db.put('meta', { key: 'history:p1', value: { entries: damaged, at: Date.now() } });
    await db.put('meta', { key: 'history:p2', value: { entries: [{ ...rows[0], type: 'Nope' }], at: Date.now() } });
    db.close();
    expect(await q.history('p1')).toBeNull();
    expect(await q.history('p2')).toBeNull();
  });
});
