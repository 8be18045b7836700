import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxRepository, forgetOutbox } from '../../../../web/data/outbox/outbox';
import type { LockLike, OutboxConflict, OutboxEvent, OutboxRepository } from '../../../../web/data/outbox/outbox-types';
import { FakePaletteServer } from '../fake-palette-server';
import { drained } from './drained';

const RED = ['lick-red-01', 'lick-red-02', 'lick-red-03'];
const BLUE = ['lick-blue-01', 'lick-blue-02', 'lick-blue-03'];
const GREEN = ['lick-green-01', 'lick-green-02', 'lick-green-03', 'lick-green-04'];

let owners = 0;
const opened: OutboxRepository[] = [];

afterEach(() => {
  for (const outbox of opened.splice(0)) outbox.close();
});

/** One account's outbox over a fake server; `net.online` is what navigator.onLine would say. */
function setup(options: { owner?: string; locks?: LockLike | null; server?: FakePaletteServer } = {}) {
  const server = options.server ?? new FakePaletteServer();
  const owner = options.owner ?? `user${++owners}`;
  const events = new EventTarget();
  const conflicts: OutboxConflict[] = [];
  const seen: OutboxEvent[] = [];
  const outbox = createOutboxRepository({
    remote: server.repository(),
    owner,
    isOnline: () => server.online,
    events,
    locks: options.locks ?? null,
    retry: { firstMs: 5, maxMs: 20 },
    autoStart: false,
    onConflict: (conflict) => conflicts.push(conflict),
  });
  outbox.subscribe((event) => seen.push(event));
  opened.push(outbox);
  const goOnline = () => {
    server.online = true;
    events.dispatchEvent(new Event('online'));
  };
  return { server, outbox, owner, conflicts, seen, goOnline };
}

function value<T>(result: { ok: boolean; value?: T }): T {
  expect(result.ok).toBe(true);
  return result.value as T;
}

describe('outbox: online', () => {
  it('passes writes straight through while online and the queue is empty', async () => {
    const { server, outbox } = setup();
    const created = await outbox.create('Kitchen', RED);
    expect(created).toMatchObject({ ok: true, value: { name: 'Kitchen', version: 1 } });
    expect((created as { pending?: boolean }).pending).toBeUndefined();
    const saved = value(await outbox.update(value(created).id, 1, { colorIds: BLUE }));
    expect(saved).toMatchObject({ version: 2, colorIds: BLUE });
    expect(server.palettes()).toEqual([expect.objectContaining({ name: 'Kitchen', colorIds: BLUE, version: 2 })]);
    expect(await outbox.waiting()).toBe(0);
  });

  it('answers a stale save online with the conflict and their copy, sending nothing over it', async () => {
    const { server, outbox } = setup();
    const created = value(await outbox.create('Hall', RED));
    server.changeElsewhere(created.id, { name: 'Hall (theirs)' });
    const result = await outbox.update(created.id, 1, { colorIds: BLUE });
    expect(result).toMatchObject({ ok: false, reason: 'conflict', theirs: { name: 'Hall (theirs)', version: 2 } });
    expect(server.palettes()[0]).toMatchObject({ colorIds: RED, version: 2 });
  });
});

describe('outbox: offline, then online', () => {
  it('queues writes made offline, answers them as pending, and sends them in order on reconnection', async () => {
    const { server, outbox, goOnline } = setup();
    const hall = value(await outbox.create('Hall', RED));
    expect(value(await outbox.list()).map((p) => p.name)).toEqual(['Hall']);
    server.online = false;

    const made = await outbox.create('Bedroom', BLUE);
    expect(made).toMatchObject({ ok: true, pending: true, value: { name: 'Bedroom', pending: true, version: 1 } });
    const renamed = await outbox.update(hall.id, 1, { name: 'Entrance hall' });
    expect(renamed).toMatchObject({ ok: true, pending: true, value: { name: 'Entrance hall', version: 2 } });
    const listed = value(await outbox.list());
    expect(listed.map((p) => [p.name, p.pending === true])).toEqual(
      expect.arrayContaining([
        ['Bedroom', true],
        ['Entrance hall', true],
      ]),
    );
    // Nothing reached the server while offline.
    expect(server.log).toEqual(['create:Hall', 'list']);
    expect(await outbox.waiting()).toBe(2);

    goOnline();
    await drained(outbox);
    expect(server.log.slice(2)).toEqual(['create:Bedroom', `update:${hall.id}`]);
    const names = value(await outbox.list()).map((p) => [p.name, p.pending === true]);
    expect(names).toEqual(
      expect.arrayContaining([
        ['Bedroom', false],
        ['Entrance hall', false],
      ]),
    );
    expect(
      server
        .palettes()
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Bedroom', 'Entrance hall']);
  });

  it('sends creates and later writes on the same offline palette to its server id, each version once', async () => {
    const { server, outbox, seen, goOnline } = setup();
    server.online = false;
    const made = value(await outbox.create('Study', RED));
    let current = value(await outbox.update(made.id, made.version, { name: 'Quiet study' }));
    current = value(await outbox.update(made.id, current.version, { colorIds: GREEN }));
    current = value(await outbox.setSharing(made.id, true, current.version));
    expect(current).toMatchObject({ isPublic: true, version: 4, pending: true });
    const history = value(await outbox.history(made.id));
    expect(history.map((e) => e.type)).toEqual([
      'PaletteCreated',
      'PaletteRenamed',
      'PaletteColorsChanged',
      'PalettePublished',
    ]);
    current = value(await outbox.restore(made.id, 1, current.version));
    expect(current).toMatchObject({ name: 'Study', colorIds: RED, version: 5 });

    goOnline();
    await drained(outbox);
    const [palette] = server.palettes();
    expect(server.palettes()).toHaveLength(1);
    expect(palette).toMatchObject({ name: 'Study', colorIds: RED, isPublic: true, version: 5 });
    expect(server.historyOf(palette!.id).map((e) => [e.version, e.type, e.name])).toEqual([
      [1, 'PaletteCreated', 'Study'],
      [2, 'PaletteRenamed', 'Quiet study'],
      [3, 'PaletteColorsChanged', 'Quiet study'],
      [4, 'PalettePublished', 'Quiet study'],
      [5, 'PaletteRestored', 'Study'],
    ]);
    expect(seen).toContainEqual({ type: 'id', from: made.id, to: palette!.id });
    // The editor may still hold the offline id: it reaches the same palette.
    expect(value(await outbox.update(made.id, 5, { name: 'Study again' }))).toMatchObject({
      id: palette!.id,
      version: 6,
    });
  });

  it('deletes and brings back (Undo) offline, in order', async () => {
    const { server, outbox, goOnline } = setup();
    const a = value(await outbox.create('Lounge', RED));
    const b = value(await outbox.create('Porch', BLUE));
    await outbox.list();
    server.online = false;
    expect(await outbox.remove([a.id, b.id])).toMatchObject({ ok: true, pending: true });
    expect(value(await outbox.list())).toEqual([]);
    const back = value(await outbox.undelete([a.id]));
    expect(back).toEqual([expect.objectContaining({ id: a.id, name: 'Lounge', pending: true })]);
    expect(value(await outbox.list()).map((p) => p.name)).toEqual(['Lounge']);
    goOnline();
    await drained(outbox);
    expect(server.palettes().map((p) => p.name)).toEqual(['Lounge']);
    expect(server.log.slice(-2)).toEqual([`remove:${a.id},${b.id}`, `undelete:${a.id}`]);
  });

  it('answers reads offline from the last list the server gave', async () => {
    const { server, outbox } = setup();
    await outbox.create('Attic', RED);
    await outbox.list();
    server.online = false;
    expect(value(await outbox.list()).map((p) => [p.name, p.pending])).toEqual([['Attic', undefined]]);
    server.online = true;
    const calls = server.log.length;
    await outbox.create('Cellar', BLUE);
    // peek() answers from this device alone, for the events that come once per write.
    expect((await outbox.peek())?.map((p) => p.name).sort()).toEqual(['Attic', 'Cellar']);
    expect(server.log.length).toBe(calls + 1);
    server.online = false;
    const fresh = setup({ server: new FakePaletteServer() });
    fresh.server.online = false;
    expect(await fresh.outbox.list()).toEqual({ ok: false, reason: 'offline' });
  });

  it('a list that was on its way while a waiting write landed does not hide that write', async () => {
    const { server, outbox } = setup();
    await outbox.create('Attic', RED);
    server.online = false;
    await outbox.create('Left behind', BLUE);
    server.online = true;
    // The server reads its list before the waiting create reaches it; the answer arrives after.
    server.onAnswer = async (label) => {
      if (label !== 'list') return;
      server.onAnswer = undefined;
      await drained(outbox);
    };
    const listed = value(await outbox.list());
    expect(listed.map((p) => [p.name, p.pending === true])).toEqual(
      expect.arrayContaining([
        ['Attic', false],
        ['Left behind', false],
      ]),
    );
    expect(listed).toHaveLength(2);
    expect((await outbox.peek())?.map((p) => p.name).sort()).toEqual(['Attic', 'Left behind']);
    // The stale list was asked for again, not patched by guesswork.
    expect(server.log.filter((call) => call === 'list')).toHaveLength(2);
  });

  it('refuses a write offline that the server would refuse, at once', async () => {
    const { server, outbox } = setup();
    server.online = false;
    expect(await outbox.create('   ', RED)).toMatchObject({ ok: false, reason: 'failed' });
    expect(await outbox.create('Two colours', ['a', 'b'])).toMatchObject({ ok: false, reason: 'failed' });
    expect(await outbox.waiting()).toBe(0);
  });
});

describe('outbox: retries never duplicate', () => {
  it('a create whose answer was lost is sent again and lands once', async () => {
    const { server, outbox, goOnline } = setup();
    server.online = false;
    await outbox.create('Nursery', RED);
    goOnline();
    server.loseAnswers = 1;
    await drained(outbox);
    expect(server.log.filter((c) => c.startsWith('create'))).toEqual(['create:Nursery', 'create:Nursery']);
    expect(server.palettes()).toHaveLength(1);
    expect(value(await outbox.list()).map((p) => p.name)).toEqual(['Nursery']);
  });

  it('an online create whose answer was lost waits in the outbox and still lands once', async () => {
    const { server, outbox } = setup();
    server.loseAnswers = 1;
    const result = await outbox.create('Landing', RED);
    expect(result).toMatchObject({ ok: true, pending: true });
    await drained(outbox);
    expect(server.palettes()).toHaveLength(1);
  });

  it('an update that landed but lost its answer is recognised, not reported as a conflict', async () => {
    const { server, outbox, conflicts, goOnline } = setup();
    const made = value(await outbox.create('Bathroom', RED));
    server.online = false;
    const saved = value(await outbox.update(made.id, 1, { name: 'Family bathroom', colorIds: GREEN }));
    const shared = value(await outbox.setSharing(made.id, true, saved.version));
    goOnline();
    server.loseAnswers = 2;
    await drained(outbox);
    expect(conflicts).toEqual([]);
    const [palette] = server.palettes();
    expect(palette).toMatchObject({
      name: 'Family bathroom',
      colorIds: GREEN,
      isPublic: true,
      version: shared.version,
    });
    expect(server.historyOf(made.id).map((e) => e.type)).toEqual([
      'PaletteCreated',
      'PaletteRenamed',
      'PaletteColorsChanged',
      'PalettePublished',
    ]);
  });
});

describe('outbox: a tab closed while sending', () => {
  it('marks a versioned write as possibly landed before it is sent, so a restart checks the history first', async () => {
    const { server, outbox, owner, goOnline } = setup();
    const made = value(await outbox.create('Utility', RED));
    server.online = false;
    await outbox.update(made.id, 1, { name: 'Boot room' });
    const stored: unknown[] = [];
    server.onCall = async (label) => {
      if (!label.startsWith('update')) return;
      const db = await openDB(`swatchbook-outbox:${owner}`);
      stored.push(...(await db.getAll('ops')));
      db.close();
    };
    goOnline();
    await drained(outbox);
    expect(stored).toEqual([expect.objectContaining({ kind: 'update', uncertain: true })]);
  });
});

describe('outbox: conflicts', () => {
  it('holds a stale offline save (never overwrites, never drops) and lets other palettes go on', async () => {
    const { server, outbox, conflicts, goOnline } = setup();
    const kitchen = value(await outbox.create('Kitchen', RED));
    const porch = value(await outbox.create('Porch', RED));
    await outbox.list();
    server.online = false;
    await outbox.update(kitchen.id, 1, { colorIds: BLUE });
    const later = value(await outbox.update(kitchen.id, 2, { name: 'Kitchen mine' }));
    await outbox.update(porch.id, 1, { name: 'Back porch' });
    // Meanwhile, on another device:
    server.online = true;
    server.changeElsewhere(kitchen.id, { colorIds: GREEN });
    goOnline();
    await drained(outbox, 2);

    expect(conflicts).toEqual([
      expect.objectContaining({
        reason: 'conflict',
        paletteId: kitchen.id,
        mine: expect.objectContaining({ colorIds: BLUE }),
        theirs: expect.objectContaining({ colorIds: GREEN, version: 2 }),
      }),
    ]);
    expect(server.palettes().find((p) => p.id === kitchen.id)).toMatchObject({ colorIds: GREEN, version: 2 });
    expect(server.palettes().find((p) => p.id === porch.id)).toMatchObject({ name: 'Back porch' });
    // The held change and the one after it on the same palette still wait, shown as mine.
    expect(value(await outbox.list()).find((p) => p.id === kitchen.id)).toMatchObject({
      name: later.name,
      pending: true,
    });

    // Overwrite with mine: a new version on top of theirs; the rename after it follows.
    expect(await outbox.resolve(conflicts[0]!.seq, 'overwrite')).toEqual({ ok: true, value: undefined });
    await drained(outbox);
    expect(server.palettes().find((p) => p.id === kitchen.id)).toMatchObject({
      name: 'Kitchen mine',
      colorIds: BLUE,
      version: 4,
    });
    expect(server.historyOf(kitchen.id).map((e) => e.colorIds.join())).toContain(GREEN.join());
  });

  it('saves mine as a new palette, or keeps theirs, as the person chooses', async () => {
    const { server, outbox, conflicts, goOnline } = setup();
    const a = value(await outbox.create('Den', RED));
    const b = value(await outbox.create('Loft', RED));
    await outbox.list();
    server.online = false;
    await outbox.update(a.id, 1, { colorIds: BLUE });
    await outbox.update(b.id, 1, { colorIds: BLUE });
    server.online = true;
    server.changeElsewhere(a.id, { colorIds: GREEN });
    server.changeElsewhere(b.id, { colorIds: GREEN });
    goOnline();
    await drained(outbox, 2);
    const [first, second] = conflicts;
    await outbox.resolve(first!.seq, 'new');
    await outbox.resolve(second!.seq, 'theirs');
    await drained(outbox);
    const names = server.palettes().map((p) => [p.name, p.colorIds.join()]);
    expect(names).toEqual(
      expect.arrayContaining([
        ['Den', GREEN.join()],
        ['Den (copy)', BLUE.join()],
        ['Loft', GREEN.join()],
      ]),
    );
    expect(names).toHaveLength(3);
    expect(value(await outbox.list()).every((p) => !p.pending)).toBe(true);
  });

  it('holds a save on a palette deleted elsewhere, offering it as a new palette', async () => {
    const { server, outbox, conflicts, goOnline } = setup();
    const a = value(await outbox.create('Garage', RED));
    server.online = false;
    await outbox.update(a.id, 1, { name: 'Workshop' });
    server.online = true;
    await server.repository().remove([a.id]);
    goOnline();
    await drained(outbox, 1);
    expect(conflicts).toEqual([
      expect.objectContaining({ theirs: null, mine: expect.objectContaining({ name: 'Workshop' }) }),
    ]);
    await outbox.resolve(conflicts[0]!.seq, 'new');
    await drained(outbox);
    expect(server.palettes().map((p) => p.name)).toEqual(['Workshop']);
  });
});

describe('outbox: failures while sending', () => {
  it('retries a server error with backoff, then sends in order', async () => {
    const { server, outbox, goOnline } = setup();
    server.online = false;
    await outbox.create('One', RED);
    await outbox.create('Two', RED);
    server.answers.push({ ok: false, reason: 'failed', error: new Error('The server answered 503.') });
    goOnline();
    await drained(outbox);
    expect(server.log).toEqual(['create:One', 'create:Two']);
  });

  it('holds a write the server refuses (4xx) for the person, and sends the rest', async () => {
    const { server, outbox, conflicts, goOnline } = setup();
    server.online = false;
    await outbox.create('Refused', RED);
    await outbox.create('Fine', BLUE);
    const refusal = Object.assign(new Error('"lick-red-01" is not a colour of the catalogue.'), {
      status: 400,
      code: 'unknown_color',
    });
    server.answers.push({ ok: false, reason: 'failed', error: refusal });
    goOnline();
    await drained(outbox, 1);
    expect(server.palettes().map((p) => p.name)).toEqual(['Fine']);
    expect(conflicts).toEqual([
      expect.objectContaining({
        reason: 'refused',
        message: refusal.message,
        mine: expect.objectContaining({ name: 'Refused' }),
      }),
    ]);
    // Still shown, still waiting: nothing is lost until the person says so.
    expect(value(await outbox.list()).find((p) => p.name === 'Refused')).toMatchObject({ pending: true });
    await outbox.resolve(conflicts[0]!.seq, 'retry');
    await drained(outbox);
    expect(
      server
        .palettes()
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Fine', 'Refused']);
  });

  it('waits out the write rate (429) without holding the writes or counting failures, then sends them all once', async () => {
    const { server, outbox, conflicts, goOnline } = setup();
    server.online = false;
    for (const name of ['One', 'Two', 'Three']) await outbox.create(name, RED);
    const limited = Object.assign(new Error('Too many changes in a minute. Please wait a moment and try again.'), {
      status: 429,
      code: 'rate_limited',
    });
    // More refusals in a row than the attempts after which a failing write is held.
    for (let i = 0; i < 7; i++) server.answers.push({ ok: false, reason: 'failed', error: limited });
    goOnline();
    await drained(outbox);
    expect(conflicts).toEqual([]);
    expect(
      server
        .palettes()
        .map((p) => p.name)
        .sort(),
    ).toEqual(['One', 'Three', 'Two']);
  });

  it('a save refused at the version cap can go on as a new palette, as the server’s message says', async () => {
    const { server, outbox, conflicts, goOnline } = setup();
    const hall = value(await outbox.create('Hall', RED));
    server.online = false;
    await outbox.update(hall.id, 1, { colorIds: BLUE });
    const cap = Object.assign(
      new Error(
        'This palette has 1 000 saved versions, the most one palette keeps. Save it as a new palette to go on changing it.',
      ),
      { status: 409, code: 'version_limit' },
    );
    server.answers.push({ ok: false, reason: 'failed', error: cap });
    goOnline();
    await drained(outbox, 1);
    expect(conflicts).toEqual([expect.objectContaining({ reason: 'refused', message: cap.message, kind: 'update' })]);
    await outbox.resolve(conflicts[0]!.seq, 'new');
    await drained(outbox);
    // The palette keeps its versions; the change lives on in a new palette with the person's colours.
    const stored = server.palettes();
    expect(stored).toHaveLength(2);
    expect(stored.find((p) => p.id === hall.id)).toMatchObject({ colorIds: RED, version: 1 });
    expect(stored.find((p) => p.id !== hall.id)).toMatchObject({ colorIds: BLUE, version: 1 });
  });

  it('stops sending when the session has ended, keeping every write for the next sign-in', async () => {
    const { server, outbox, seen, goOnline, owner } = setup();
    server.online = false;
    await outbox.create('Kept', RED);
    server.answers.push({ ok: false, reason: 'signed-out' });
    goOnline();
    await outbox.flush();
    expect(seen).toContainEqual({ type: 'signed-out' });
    expect(await outbox.waiting()).toBe(1);
    expect(server.palettes()).toEqual([]);
    // Signed in again: a new outbox for the same account sends what waited.
    const again = setup({ server, owner });
    await drained(again.outbox);
    expect(server.palettes().map((p) => p.name)).toEqual(['Kept']);
  });
});

/** navigator.locks as the browser gives it: one holder per name, the others wait their turn. */
function memoryLocks(): LockLike {
  const tails = new Map<string, Promise<void>>();
  return {
    request(name, callback) {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(callback);
      tails.set(
        name,
        run.catch(() => {}),
      );
      return run;
    },
  };
}

describe('outbox: one sender for many tabs', () => {
  for (const [label, locks] of [
    ['Web Locks', memoryLocks()],
    ['the IndexedDB lease', null],
  ] as const) {
    it(`sends each write once, in order, with two tabs on one queue (${label})`, async () => {
      const server = new FakePaletteServer();
      const one = setup({ server, locks });
      const two = setup({ server, locks, owner: one.owner });
      server.online = false;
      const made: string[] = [];
      for (let i = 0; i < 6; i++) {
        const tab = i % 2 === 0 ? one : two;
        const name = `Room ${i}`;
        made.push(name);
        expect(await tab.outbox.create(name, RED)).toMatchObject({ pending: true });
      }
      server.online = true;
      server.delayMs = 5;
      await Promise.all([one.outbox.flush(), two.outbox.flush(), one.outbox.flush(), two.outbox.flush()]);
      await drained(one.outbox);
      expect(server.log.filter((c) => c.startsWith('create'))).toEqual(made.map((n) => `create:${n}`));
      expect(server.palettes()).toHaveLength(6);
    });
  }
});

describe('outbox: a deleted account', () => {
  it('forgets the account’s waiting writes on this device', async () => {
    const { server, outbox, owner } = setup();
    server.online = false;
    await outbox.create('Never sent', RED);
    outbox.close();
    await forgetOutbox(owner);
    const after = setup({ owner });
    expect(await after.outbox.waiting()).toBe(0);
  });
});

describe('outbox: a damaged queue', () => {
  it('skips and reports entries it cannot read, and sends the rest', async () => {
    const { server, outbox, owner, seen, goOnline } = setup();
    server.online = false;
    await outbox.create('Before', RED);
    const db = await openDB(`swatchbook-outbox:${owner}`);
    await db.add('ops', { kind: 'update', id: 42, mine: 'not a palette' });
    await db.add('ops', { kind: 'teleport', queuedAt: 7 });
    db.close();
    await outbox.create('After', BLUE);
    goOnline();
    await drained(outbox);
    expect(server.palettes().map((p) => p.name)).toEqual(['Before', 'After']);
    expect(seen).toContainEqual({ type: 'corrupt', count: 2 });
    const check = await openDB(`swatchbook-outbox:${owner}`);
    expect(await check.count('set-aside')).toBe(2);
    check.close();
  });
});
