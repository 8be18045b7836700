import { describe, expect, it } from 'vitest';
import { ApiFailure, type ApiPalette } from '../../../web/lib/api-client';
import { createRemoteRepository, type PaletteApi } from '../../../web/data/remote-repository';
import { paletteSummary } from '../palette-fixtures';

// The remote repository against a fake API client: every answer, and every failure, as a RepoResult.
const palette = (id: string, version: number, name = `Name ${id}`): ApiPalette => ({
  id,
  name,
  colors: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] as ApiPalette['colors'],
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  isPublic: false,
  shareId: null,
  version,
});

const fail = (status: number, code = 'error') => Promise.reject(new ApiFailure(status, code, `status ${status}`));
const unused = () => Promise.reject(new Error('not expected in this test'));

function fakeApi(overrides: Partial<PaletteApi> = {}): PaletteApi & { calls: string[] } {
  const calls: string[] = [];
  const track =
    <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) =>
    (...args: A) => {
      calls.push(name);
      return fn(...args);
    };
  const base: PaletteApi = {
    listPalettes: () => Promise.resolve({ palettes: [palette('p1', 4, 'Theirs')] }),
    createPalette: unused,
    updatePalette: unused,
    deletePalette: unused,
    deletePalettes: unused,
    undeletePalettes: unused,
    setSharing: unused,
    getHistory: unused,
    restoreVersion: unused,
    ...overrides,
  };
  const api = Object.fromEntries(
    Object.entries(base).map(([name, fn]) => [name, track(name, fn as (...a: unknown[]) => Promise<unknown>)]),
  ) as unknown as PaletteApi;
  return Object.assign(api, { calls });
}

describe('the remote repository', () => {
  it('maps palettes from the API, newest version and all', async () => {
    const repo = createRemoteRepository(fakeApi({ createPalette: () => Promise.resolve(palette('p9', 1, 'Hall')) }));
    expect(await repo.create('Hall', ['a', 'b', 'c'])).toEqual({
      ok: true,
      value: paletteSummary({ id: 'p9', name: 'Hall' }),
    });
  });

  it('a version_conflict on a save is a conflict carrying the server’s current copy', async () => {
    const api = fakeApi({ updatePalette: () => fail(409, 'version_conflict') });
    const result = await createRemoteRepository(api).update('p1', 2, { name: 'Mine' });
    expect(result).toMatchObject({ ok: false, reason: 'conflict', theirs: { id: 'p1', version: 4, name: 'Theirs' } });
    expect(api.calls).toEqual(['updatePalette', 'listPalettes']);
  });

  it('a cap reached on a save is no conflict (nobody else saved): a failure carrying the server’s code', async () => {
    const api = fakeApi({ updatePalette: () => fail(409, 'version_limit') });
    const result = await createRemoteRepository(api).update('p1', 2, { name: 'Mine' });
    expect(result).toMatchObject({ ok: false, reason: 'failed', error: { code: 'version_limit' } });
    expect(api.calls).toEqual(['updatePalette']);
  });

  it('a save onto a palette that is gone is a conflict with nothing; elsewhere a 404 is not-found', async () => {
    const repo = createRemoteRepository(
      fakeApi({
        updatePalette: () => fail(404, 'palette_not_found'),
        getHistory: () => fail(404, 'palette_not_found'),
        restoreVersion: () => fail(404, 'palette_not_found'),
      }),
    );
    expect(await repo.update('p1', 2, { name: 'Mine' })).toEqual({ ok: false, reason: 'conflict', theirs: null });
    expect(await repo.history('p1')).toEqual({ ok: false, reason: 'not-found' });
    expect(await repo.restore('p1', 1, 2)).toEqual({ ok: false, reason: 'not-found' });
  });

  it('401 is signed-out; no answer at all is offline (the outbox queues it); a server error is failed with it', async () => {
    const offline = new ApiFailure(0, 'network', 'Could not reach the server.');
    const serverError = new ApiFailure(500, 'error', 'status 500');
    const repo = createRemoteRepository(
      fakeApi({
        listPalettes: () => fail(401, 'unauthenticated'),
        createPalette: () => Promise.reject(offline),
        updatePalette: () => Promise.reject(offline),
        deletePalette: () => Promise.reject(serverError),
      }),
    );
    expect(await repo.list()).toEqual({ ok: false, reason: 'signed-out' });
    expect(await repo.create('Hall', ['a', 'b', 'c'])).toEqual({ ok: false, reason: 'offline' });
    expect(await repo.update('p1', 2, { name: 'Den' })).toEqual({ ok: false, reason: 'offline' });
    expect(await repo.remove(['p1'])).toEqual({ ok: false, reason: 'failed', error: serverError });
  });

  it('a create with a key sends it as the Idempotency-Key of the one create call; none back is not-found', async () => {
    const sent: unknown[] = [];
    let gone = false;
    const api = fakeApi({
      createPalette: (name, colorIds, key) => {
        sent.push([name, colorIds, key]);
        return gone
          ? Promise.reject(new ApiFailure(404, 'palette_not_found', 'No such palette.'))
          : Promise.resolve(palette('srv1', 1, 'Hall'));
      },
    });
    const repo = createRemoteRepository(api);
    const made = await repo.create('Hall', ['a', 'b', 'c'], { key: 'okey1', createdAt: '2026-01-02T08:00:00.000Z' });
    expect(made).toMatchObject({ ok: true, value: { id: 'srv1', name: 'Hall', version: 1 } });
    expect(sent).toEqual([['Hall', ['a', 'b', 'c'], 'okey1']]);
    // Made by an earlier attempt and deleted elsewhere since: the server answers not found.
    gone = true;
    expect(await repo.create('Hall', ['a', 'b', 'c'], { key: 'okey1' })).toEqual({ ok: false, reason: 'not-found' });
    expect(api.calls).toEqual(['createPalette', 'createPalette']);
  });

  it('sharing and restore send the version they were based on; a stale one is a conflict with theirs', async () => {
    const bases: unknown[] = [];
    const api = fakeApi({
      setSharing: (_id, _isPublic, version) => {
        bases.push(['sharing', version]);
        return fail(409, 'version_conflict');
      },
      restoreVersion: (_id, _version, base) => {
        bases.push(['restore', base]);
        return fail(409, 'version_conflict');
      },
    });
    const repo = createRemoteRepository(api);
    expect(await repo.setSharing('p1', true, 3)).toMatchObject({
      ok: false,
      reason: 'conflict',
      theirs: { version: 4 },
    });
    expect(await repo.restore('p1', 1, 3)).toMatchObject({ ok: false, reason: 'conflict', theirs: { version: 4 } });
    expect(bases).toEqual([
      ['sharing', 3],
      ['restore', 3],
    ]);
  });

  it('deletes one or many through the matching call, and Undo answers the palettes that are back', async () => {
    const api = fakeApi({
      deletePalette: () => Promise.resolve(undefined),
      deletePalettes: () => Promise.resolve({ deleted: 2 } as never),
      undeletePalettes: () => Promise.resolve({ palettes: [palette('p1', 5)] } as never),
    });
    const repo = createRemoteRepository(api);
    expect(await repo.remove(['p1'])).toEqual({ ok: true, value: undefined });
    expect(await repo.remove(['p1', 'p2'])).toEqual({ ok: true, value: undefined });
    const back = await repo.undelete(['p1', 'p2']);
    expect(back.ok && back.value.map((p) => [p.id, p.version])).toEqual([['p1', 5]]);
    expect(api.calls).toEqual(['deletePalette', 'deletePalettes', 'undeletePalettes']);
  });

  it('sharing answers the whole palette with its new link and version', async () => {
    const api = fakeApi({
      setSharing: () => Promise.resolve({ isPublic: true, shareId: 'Sh4re', version: 5 } as never),
    });
    const repo = createRemoteRepository(api);
    const result = await repo.setSharing('p1', true, 4);
    expect(result).toMatchObject({
      ok: true,
      value: { id: 'p1', name: 'Theirs', isPublic: true, shareId: 'Sh4re', version: 5 },
    });
    // Known from the list already: no second fetch.
    await repo.list();
    await repo.setSharing('p1', true, 5);
    expect(api.calls).toEqual(['setSharing', 'listPalettes', 'listPalettes', 'setSharing']);
  });

  it('history comes oldest first with colour ids', async () => {
    const entry = (version: number, name: string) => ({
      version,
      type: version === 1 ? 'PaletteCreated' : 'PaletteRenamed',
      at: '2026-01-01T10:00:00.000Z',
      name,
      colors: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      isPublic: false,
    });
    const repo = createRemoteRepository(
      fakeApi({ getHistory: () => Promise.resolve({ versions: [entry(1, 'Hall'), entry(2, 'Den')] } as never) }),
    );
    const result = await repo.history('p1');
    expect(result.ok && result.value.map((v) => [v.version, v.name, v.colorIds])).toEqual([
      [1, 'Hall', ['a', 'b', 'c']],
      [2, 'Den', ['a', 'b', 'c']],
    ]);
  });
});
