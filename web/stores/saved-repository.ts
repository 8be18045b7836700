import { newLocalId } from '../lib/local-palettes';
import { createLocalRepository, type LocalRepository, SAVED_CHANNEL } from '../lib/local-repository';
import type { PaletteRepository } from '../lib/palette-repository';
import { cryptoRandom } from '../lib/random';
import { createRemoteRepository } from '../lib/remote-repository';
import { getCatalogue } from './catalogue-store';
import { savedState } from './saved-store';

/**
 * The one place that picks where saved palettes live: the server once a signed-in person's list
 * has loaded (`savedState.source`), else this device. Loaded with the saved-palette actions, never
 * in the first paint (IndexedDB code is its own chunk).
 */

/** Every tab's local repository tells the others here; saved-actions listens on the same object. */
export const savedChannel =
  typeof window === 'undefined' || typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SAVED_CHANNEL);

let local: LocalRepository | null = null;
let remote: PaletteRepository | null = null;

export function localRepository(): LocalRepository {
  local ??= createLocalRepository({
    colorExists: (id) => getCatalogue()?.byId.has(id) ?? false,
    currentId: (id) => getCatalogue()?.currentId(id),
    newId: () => newLocalId(Date.now(), cryptoRandom),
    storage: typeof localStorage === 'undefined' ? null : localStorage,
    channel: savedChannel,
  });
  return local;
}

/** The seam for the outbox: what signed-in actions talk to. Wrap the remote repository here. */
export function createRemote(): PaletteRepository {
  return createRemoteRepository();
}

export function remoteRepository(): PaletteRepository {
  remote ??= createRemote();
  return remote;
}

export function repository(): PaletteRepository {
  return savedState.source === 'remote' ? remoteRepository() : localRepository();
}

/** Tests put fakes in (null: back to the real ones on next use). */
export function setRepositories(next: { local?: LocalRepository | null; remote?: PaletteRepository | null }): void {
  if (next.local !== undefined) local = next.local;
  if (next.remote !== undefined) remote = next.remote;
}
