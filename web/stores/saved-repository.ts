import { newLocalId } from '../data/local-palettes';
import { createLocalRepository, type LocalRepository, SAVED_CHANNEL } from '../data/local-repository';
import type { OutboxRepository } from '../data/outbox/outbox-types';
import type { PaletteRepository } from '../data/palette-repository';
import { cryptoRandom } from '../lib/random';
import { createRemoteRepository } from '../data/remote-repository';
import { authState } from './auth-store';
import { getCatalogue } from './catalogue-store';
import { attachOutbox, detachOutbox } from './outbox-actions';
import { savedState } from './saved-store';
import { setSyncStatus, syncState } from './sync-store';

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
/** The account the remote (and its outbox) was made for: another account gets its own (undefined: a test's fake). */
let remoteOwner: string | null | undefined = null;

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

const colorExists = (id: string) => {
  const catalogue = getCatalogue();
  // Before the catalogue arrived nothing can be checked here; the server checks when it is sent.
  return catalogue ? catalogue.byId.has(id) || catalogue.currentId(id) !== undefined : true;
};

/**
 * What signed-in actions talk to: the API, with this account's outbox in front of it, so a write
 * made without signal waits in IndexedDB and goes out in order when the connection returns.
 */
function createRemote(owner: string | null = authState.user?.id ?? null): PaletteRepository {
  const api = createRemoteRepository();
  if (!owner || typeof indexedDB === 'undefined') return api;
  const outbox = attachOutbox(api, owner, { colorExists });
  outbox.subscribe((event) => {
    if (remote !== outbox) return;
    // Sending in the background met an ended session: the tab signs out as an action's 401 does.
    if (event.type === 'signed-out') sessionEnded();
    else if (event.type === 'idle' || event.type === 'sent') void settleWaiting();
  });
  return outbox;
}

/**
 * The header's 'Changes waiting for connection' while the outbox has writes to send, 'synced' once
 * none is left (a change held for the person's choice has its own toast and dialog). Runs after
 * each answer and each write sent, reading the queue itself, so a read answered in between never
 * claims synced while writes wait, and a drain that ended meanwhile is not missed.
 */
export async function settleWaiting(): Promise<void> {
  const outbox = remote;
  if (outbox?.kind !== 'outbox') return;
  const box = outbox as OutboxRepository;
  const [waiting, held] = await Promise.all([box.waiting(), box.conflicts()]);
  if (remote !== outbox || (syncState.status !== 'waiting' && syncState.status !== 'synced')) return;
  setSyncStatus(waiting - held.length > 0 ? 'waiting' : 'synced');
}

let sessionEnded: () => void = () => {};
/** saved-actions.ts says what an ended session does (kept there so this module imports no actions). */
export function onSessionEnded(handler: () => void): void {
  sessionEnded = handler;
}

export function remoteRepository(): PaletteRepository {
  const owner = authState.user?.id ?? null;
  if (remote && remoteOwner !== undefined && owner !== remoteOwner) forgetRemote();
  if (!remote) {
    remote = createRemote(owner);
    remoteOwner = owner;
  }
  return remote;
}

/** Sign-out, an ended session or another account: this outbox stops, its writes wait for its owner. */
export function forgetRemote(): void {
  detachOutbox();
  remote = null;
  remoteOwner = null;
}

export function repository(): PaletteRepository {
  return savedState.source === 'remote' ? remoteRepository() : localRepository();
}

/** Tests put fakes in (null: back to the real ones on next use). */
export function setRepositories(next: { local?: LocalRepository | null; remote?: PaletteRepository | null }): void {
  if (next.local !== undefined) local = next.local;
  if (next.remote !== undefined) {
    // A fake stands for whoever is signed in; null makes the next use build the real one.
    if (next.remote === null) detachOutbox();
    remote = next.remote;
    remoteOwner = next.remote === null ? null : undefined;
  }
}
