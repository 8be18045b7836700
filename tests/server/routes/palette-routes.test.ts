import { describe, expect, it } from 'vitest';
import type { ApiPalette, HistoryResponse, ImportResponse } from '../../../shared/api/palettes';
import { call, colorIds, makeTestApp, signUp, type TestApp } from '../helpers';

type ErrorBody = { error: { code: string; message: string; issues?: Array<{ path: string[] }> } };

async function create(app: TestApp, cookie: string, name = 'Hall', ids = colorIds(3)) {
  const res = await call(app, 'POST', '/api/palettes', { cookie, body: { name, colorIds: ids } });
  expect(res.status).toBe(201);
  return (await res.json()) as ApiPalette;
}

async function setup() {
  const { app, deps } = await makeTestApp();
  const owner = await signUp(app);
  const other = await signUp(app);
  return { app, deps, owner, other };
}

describe('palettes: create, list, read', () => {
  it('creates a palette with full catalogue colours, a weak ETag and version 1', async () => {
    const { app, owner } = await setup();
    const res = await call(app, 'POST', '/api/palettes', {
      cookie: owner.cookie,
      body: { name: '  Living room  ', colorIds: colorIds(4, 10) },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('etag')).toBe('W/"1"');
    const palette = (await res.json()) as ApiPalette;
    expect(palette).toMatchObject({ name: 'Living room', isPublic: false, shareId: null, version: 1 });
    expect(palette.colors.map((c) => c.id)).toEqual(colorIds(4, 10));
    expect(palette.colors[0]).toHaveProperty('hexCode');
    expect(palette.colors[0]).toHaveProperty('purchaseLink');
    expect(palette.createdAt).toBe('2026-11-22T12:00:00.000Z');
  });

  it('lists only your own palettes, newest first', async () => {
    const { app, owner, other } = await setup();
    await create(app, owner.cookie, 'First');
    await create(app, other.cookie, 'Not mine');
    await create(app, owner.cookie, 'Second');
    const res = await call(app, 'GET', '/api/palettes', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const { palettes } = (await res.json()) as { palettes: ApiPalette[] };
    expect(palettes.map((p) => p.name)).toEqual(['Second', 'First']);
  });

  it('refuses bad bodies with 400 and the issues, and stores nothing', async () => {
    const { app, owner } = await setup();
    const bad: Array<[unknown, string]> = [
      [{ name: '', colorIds: colorIds(3) }, 'name'],
      [{ name: '   ', colorIds: colorIds(3) }, 'name'],
      [{ name: 'x'.repeat(101), colorIds: colorIds(3) }, 'name'],
      [{ name: 'Two', colorIds: colorIds(2) }, 'colorIds'],
      [{ name: 'Eleven', colorIds: colorIds(11) }, 'colorIds'],
      [{ name: 'Numbers', colorIds: [1, 2, 3] }, 'colorIds'],
      [{ name: 'Extra', colorIds: colorIds(3), userId: 'someone' }, ''],
      [[], ''],
    ];
    for (const [body, field] of bad) {
      const res = await call(app, 'POST', '/api/palettes', { cookie: owner.cookie, body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      const error = ((await res.json()) as ErrorBody).error;
      expect(error.code).toBe('invalid_request');
      if (field) expect(error.issues?.some((i) => i.path[0] === field)).toBe(true);
    }
    const unknown = await call(app, 'POST', '/api/palettes', {
      cookie: owner.cookie,
      body: { name: 'Made up', colorIds: [...colorIds(2), 'farrow-ball-not-a-colour'] },
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as ErrorBody).error).toMatchObject({ code: 'unknown_color' });
    const list = await call(app, 'GET', '/api/palettes', { cookie: owner.cookie });
    expect(((await list.json()) as { palettes: unknown[] }).palettes).toEqual([]);
  });

  it('answers 401 to a signed-out caller on the calls without a palette id', async () => {
    const { app } = await setup();
    for (const [method, path, body] of [
      ['GET', '/api/palettes', undefined],
      ['POST', '/api/palettes', { name: 'x', colorIds: colorIds(3) }],
      ['POST', '/api/palettes/delete', { ids: ['abc'] }],
      ['POST', '/api/palettes/undelete', { ids: ['abc'] }],
      ['POST', '/api/palettes/import', { palettes: [] }],
    ] as const) {
      const res = await call(app, method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(((await res.json()) as ErrorBody).error.code).toBe('unauthenticated');
    }
  });
});

describe('palettes: editing with versions', () => {
  it('renames and recolours with If-Match, answering the new version', async () => {
    const { app, owner } = await setup();
    const palette = await create(app, owner.cookie);
    const res = await call(app, 'PATCH', `/api/palettes/${palette.id}`, {
      cookie: owner.cookie,
      headers: { 'if-match': 'W/"1"' },
      body: { name: 'Kitchen', colorIds: colorIds(5, 20) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('W/"3"');
    expect(await res.json()).toMatchObject({ name: 'Kitchen', version: 3 });
  });

  it('answers 409 with a clear message to a stale version, and loses neither write', async () => {
    const { app, owner } = await setup();
    const palette = await create(app, owner.cookie);
    const first = await call(app, 'PATCH', `/api/palettes/${palette.id}`, {
      cookie: owner.cookie,
      headers: { 'if-match': 'W/"1"' },
      body: { name: 'From the laptop' },
    });
    expect(first.status).toBe(200);
    const stale = await call(app, 'PATCH', `/api/palettes/${palette.id}`, {
      cookie: owner.cookie,
      headers: { 'if-match': 'W/"1"' },
      body: { name: 'From the phone' },
    });
    expect(stale.status).toBe(409);
    expect(stale.headers.get('etag')).toBe('W/"2"');
    const error = ((await stale.json()) as ErrorBody).error;
    expect(error.code).toBe('version_conflict');
    expect(error.message).toMatch(/changed elsewhere/);
    const now = await call(app, 'GET', `/api/palettes/${palette.id}`, { cookie: owner.cookie });
    expect(await now.json()).toMatchObject({ name: 'From the laptop', version: 2 });
  });

  it('needs If-Match on PATCH (428) in the W/"n" form (400), and an edit in the body (400)', async () => {
    const { app, owner } = await setup();
    const palette = await create(app, owner.cookie);
    const path = `/api/palettes/${palette.id}`;
    const missing = await call(app, 'PATCH', path, { cookie: owner.cookie, body: { name: 'x' } });
    expect(missing.status).toBe(428);
    const garbled = await call(app, 'PATCH', path, {
      cookie: owner.cookie,
      headers: { 'if-match': 'v1' },
      body: { name: 'x' },
    });
    expect(garbled.status).toBe(400);
    const empty = await call(app, 'PATCH', path, { cookie: owner.cookie, headers: { 'if-match': 'W/"1"' }, body: {} });
    expect(empty.status).toBe(400);
  });

  it('keeps the version when nothing changes (same trimmed name)', async () => {
    const { app, owner } = await setup();
    const palette = await create(app, owner.cookie, 'Hall');
    const res = await call(app, 'PATCH', `/api/palettes/${palette.id}`, {
      cookie: owner.cookie,
      headers: { 'if-match': 'W/"1"' },
      body: { name: ' Hall ' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: 1 });
  });
});

describe('palettes: sharing and public reads', () => {
  it('makes a palette public under a new 13-character base-36 id each time, and private again', async () => {
    const { app, owner } = await setup();
    const palette = await create(app, owner.cookie);
    const sharing = `/api/palettes/${palette.id}/sharing`;
    const on = await call(app, 'PUT', sharing, { cookie: owner.cookie, body: { public: true } });
    expect(on.status).toBe(200);
    const first = (await on.json()) as { isPublic: boolean; shareId: string };
    expect(first.isPublic).toBe(true);
    expect(first.shareId).toMatch(/^[0-9a-z]{13}$/);

    const anonymous = await call(app, 'GET', `/api/shares/${first.shareId}`);
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toMatchObject({ name: 'Hall', isPublic: true, shareId: first.shareId });

    const off = await call(app, 'PUT', sharing, { cookie: owner.cookie, body: { public: false } });
    expect(await off.json()).toMatchObject({ isPublic: false, shareId: null });
    const gone = await call(app, 'GET', `/api/shares/${first.shareId}`);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as ErrorBody).error.message).toBe(
      'This palette could not be found or is no longer public.',
    );

    const again = (await (
      await call(app, 'PUT', sharing, { cookie: owner.cookie, body: { public: true } })
    ).json()) as {
      shareId: string;
    };
    expect(again.shareId).not.toBe(first.shareId);
    expect((await call(app, 'GET', `/api/shares/${first.shareId}`)).status).toBe(404);
    expect((await call(app, 'GET', `/api/shares/${again.shareId}`)).status).toBe(200);
  });

  it('hides a shared palette once it is deleted, and refuses malformed share ids', async () => {
    const { app, owner } = await setup();
    const palette = await create(app, owner.cookie);
    const { shareId } = (await (
      await call(app, 'PUT', `/api/palettes/${palette.id}/sharing`, { cookie: owner.cookie, body: { public: true } })
    ).json()) as { shareId: string };
    expect((await call(app, 'DELETE', `/api/palettes/${palette.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await call(app, 'GET', `/api/shares/${shareId}`)).status).toBe(404);
    expect((await call(app, 'GET', '/api/shares/not-alnum!')).status).toBe(400);
    const live = await create(app, owner.cookie);
    const bad = await call(app, 'PUT', `/api/palettes/${live.id}/sharing`, {
      cookie: owner.cookie,
      body: { public: 'yes' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('palettes: sharing and restore based on a version', () => {
  // An offline change to sharing or a restore waits in the outbox with the version it was based on:
  // sent later over a newer version, it must be refused, not applied on top of what it never saw.
  it('answers 409 to a stale If-Match on sharing and restore, changes nothing, and applies a current one', async () => {
    const { app, owner } = await setup();
    const palette = await create(app, owner.cookie);
    const path = `/api/palettes/${palette.id}`;
    const renamed = await call(app, 'PATCH', path, {
      cookie: owner.cookie,
      headers: { 'if-match': 'W/"1"' },
      body: { name: 'Newer' },
    });
    expect(renamed.status).toBe(200);

    const staleSharing = await call(app, 'PUT', `${path}/sharing`, {
      cookie: owner.cookie,
      headers: { 'if-match': 'W/"1"' },
      body: { public: true },
    });
    expect(staleSharing.status).toBe(409);
    expect(((await staleSharing.json()) as ErrorBody).error.code).toBe('version_conflict');
    const staleRestore = await call(app, 'POST', `${path}/restore`, {
      cookie: owner.cookie,
      headers: { 'if-match': 'W/"1"' },
      body: { version: 1 },
    });
    expect(staleRestore.status).toBe(409);
    const after = (await (await call(app, 'GET', path, { cookie: owner.cookie })).json()) as ApiPalette;
    expect(after).toMatchObject({ name: 'Newer', isPublic: false, version: 2 });

    const sharing = await call(app, 'PUT', `${path}/sharing`, {
      cookie: owner.cookie,
      headers: { 'if-match': 'W/"2"' },
      body: { public: true },
    });
    expect(sharing.status).toBe(200);
    expect(sharing.headers.get('etag')).toBe('W/"3"');
    const restored = await call(app, 'POST', `${path}/restore`, {
      cookie: owner.cookie,
      headers: { 'if-match': 'W/"3"' },
      body: { version: 1 },
    });
    expect(restored.status).toBe(200);
    expect((await restored.json()) as ApiPalette).toMatchObject({ name: 'Hall', version: 4 });
  });
});

describe('palettes: delete, history, restore', () => {
  it('deletes one, and many at once (leaving out ids that are not yours)', async () => {
    const { app, owner, other } = await setup();
    const a = await create(app, owner.cookie, 'A');
    const b = await create(app, owner.cookie, 'B');
    const c = await create(app, owner.cookie, 'C');
    const theirs = await create(app, other.cookie, 'Theirs');
    expect((await call(app, 'DELETE', `/api/palettes/${a.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await call(app, 'DELETE', `/api/palettes/${a.id}`, { cookie: owner.cookie })).status).toBe(404);
    const bulk = await call(app, 'POST', '/api/palettes/delete', {
      cookie: owner.cookie,
      body: { ids: [b.id, c.id, theirs.id, 'nosuchpalette'] },
    });
    expect(bulk.status).toBe(200);
    expect(((await bulk.json()) as { deleted: string[] }).deleted.sort()).toEqual([b.id, c.id].sort());
    const mine = (await (await call(app, 'GET', '/api/palettes', { cookie: owner.cookie })).json()) as {
      palettes: unknown[];
    };
    expect(mine.palettes).toEqual([]);
    const stillTheirs = await call(app, 'GET', `/api/palettes/${theirs.id}`, { cookie: other.cookie });
    expect(stillTheirs.status).toBe(200);
    const empty = await call(app, 'POST', '/api/palettes/delete', { cookie: owner.cookie, body: { ids: [] } });
    expect(empty.status).toBe(400);
  });

  it('undoes a delete: the palette is back with its history, private, for its owner only', async () => {
    const { app, owner, other } = await setup();
    const palette = await create(app, owner.cookie, 'Hall', colorIds(4, 7));
    const shared = (await (
      await call(app, 'PUT', `/api/palettes/${palette.id}/sharing`, { cookie: owner.cookie, body: { public: true } })
    ).json()) as { shareId: string };
    expect((await call(app, 'DELETE', `/api/palettes/${palette.id}`, { cookie: owner.cookie })).status).toBe(204);

    // Nobody but the owner can bring it back, and they learn nothing about it.
    for (const cookie of [other.cookie, undefined]) {
      const res = await call(app, 'POST', `/api/palettes/${palette.id}/undelete`, { cookie });
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).error.code).toBe('palette_not_found');
    }
    const strangerBulk = await call(app, 'POST', '/api/palettes/undelete', {
      cookie: other.cookie,
      body: { ids: [palette.id] },
    });
    expect(await strangerBulk.json()).toEqual({ palettes: [] });
    expect((await call(app, 'GET', `/api/palettes/${palette.id}`, { cookie: owner.cookie })).status).toBe(404);

    const res = await call(app, 'POST', `/api/palettes/${palette.id}/undelete`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('W/"4"');
    const back = (await res.json()) as ApiPalette;
    expect(back).toMatchObject({ id: palette.id, name: 'Hall', version: 4, isPublic: false, shareId: null });
    expect(back.colors.map((c) => c.id)).toEqual(colorIds(4, 7));
    // The link the delete revoked stays revoked.
    expect((await call(app, 'GET', `/api/shares/${shared.shareId}`)).status).toBe(404);
    const list = (await (await call(app, 'GET', '/api/palettes', { cookie: owner.cookie })).json()) as {
      palettes: ApiPalette[];
    };
    expect(list.palettes.map((p) => p.id)).toEqual([palette.id]);
    const history = (await (
      await call(app, 'GET', `/api/palettes/${palette.id}/history`, { cookie: owner.cookie })
    ).json()) as HistoryResponse;
    expect(history.versions.map((v) => v.type)).toEqual([
      'PaletteCreated',
      'PalettePublished',
      'PaletteDeleted',
      'PaletteUndeleted',
    ]);
    // A second Undo (a double click) changes nothing; a palette never deleted cannot be undeleted into anything.
    const again = await call(app, 'POST', `/api/palettes/${palette.id}/undelete`, { cookie: owner.cookie });
    expect(again.status).toBe(200);
    expect(((await again.json()) as ApiPalette).version).toBe(4);
    expect((await call(app, 'POST', '/api/palettes/nosuchpalette/undelete', { cookie: owner.cookie })).status).toBe(
      404,
    );
    // And it can be edited again.
    const renamed = await call(app, 'PATCH', `/api/palettes/${palette.id}`, {
      cookie: owner.cookie,
      headers: { 'if-match': 'W/"4"' },
      body: { name: 'Landing' },
    });
    expect(renamed.status).toBe(200);
  });

  it('undoes a bulk delete in one call, leaving out ids that are not yours or not deleted', async () => {
    const { app, owner, other } = await setup();
    const a = await create(app, owner.cookie, 'A');
    const b = await create(app, owner.cookie, 'B');
    const theirs = await create(app, other.cookie, 'Theirs');
    await call(app, 'POST', '/api/palettes/delete', { cookie: owner.cookie, body: { ids: [a.id, b.id] } });
    await call(app, 'DELETE', `/api/palettes/${theirs.id}`, { cookie: other.cookie });
    const res = await call(app, 'POST', '/api/palettes/undelete', {
      cookie: owner.cookie,
      body: { ids: [b.id, a.id, theirs.id, 'nosuchpalette'] },
    });
    expect(res.status).toBe(200);
    const { palettes } = (await res.json()) as { palettes: ApiPalette[] };
    expect(palettes.map((p) => p.name)).toEqual(['B', 'A']);
    expect((await call(app, 'GET', `/api/palettes/${theirs.id}`, { cookie: other.cookie })).status).toBe(404);
    for (const body of [{ ids: [] }, { ids: ['NOT AN ID'] }, { ids: [a.id], extra: 1 }, {}]) {
      const bad = await call(app, 'POST', '/api/palettes/undelete', { cookie: owner.cookie, body });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as ErrorBody).error.code).toBeTruthy();
    }
  });

  it('shows every version and restores an old one as a new version', async () => {
    const { app, owner } = await setup();
    const palette = await create(app, owner.cookie, 'Hall', colorIds(3));
    await call(app, 'PATCH', `/api/palettes/${palette.id}`, {
      cookie: owner.cookie,
      headers: { 'if-match': 'W/"1"' },
      body: { name: 'Kitchen' },
    });
    await call(app, 'PATCH', `/api/palettes/${palette.id}`, {
      cookie: owner.cookie,
      headers: { 'if-match': 'W/"2"' },
      body: { colorIds: colorIds(5, 30) },
    });
    const restored = await call(app, 'POST', `/api/palettes/${palette.id}/restore`, {
      cookie: owner.cookie,
      body: { version: 1 },
    });
    expect(restored.status).toBe(200);
    const back = (await restored.json()) as ApiPalette;
    expect(back).toMatchObject({ name: 'Hall', version: 4 });
    expect(back.colors.map((c) => c.id)).toEqual(colorIds(3));

    const history = (await (
      await call(app, 'GET', `/api/palettes/${palette.id}/history`, { cookie: owner.cookie })
    ).json()) as HistoryResponse;
    expect(history.versions.map((v) => [v.version, v.type, v.name, v.colors.length])).toEqual([
      [1, 'PaletteCreated', 'Hall', 3],
      [2, 'PaletteRenamed', 'Kitchen', 3],
      [3, 'PaletteColorsChanged', 'Kitchen', 5],
      [4, 'PaletteRestored', 'Hall', 3],
    ]);
    expect(history.versions[3]?.restoredVersion).toBe(1);

    const beyond = await call(app, 'POST', `/api/palettes/${palette.id}/restore`, {
      cookie: owner.cookie,
      body: { version: 9 },
    });
    expect(beyond.status).toBe(400);
    expect(((await beyond.json()) as ErrorBody).error).toEqual({
      code: 'unknown_version',
      message: 'This palette has versions 1 to 4.',
    });
    // Not a whole number from 1 up: refused by the request's schema before the decider sees it.
    const zero = await call(app, 'POST', `/api/palettes/${palette.id}/restore`, {
      cookie: owner.cookie,
      body: { version: 0 },
    });
    expect(zero.status).toBe(400);
    expect(((await zero.json()) as ErrorBody).error.code).toBe('invalid_request');
  });
});

describe('palettes: a create sent again with its Idempotency-Key', () => {
  const keyed = (app: TestApp, cookie: string, key: string, body: unknown) =>
    call(app, 'POST', '/api/palettes', { cookie, body, headers: { 'Idempotency-Key': key } });
  const listOf = async (app: TestApp, cookie: string) =>
    ((await (await call(app, 'GET', '/api/palettes', { cookie })).json()) as { palettes: ApiPalette[] }).palettes;

  it('makes the palette once: the same key again answers that palette, as it is now', async () => {
    const { app, owner } = await setup();
    const body = { name: 'Nursery', colorIds: colorIds(3, 20) };
    const first = await keyed(app, owner.cookie, 'okey-nursery-1', body);
    expect(first.status).toBe(201);
    const made = (await first.json()) as ApiPalette;
    const rename = await call(app, 'PATCH', `/api/palettes/${made.id}`, {
      cookie: owner.cookie,
      body: { name: 'Baby room' },
      headers: { 'If-Match': 'W/"1"' },
    });
    expect(rename.status).toBe(200);
    const again = await keyed(app, owner.cookie, 'okey-nursery-1', body);
    expect(again.status).toBe(201);
    expect((await again.json()) as ApiPalette).toMatchObject({ id: made.id, name: 'Baby room', version: 2 });
    expect((await listOf(app, owner.cookie)).map((p) => p.id)).toEqual([made.id]);
  });

  it('keeps each account’s keys apart: another account’s same key makes its own palette', async () => {
    const { app, owner, other } = await setup();
    const body = { name: 'Hall', colorIds: colorIds(3) };
    const mine = (await (await keyed(app, owner.cookie, 'same-key', body)).json()) as ApiPalette;
    const theirs = await keyed(app, other.cookie, 'same-key', body);
    expect(theirs.status).toBe(201);
    expect(((await theirs.json()) as ApiPalette).id).not.toBe(mine.id);
    expect(await listOf(app, owner.cookie)).toHaveLength(1);
    expect(await listOf(app, other.cookie)).toHaveLength(1);
  });

  it('refuses the same key with another palette (422), and a malformed key (400), making nothing', async () => {
    const { app, owner } = await setup();
    await keyed(app, owner.cookie, 'k1', { name: 'Hall', colorIds: colorIds(3) });
    const reused = await keyed(app, owner.cookie, 'k1', { name: 'Study', colorIds: colorIds(3) });
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as ErrorBody).error).toMatchObject({
      code: 'idempotency_key_reused',
      message: expect.stringMatching(/Idempotency-Key/),
    });
    const malformed = await keyed(app, owner.cookie, 'two words', { name: 'Den', colorIds: colorIds(3) });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ErrorBody).error.code).toBe('invalid_request');
    expect((await listOf(app, owner.cookie)).map((p) => p.name)).toEqual(['Hall']);
  });

  it('answers a retry of a create deleted since with 404, and does not make it again', async () => {
    const { app, owner } = await setup();
    const body = { name: 'Attic', colorIds: colorIds(3) };
    const made = (await (await keyed(app, owner.cookie, 'k-attic', body)).json()) as ApiPalette;
    expect((await call(app, 'DELETE', `/api/palettes/${made.id}`, { cookie: owner.cookie })).status).toBe(204);
    const again = await keyed(app, owner.cookie, 'k-attic', body);
    expect(again.status).toBe(404);
    expect(((await again.json()) as ErrorBody).error.code).toBe('palette_not_found');
    expect(await listOf(app, owner.cookie)).toEqual([]);
  });

  it('finds a palette an earlier build sent through the import under the same key', async () => {
    const { app, owner } = await setup();
    const body = { name: 'Porch', colorIds: colorIds(3, 30) };
    const imported = (await (
      await call(app, 'POST', '/api/palettes/import', {
        cookie: owner.cookie,
        body: { palettes: [{ localId: 'o-offline-porch', ...body }] },
      })
    ).json()) as ImportResponse;
    const again = await keyed(app, owner.cookie, 'o-offline-porch', body);
    expect(again.status).toBe(201);
    expect(((await again.json()) as ApiPalette).id).toBe(imported.palettes[0]?.id);
    expect(await listOf(app, owner.cookie)).toHaveLength(1);
  });
});

describe('palettes: import from browser storage', () => {
  const localHistory = (name: string, ids: string[]) => [
    {
      type: 'PaletteCreated',
      schemaVersion: 1,
      at: '2026-11-20T09:00:00.000Z',
      data: { paletteId: '1732093200000', ownerId: null, name: 'Draft', colorIds: colorIds(3) },
    },
    { type: 'PaletteRenamed', schemaVersion: 1, at: '2026-11-20T09:05:00.000Z', data: { name } },
    { type: 'PaletteColorsChanged', schemaVersion: 1, at: '2026-11-20T09:06:00.000Z', data: { colorIds: ids } },
  ];

  it('uploads local palettes with their history, once, however often it is sent', async () => {
    const { app, owner } = await setup();
    const body = {
      palettes: [
        {
          localId: '1732093200000',
          name: 'Bedroom',
          colorIds: colorIds(4, 50),
          history: localHistory('Bedroom', colorIds(4, 50)),
        },
        { localId: '1732093300000', name: 'Porch', colorIds: colorIds(3, 60), createdAt: '2026-11-19T09:00:00.000Z' },
      ],
    };
    const first = await call(app, 'POST', '/api/palettes/import', { cookie: owner.cookie, body });
    expect(first.status).toBe(200);
    const result = (await first.json()) as ImportResponse;
    expect(result.created).toBe(2);
    expect(result.palettes.map((p) => [p.name, p.colors.length])).toEqual([
      ['Bedroom', 4],
      ['Porch', 3],
    ]);
    const again = (await (
      await call(app, 'POST', '/api/palettes/import', { cookie: owner.cookie, body })
    ).json()) as ImportResponse;
    expect(again.created).toBe(0);
    expect(again.palettes.map((p) => p.id)).toEqual(result.palettes.map((p) => p.id));
    const list = (await (await call(app, 'GET', '/api/palettes', { cookie: owner.cookie })).json()) as {
      palettes: ApiPalette[];
    };
    expect(list.palettes).toHaveLength(2);

    const history = (await (
      await call(app, 'GET', `/api/palettes/${result.palettes[0]?.id}/history`, { cookie: owner.cookie })
    ).json()) as HistoryResponse;
    expect(history.versions.map((v) => [v.type, v.at])).toEqual([
      ['PaletteCreated', '2026-11-20T09:00:00.000Z'],
      ['PaletteRenamed', '2026-11-20T09:05:00.000Z'],
      ['PaletteColorsChanged', '2026-11-20T09:06:00.000Z'],
    ]);
  });

  it('imports the same local id separately for two accounts', async () => {
    const { app, owner, other } = await setup();
    const body = { palettes: [{ localId: 'same', name: 'Shared name', colorIds: colorIds(3) }] };
    const a = (await (
      await call(app, 'POST', '/api/palettes/import', { cookie: owner.cookie, body })
    ).json()) as ImportResponse;
    const b = (await (
      await call(app, 'POST', '/api/palettes/import', { cookie: other.cookie, body })
    ).json()) as ImportResponse;
    expect(a.created).toBe(1);
    expect(b.created).toBe(1);
    expect(a.palettes[0]?.id).not.toBe(b.palettes[0]?.id);
  });

  it('refuses a bad palette in the batch and imports none of it', async () => {
    const { app, owner } = await setup();
    const res = await call(app, 'POST', '/api/palettes/import', {
      cookie: owner.cookie,
      body: {
        palettes: [
          { localId: 'good', name: 'Good', colorIds: colorIds(3) },
          { localId: 'bad', name: 'Bad', colorIds: [...colorIds(2), 'nope-nope'] },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(/Palette 2/);
    const list = (await (await call(app, 'GET', '/api/palettes', { cookie: owner.cookie })).json()) as {
      palettes: unknown[];
    };
    expect(list.palettes).toEqual([]);
  });
});

describe('palettes: only the owner sees or touches a palette', () => {
  it('answers 404 to another user and to a signed-out caller on every palette call, and changes nothing', async () => {
    const { app, owner, other } = await setup();
    const palette = await create(app, owner.cookie, 'Private');
    const id = palette.id;
    const calls: Array<{ method: string; path: string; body?: unknown; headers?: Record<string, string>; ok: number }> =
      [
        { method: 'GET', path: `/api/palettes/${id}`, ok: 200 },
        {
          method: 'PATCH',
          path: `/api/palettes/${id}`,
          body: { name: 'Renamed' },
          headers: { 'if-match': 'W/"1"' },
          ok: 200,
        },
        { method: 'PUT', path: `/api/palettes/${id}/sharing`, body: { public: true }, ok: 200 },
        { method: 'GET', path: `/api/palettes/${id}/history`, ok: 200 },
        { method: 'POST', path: `/api/palettes/${id}/restore`, body: { version: 1 }, ok: 200 },
        { method: 'DELETE', path: `/api/palettes/${id}`, ok: 204 },
      ];
    for (const who of [
      { name: 'another user', cookie: other.cookie },
      { name: 'signed out', cookie: undefined },
    ]) {
      for (const c of calls) {
        const res = await call(app, c.method, c.path, { cookie: who.cookie, body: c.body, headers: c.headers });
        expect(res.status, `${who.name}: ${c.method} ${c.path}`).toBe(404);
      }
      const bulk = await call(app, 'POST', '/api/palettes/delete', { cookie: who.cookie, body: { ids: [id] } });
      if (who.cookie) expect(await bulk.json()).toEqual({ deleted: [] });
      const list = await call(app, 'GET', '/api/palettes', { cookie: who.cookie });
      if (who.cookie) expect(((await list.json()) as { palettes: unknown[] }).palettes).toEqual([]);
    }
    const untouched = await call(app, 'GET', `/api/palettes/${id}`, { cookie: owner.cookie });
    expect(await untouched.json()).toMatchObject({ name: 'Private', version: 1, isPublic: false });
    // The owner succeeds at every one of the same calls, in order.
    for (const c of calls) {
      const res = await call(app, c.method, c.path, { cookie: owner.cookie, body: c.body, headers: c.headers });
      expect(res.status, `owner: ${c.method} ${c.path}`).toBe(c.ok);
    }
  });
});
