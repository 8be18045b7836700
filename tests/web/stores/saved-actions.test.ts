import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../web/lib/api-client';
import type { LocalRepository } from '../../../web/data/local-repository';
import type { PaletteRepository, RepoResult, PaletteSummary } from '../../../web/data/palette-repository';
import { askPersistentStorage, PERSIST_ASKED_KEY } from '../../../web/data/persistent-storage';
import { sayNotices } from '../../../web/app/notices';
import {
  deletePalette,
  renamePalette,
  saveAsNew,
  saveBack,
  toggleSharing,
} from '../../../web/features/saved/saved-commands';
import { authState } from '../../../web/stores/auth-store';
import { startSaved, switchToLocalList } from '../../../web/stores/saved-actions';
import { setRepositories } from '../../../web/stores/saved-repository';
import { savedState } from '../../../web/stores/saved-store';
import { syncState } from '../../../web/stores/sync-store';
import { runToastAction, toastState } from '../../../web/stores/toast-store';
import { localRecord, paletteSummary } from '../palette-fixtures';

// The actions against fake repositories, called as the saved feature calls them: the actions turn
// RepoResults into state and results, the feature (and app/notices.ts, for what nobody asked) into
// the fixed toasts.
sayNotices();
const palette = (id: string, version = 1, name = `Name ${id}`): PaletteSummary =>
  paletteSummary({ id, name, version, createdAt: `2026-01-01T10:0${id.length}:00.000Z` });

type Answers = Partial<{ [K in keyof PaletteRepository]: PaletteRepository[K] }>;

function fake(kind: 'local' | 'remote', answers: Answers = {}, unreadable = 0): LocalRepository {
  const refuse = () => Promise.resolve({ ok: false, reason: 'failed' } as const);
  return {
    kind: kind as 'local',
    list: () => Promise.resolve({ ok: true, value: [] }),
    readAll: () => Promise.resolve({ ok: true, value: { records: [], unreadable } }),
    discard: () => Promise.resolve({ ok: true, value: undefined }),
    close: () => Promise.resolve(),
    create: refuse,
    update: refuse,
    remove: refuse,
    undelete: refuse,
    setSharing: refuse,
    history: refuse,
    restore: refuse,
    ...answers,
  } as LocalRepository;
}

const toasts = () => toastState.toasts.map((t) => t.message);
const answer =
  <T>(result: RepoResult<T>) =>
  () =>
    Promise.resolve(result);

beforeEach(() => {
  toastState.toasts = [];
  savedState.palettes = [];
  savedState.source = 'local';
  savedState.loadedFrom = null;
  syncState.status = 'idle';
  authState.user = null;
});
afterEach(() => setRepositories({ local: null, remote: null }));

describe('saved-palette actions', () => {
  it('a new palette joins the list and becomes what S saves onto', async () => {
    setRepositories({ local: fake('local', { create: answer({ ok: true, value: palette('p1') }) }) });
    expect(await saveAsNew('Name p1', ['a', 'b', 'c'])).toBe(true);
    expect(savedState.palettes.map((p) => p.id)).toEqual(['p1']);
    expect(savedState.loadedFrom).toEqual({ id: 'p1', version: 1 });
    expect(toasts()).toEqual(['Palette saved!']);
    // Nothing on this device talks to a server: the header's status stays as it was.
    expect(syncState.status).toBe('idle');
  });

  it('a refusal the person can act on (the palette cap, the write rate) says the server’s words, not the fixed text', async () => {
    savedState.source = 'remote';
    const cap = 'You have 1 000 saved palettes, the most one account keeps. Delete some to save more.';
    const rate = 'Too many changes in a minute. Please wait a moment and try again.';
    setRepositories({
      remote: fake('remote', {
        create: answer({ ok: false, reason: 'failed', error: new ApiFailure(409, 'palette_limit', cap) }),
        update: answer({ ok: false, reason: 'failed', error: new ApiFailure(429, 'rate_limited', rate) }),
      }),
    });
    expect(await saveAsNew('Hall', ['a', 'b', 'c'])).toBe(false);
    expect(toasts()).toEqual([cap]);
    // The server answered and nothing is out of step: no sync error in the header.
    expect(syncState.status).toBe('synced');
    savedState.palettes = [palette('p1')];
    await renamePalette('p1', 'Hall');
    expect(toasts()).toEqual([cap, rate]);
    expect(savedState.palettes[0]!.name).toBe('Name p1');
    // Any other server error keeps the fixed text.
    setRepositories({
      remote: fake('remote', {
        create: answer({ ok: false, reason: 'failed', error: new ApiFailure(500, 'internal', 'Something went wrong') }),
      }),
    });
    await saveAsNew('Hall', ['a', 'b', 'c']);
    expect(toasts().at(-1)).toBe('Failed to save palette');
    expect(syncState.status).toBe('error');
  });

  it('a server failure keeps the list, says the fixed failure text and marks the status', async () => {
    savedState.source = 'remote';
    setRepositories({ remote: fake('remote', { create: answer({ ok: false, reason: 'failed' }) }) });
    expect(await saveAsNew('Hall', ['a', 'b', 'c'])).toBe(false);
    expect(savedState.palettes).toEqual([]);
    expect(toasts()).toEqual(['Failed to save palette']);
    expect(syncState.status).toBe('error');
  });

  it('a write queued for the connection keeps the usual toast but never claims synced', async () => {
    savedState.source = 'remote';
    savedState.palettes = [palette('p1', 2)];
    const queued = { ...palette('o1'), pending: true };
    setRepositories({
      remote: fake('remote', {
        create: answer({ ok: true, pending: true, value: queued }),
        setSharing: answer({ ok: true, pending: true, value: { ...palette('p1', 3), isPublic: true, pending: true } }),
      }),
    });
    expect(await saveAsNew('Name o1', ['a', 'b', 'c'])).toBe(true);
    expect(toasts()).toEqual(['Palette saved!']);
    expect(syncState.status).toBe('waiting');
    expect(savedState.palettes.find((p) => p.id === 'o1')?.pending).toBe(true);
    // No share link until the server makes one: the toast says when it will happen.
    await toggleSharing('p1');
    expect(toasts()).toEqual(['Palette saved!', 'Palette will be shared when the connection returns']);
    expect(syncState.status).toBe('waiting');
  });

  it('an ended session signs this tab out and says so', async () => {
    savedState.source = 'remote';
    authState.user = { id: 'u1', email: 'a@example.com' } as typeof authState.user;
    savedState.palettes = [palette('p1')];
    setRepositories({
      local: fake('local'),
      remote: fake('remote', { update: answer({ ok: false, reason: 'signed-out' }) }),
    });
    await renamePalette('p1', 'Hall');
    expect(authState.user).toBeNull();
    expect(savedState.source).toBe('local');
    expect(toasts()).toEqual(['Your session has ended. Please sign in again.']);
    expect(syncState.status).toBe('error');
  });

  it('a stale save back is a conflict: the list shows theirs, the editor keeps its stale base', async () => {
    savedState.palettes = [palette('p1', 1)];
    savedState.loadedFrom = { id: 'p1', version: 1 };
    const theirs = palette('p1', 3, 'Theirs');
    setRepositories({ local: fake('local', { update: answer({ ok: false, reason: 'conflict', theirs }) }) });
    const result = await saveBack('p1', 1, { name: 'Mine', colorIds: ['a', 'b', 'c'] });
    expect(result).toEqual({ kind: 'conflict', theirs });
    expect(savedState.palettes).toEqual([theirs]);
    expect(savedState.loadedFrom).toEqual({ id: 'p1', version: 1 });
    expect(toasts()).toEqual([]);
  });

  it('a rename that lost a race shows the latest and asks again', async () => {
    savedState.palettes = [palette('p1', 1)];
    const theirs = palette('p1', 2, 'Theirs');
    setRepositories({ local: fake('local', { update: answer({ ok: false, reason: 'conflict', theirs }) }) });
    await renamePalette('p1', 'Mine');
    expect(savedState.palettes[0]?.name).toBe('Theirs');
    expect(toasts()).toEqual(['This palette was changed elsewhere; the list now shows the latest. Rename it again.']);
  });

  it('Undo of a delete asks the repository it was deleted from, not one signed into since', async () => {
    savedState.palettes = [palette('p1')];
    const local = fake('local', {
      remove: answer({ ok: true, value: undefined }),
      undelete: answer({ ok: true, value: [palette('p1')] }),
    });
    setRepositories({ local, remote: fake('remote') });
    await deletePalette('p1');
    expect(savedState.palettes).toEqual([]);
    const undo = toastState.toasts.find((t) => t.message === 'Palette deleted');
    expect(undo?.actionLabel).toBe('Undo');
    // Signed in meanwhile: the list lives on the server now.
    savedState.source = 'remote';
    runToastAction(undo!.id);
    await new Promise((r) => setTimeout(r, 0));
    expect(toasts()).toContain('Could not undo: you signed in since');
  });

  it('says once how many stored palettes could not be read, and shows the others', async () => {
    const records = [localRecord({ id: 'p1', name: 'Good' })];
    const local = fake('local', {}, 2);
    local.readAll = () => Promise.resolve({ ok: true, value: { records, unreadable: 2 } });
    setRepositories({ local });
    await startSaved();
    switchToLocalList();
    await new Promise((r) => setTimeout(r, 0));
    expect(savedState.palettes.map((p) => p.name)).toEqual(['Good']);
    expect(savedState.loaded).toBe(true);
    expect(toasts()).toEqual(['2 saved palette(s) on this device could not be read']);
  });
});

describe('persistent storage', () => {
  it('is asked for once, and the answer only remembered', async () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => map.set(k, v) };
    let asked = 0;
    const manager = {
      persisted: async () => false,
      persist: async () => {
        asked++;
        return false;
      },
    };
    await askPersistentStorage(storage, manager);
    await askPersistentStorage(storage, manager);
    expect(asked).toBe(1);
    expect(map.get(PERSIST_ASKED_KEY)).toBe('refused');
    // Already granted (by an earlier visit or the browser's own heuristics): not asked again.
    map.clear();
    await askPersistentStorage(storage, {
      persisted: async () => true,
      persist: async () => {
        asked++;
        return true;
      },
    });
    expect(asked).toBe(1);
    expect(map.get(PERSIST_ASKED_KEY)).toBe('granted');
  });
});
