import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxRepository } from '../../../../web/data/outbox/outbox';
import { openQueue } from '../../../../web/data/outbox/outbox-queue';
import type { OutboxRepository } from '../../../../web/data/outbox/outbox-types';
import { FakePaletteServer } from '../fake-palette-server';
import { drained } from './drained';

/**
 * A queue as the outbox before the split (commit 94f498b, web/lib/outbox.ts) left it: a person
 * offline made "Hall", renamed and recoloured it, shared it and brought version 1 back; made "Den",
 * recoloured it, deleted it and took that back; made "Attic" and deleted it. Someone who upgrades
 * with writes waiting must see them and have them sent as they were made.
 */
const fixture = JSON.parse(
  readFileSync(new URL('../../../fixtures/outbox-queue-94f498b.json', import.meta.url), 'utf8'),
) as { owner: string; ops: Array<{ seq: number }>; meta: Array<{ key: string; value: unknown }> };

const RED = ['lick-red-01', 'lick-red-02', 'lick-red-03'];
const opened: OutboxRepository[] = [];
afterEach(() => {
  for (const outbox of opened.splice(0)) outbox.close();
});

async function loadFixture(owner: string) {
  // The database as the queue makes it (its stores), then today's entries written in as they were stored.
  (await openQueue(`swatchbook-outbox:${owner}`)).close();
  const db = await openDB(`swatchbook-outbox:${owner}`);
  for (const op of fixture.ops) await db.put('ops', op);
  for (const entry of fixture.meta) await db.put('meta', entry);
  db.close();
}

describe('outbox: a queue written before the split', () => {
  it('shows the waiting writes as they were made, then sends each once, in order', async () => {
    const owner = `${fixture.owner}-${Date.now()}`;
    await loadFixture(owner);
    const server = new FakePaletteServer();
    server.online = false;
    const events = new EventTarget();
    const outbox = createOutboxRepository({
      remote: server.repository(),
      owner,
      isOnline: () => server.online,
      events,
      locks: null,
      retry: { firstMs: 5, maxMs: 20 },
      autoStart: false,
    });
    opened.push(outbox);

    const offline = await outbox.list();
    expect(offline).toMatchObject({ ok: true, pending: true });
    const shown = offline.ok ? offline.value : [];
    expect(shown.map((p) => [p.name, p.isPublic, p.pending])).toEqual([
      ['Den', false, true],
      ['Hall', true, true],
    ]);
    const hall = shown.find((p) => p.name === 'Hall')!;
    const hallHistory = await outbox.history(hall.id);
    expect(hallHistory.ok && hallHistory.value.map((e) => [e.version, e.type])).toEqual([
      [1, 'PaletteCreated'],
      [2, 'PaletteRenamed'],
      [3, 'PaletteColorsChanged'],
      [4, 'PalettePublished'],
      [5, 'PaletteRestored'],
    ]);

    server.online = true;
    events.dispatchEvent(new Event('online'));
    await drained(outbox);

    const byName = new Map(server.palettes().map((p) => [p.name, p]));
    expect([...byName.keys()].sort()).toEqual(['Den', 'Hall']);
    expect(byName.get('Hall')).toMatchObject({ colorIds: RED, isPublic: true, version: 5 });
    expect(server.historyOf(byName.get('Hall')!.id).map((e) => e.type)).toEqual([
      'PaletteCreated',
      'PaletteRenamed',
      'PaletteColorsChanged',
      'PalettePublished',
      'PaletteRestored',
    ]);
    expect(byName.get('Den')).toMatchObject({ colorIds: RED, version: 4 });
    expect(server.log.filter((call) => call.startsWith('create'))).toEqual([
      'create:Hall',
      'create:Den',
      'create:Attic',
    ]);
    expect(await outbox.conflicts()).toEqual([]);
  });
});
