import { createOutboxRepository } from '../data/outbox/outbox';
import type { OutboxOptions, OutboxRepository } from '../data/outbox/outbox-types';
import type { PaletteRepository } from '../data/palette-repository';
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
  /** Palettes whose held change goes over theirs: the editor's base follows the version it lands as. */
  const overwriting = new Map<string, number>();
  const disconnect = connectOutbox(outbox, {
    onResolved: (conflict, choice) => {
      const theirs = conflict.theirs;
      const loaded = savedState.loadedFrom;
      if (loaded?.id !== conflict.paletteId) return;
      if (choice === 'theirs' && theirs) {
        replacePalette(theirs.colorIds);
        savedState.loadedFrom = { id: theirs.id, version: theirs.version };
      } else if (choice === 'overwrite' && conflict.mine && loaded.version === conflict.mine.version) {
        // The version this tab guessed is not the one it will get (theirs came first): follow the answer.
        overwriting.set(conflict.paletteId, conflict.mine.version);
      } else if (choice === 'new' || choice === 'discard') {
        // The editor holds a change that no longer goes onto this palette: a later save must not land
        // on their version as if it had been seen, so it saves as a new palette.
        savedState.loadedFrom = null;
      }
    },
  });
  const unsubscribe = outbox.subscribe((event) => {
    if (event.type === 'id' && savedState.loadedFrom?.id === event.from) {
      savedState.loadedFrom = { ...savedState.loadedFrom, id: event.to };
    }
    if (event.type === 'sent' && event.value && !Array.isArray(event.value)) {
      const { id, version } = event.value;
      const guessed = overwriting.get(id);
      if (guessed !== undefined) {
        overwriting.delete(id);
        if (savedState.loadedFrom?.id === id && savedState.loadedFrom.version === guessed) {
          savedState.loadedFrom = { id, version };
        }
      }
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
