/** localStorage key: set once the browser has been asked, so nobody is asked twice. */
export const PERSIST_ASKED_KEY = 'persistentStorageAsked';

/**
 * Asks the browser once to keep this site's storage when space runs low (iOS and Android may evict
 * it otherwise), when there is first something worth keeping. Quiet: some browsers grant or refuse
 * without asking, others ask once; the answer is only remembered, never shown.
 */
export async function askPersistentStorage(
  storage?: Pick<Storage, 'getItem' | 'setItem'>,
  manager: Pick<StorageManager, 'persist' | 'persisted'> | undefined = globalThis.navigator?.storage,
): Promise<void> {
  try {
    storage ??= localStorage;
    if (!manager?.persist || storage.getItem(PERSIST_ASKED_KEY) !== null) return;
    storage.setItem(PERSIST_ASKED_KEY, 'asking');
    const granted = (await manager.persisted()) || (await manager.persist());
    storage.setItem(PERSIST_ASKED_KEY, granted ? 'granted' : 'refused');
  } catch {
    // Storage blocked or the API refused: nothing a person needs to hear about.
  }
}
