import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { sayNotices } from '../../../web/app/notices';
import { createOutboxRepository } from '../../../web/data/outbox/outbox';
import type { OutboxRepository } from '../../../web/data/outbox/outbox-types';
import { attachOutbox, detachOutbox } from '../../../web/stores/outbox-actions';
import { chooseForConflict, connectOutbox, outboxState } from '../../../web/stores/outbox-store';
import { paletteState } from '../../../web/stores/palette-store';
import { savedState } from '../../../web/stores/saved-store';
import { runToastAction, toastState } from '../../../web/stores/toast-store';
import { closeOverlay, topOverlay } from '../../../web/stores/ui-store';
import { FakePaletteServer } from '../data/fake-palette-server';

const RED = ['lick-red-01', 'lick-red-02', 'lick-red-03'];
const BLUE = ['lick-blue-01', 'lick-blue-02', 'lick-blue-03'];
const GREEN = ['lick-green-01', 'lick-green-02', 'lick-green-03'];

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  closeOverlay('offline-conflict');
});

let owners = 0;
function outboxOn(server: FakePaletteServer): OutboxRepository {
  const outbox = createOutboxRepository({
    remote: server.repository(),
    owner: `store-user${++owners}`,
    isOnline: () => server.online,
    events: null,
    locks: null,
    retry: { firstMs: 5, maxMs: 20 },
    autoStart: false,
  });
  cleanups.push(() => outbox.close());
  return outbox;
}

// What the outbox reports unasked becomes a toast through the app's notices, as in the app.
sayNotices();

describe('outbox store: the conflict toast and choice', () => {
  it('announces a held offline change with a Choose toast that opens the choice, and settles it as chosen', async () => {
    const server = new FakePaletteServer();
    const outbox = outboxOn(server);
    const resolved: string[] = [];
    cleanups.push(connectOutbox(outbox, { onResolved: (c, choice) => resolved.push(`${c.paletteId}:${choice}`) }));
    const kitchen = await outbox.create('Kitchen', RED);
    if (!kitchen.ok) throw new Error('create failed');
    server.online = false;
    await outbox.update(kitchen.value.id, 1, { colorIds: BLUE });
    server.online = true;
    server.changeElsewhere(kitchen.value.id, { colorIds: GREEN });
    await outbox.flush();

    const toast = toastState.toasts.find((t) => t.message.includes('Kitchen'));
    expect(toast).toMatchObject({
      message: 'Your offline change to “Kitchen” clashes with a newer version',
      tone: 'error',
      actionLabel: 'Choose',
    });
    runToastAction(toast!.id);
    const seq = outboxState.conflicts[0]!.seq;
    expect(topOverlay()).toEqual({ name: 'offline-conflict', params: { seq: String(seq) } });

    expect(await chooseForConflict(seq, 'overwrite')).toBe('settled');
    expect(resolved).toEqual([`${kitchen.value.id}:overwrite`]);
    await expect
      .poll(async () => {
        await outbox.flush();
        return server.palettes()[0]?.colorIds;
      })
      .toEqual(BLUE);
    await expect.poll(() => outboxState.waiting).toBe(0);
    expect(outboxState.conflicts).toEqual([]);
  });

  it('offers conflicts left from an earlier visit again at start-up', async () => {
    const server = new FakePaletteServer();
    const first = outboxOn(server);
    const made = await first.create('Hall', RED);
    if (!made.ok) throw new Error('create failed');
    server.online = false;
    await first.update(made.value.id, 1, { name: 'Entrance' });
    server.online = true;
    server.changeElsewhere(made.value.id, { name: 'Lobby' });
    await first.flush();
    expect(await first.conflicts()).toHaveLength(1);

    cleanups.push(connectOutbox(first));
    await expect
      .poll(() =>
        toastState.toasts.some((t) => t.message === 'Your offline change to “Entrance” clashes with a newer version'),
      )
      .toBe(true);
    expect(outboxState.conflicts).toHaveLength(1);
  });
});

describe('outbox store: attached where the remote repository is made', () => {
  it('keeps the saved list and the editor’s link in step as offline writes go out, and loads theirs when kept', async () => {
    const server = new FakePaletteServer();
    const outbox = attachOutbox(server.repository(), `attached${++owners}`, {
      isOnline: () => server.online,
      events: null,
      locks: null,
      retry: { firstMs: 5, maxMs: 20 },
      autoStart: false,
    });
    cleanups.push(detachOutbox);
    savedState.source = 'remote';
    const hall = await outbox.create('Hall', RED);
    if (!hall.ok) throw new Error('create failed');
    await outbox.list();
    server.online = false;
    const made = await outbox.create('Study', BLUE);
    if (!made.ok) throw new Error('create failed');
    savedState.loadedFrom = { id: made.value.id, version: 1 };
    await outbox.update(hall.value.id, 1, { colorIds: BLUE });
    server.online = true;
    server.changeElsewhere(hall.value.id, { colorIds: GREEN });
    await outbox.flush();

    const study = server.palettes().find((p) => p.name === 'Study')!;
    await expect.poll(() => savedState.loadedFrom).toEqual({ id: study.id, version: 1 });
    await expect
      .poll(() => savedState.palettes.map((p) => [p.name, p.pending === true]).sort())
      .toEqual([
        ['Hall', true],
        ['Study', false],
      ]);

    // The editor is on the hall palette when the person keeps their version.
    savedState.loadedFrom = { id: hall.value.id, version: 2 };
    await expect.poll(() => outboxState.conflicts.length).toBe(1);
    await chooseForConflict(outboxState.conflicts[0]!.seq, 'theirs');
    expect(paletteState.slots.map((s) => s.colorId)).toEqual(GREEN);
    expect(savedState.loadedFrom).toEqual({ id: hall.value.id, version: 2 });
    await expect.poll(() => savedState.palettes.every((p) => !p.pending)).toBe(true);
    expect(savedState.palettes.find((p) => p.id === hall.value.id)?.colorIds).toEqual(GREEN);
  });
});
