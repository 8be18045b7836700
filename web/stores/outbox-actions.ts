import { createOutboxRepository, type OutboxOptions, type OutboxRepository } from '../lib/outbox';
import type { PaletteRepository } from '../lib/palette-repository';
import { connectOutbox } from './outbox-store';
import { replacePalette } from './palette-store';
import { savedState } from './saved-store';

let attached: { outbox: OutboxRepository; stop: () => void } | null = null;

/**
 * The one call the chooser needs (saved-repository.ts `createRemote()`): the remote repository
 * wrapped in this account's outbox, its conflicts offered to the person, and the saved list kept in
 * step as writes go out (pending marks clear, an offline-made palette takes its server id, also as
 * the editor's link). "Keep their version" loads theirs into the editor when the editor was on
 * that palette, as the save dialog's "Load their version" does.
 */
export function attachOutbox(
  remote: PaletteRepository,
  owner: string,
  options: Omit<OutboxOptions, 'remote' | 'owner'> = {},
): OutboxRepository {
  detachOutbox();
  const outbox = createOutboxRepository({ ...options, remote, owner });
  const disconnect = connectOutbox(outbox, {
    onResolved: (conflict, choice) => {
      const theirs = conflict.theirs;
      if (choice === 'theirs' && theirs && savedState.loadedFrom?.id === conflict.paletteId) {
        replacePalette(theirs.colorIds);
        savedState.loadedFrom = { id: theirs.id, version: theirs.version };
      }
    },
  });
  const unsubscribe = outbox.subscribe((event) => {
    if (event.type === 'id' && savedState.loadedFrom?.id === event.from) {
      savedState.loadedFrom = { ...savedState.loadedFrom, id: event.to };
    }
    if (event.type === 'changed' || event.type === 'idle' || event.type === 'id') {
      void outbox.peek().then((list) => {
        if (list && savedState.source === 'remote' && attached?.outbox === outbox) savedState.palettes = list;
      });
    }
  });
  attached = {
    outbox,
    stop: () => {
      unsubscribe();
      disconnect();
      outbox.close();
    },
  };
  return outbox;
}

/** Sign-out or another account: this outbox stops (its writes wait in its database for its owner). */
export function detachOutbox(): void {
  const current = attached;
  attached = null;
  current?.stop();
}
