import { describe, expect, it } from 'vitest';
import type { ApiPalette, HistoryResponse } from '../../../shared/api/palettes';
import {
  catalogueAfterRename,
  catalogueBeforeRename,
  NEW_ID,
  NEW_NAME,
  OLD_ID,
} from '../../shared/catalogue/renamed-catalogue';
import { createLocal, saveLocalVersion } from '../../../web/data/local-palettes';
import { call, makeTestApp, signUp } from '../helpers';

describe('server: palettes saved before a catalogue rename', () => {
  it('read, history, share and later writes all give the renamed paint under its current id', async () => {
    // Saved, edited and shared while the paint had its old id.
    const before = await makeTestApp({ catalogue: catalogueBeforeRename() });
    const owner = await signUp(before.app);
    const ids = [OLD_ID, 'farrow-ball-hague-blue', 'lick-greige-02'];
    const created = await call(before.app, 'POST', '/api/palettes', {
      cookie: owner.cookie,
      body: { name: 'Hall', colorIds: ids },
    });
    expect(created.status).toBe(201);
    const palette = (await created.json()) as ApiPalette;
    const edit = await call(before.app, 'PATCH', `/api/palettes/${palette.id}`, {
      cookie: owner.cookie,
      headers: { 'if-match': 'W/"1"' },
      body: { colorIds: [...ids].reverse() },
    });
    expect(edit.status).toBe(200);
    const shared = await call(before.app, 'PUT', `/api/palettes/${palette.id}/sharing`, {
      cookie: owner.cookie,
      body: { public: true },
    });
    const { shareId } = (await shared.json()) as { shareId: string };

    // The same database after the rename shipped.
    const { app } = await makeTestApp({ sql: before.deps.sql, catalogue: catalogueAfterRename() });
    const read = (await (
      await call(app, 'GET', `/api/palettes/${palette.id}`, { cookie: owner.cookie })
    ).json()) as ApiPalette;
    expect(read.colors.map((c) => c.id)).toEqual(['lick-greige-02', 'farrow-ball-hague-blue', NEW_ID]);
    expect(read.colors[2]?.colorName).toBe(NEW_NAME);

    const history = (await (
      await call(app, 'GET', `/api/palettes/${palette.id}/history`, { cookie: owner.cookie })
    ).json()) as HistoryResponse;
    expect(history.versions.map((v) => v.colors.map((c) => c.id))).toEqual([
      [NEW_ID, 'farrow-ball-hague-blue', 'lick-greige-02'],
      ['lick-greige-02', 'farrow-ball-hague-blue', NEW_ID],
      ['lick-greige-02', 'farrow-ball-hague-blue', NEW_ID],
    ]);

    const publicRead = (await (await call(app, 'GET', `/api/shares/${shareId}`)).json()) as ApiPalette;
    expect(publicRead.colors.map((c) => c.colorName)).toContain(NEW_NAME);

    // A tab still holding the old id saves: stored under the current id.
    const again = await call(app, 'POST', '/api/palettes', {
      cookie: owner.cookie,
      body: { name: 'Stairs', colorIds: ids },
    });
    expect(again.status).toBe(201);
    const stairs = (await again.json()) as ApiPalette;
    expect(stairs.colors.map((c) => c.id)).toEqual([NEW_ID, 'farrow-ball-hague-blue', 'lick-greige-02']);
    const row = (await before.deps.sql.get<{ colors: string }>('SELECT colors FROM palettes WHERE id = ?', [
      stairs.id,
    ]))!;
    expect(JSON.parse(row.colors)).toEqual([NEW_ID, 'farrow-ball-hague-blue', 'lick-greige-02']);
  });

  it('imports a local palette holding an old id, history included, under the current id', async () => {
    const before = catalogueBeforeRename();
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString();
    const exists = (id: string) => before.byId.has(id);
    const local = saveLocalVersion(
      createLocal('local-1', 'Hall', [OLD_ID, 'farrow-ball-hague-blue', 'lick-greige-02'], at(0), exists),
      { colorIds: ['lick-greige-02', OLD_ID, 'farrow-ball-hague-blue'] },
      at(5),
      exists,
    );
    const { app, deps } = await makeTestApp({ catalogue: catalogueAfterRename() });
    const owner = await signUp(app);
    const res = await call(app, 'POST', '/api/palettes/import', {
      cookie: owner.cookie,
      body: { palettes: [{ localId: local.id, name: local.name, colorIds: local.colorIds, history: local.events }] },
    });
    expect(res.status).toBe(200);
    const { palettes } = (await res.json()) as { palettes: ApiPalette[] };
    const id = palettes[0]!.id;
    expect(palettes[0]?.colors.map((c) => c.id)).toEqual(['lick-greige-02', NEW_ID, 'farrow-ball-hague-blue']);
    const row = (await deps.sql.get<{ colors: string }>('SELECT colors FROM palettes WHERE id = ?', [id]))!;
    expect(JSON.parse(row.colors)).toEqual(['lick-greige-02', NEW_ID, 'farrow-ball-hague-blue']);
    // The stored events, not only the projection, hold today's id.
    const events = await deps.sql.all<{ data: string }>('SELECT data FROM events');
    expect(events.map((e) => e.data).join('\n')).not.toContain(OLD_ID);
    const history = (await (
      await call(app, 'GET', `/api/palettes/${id}/history`, { cookie: owner.cookie })
    ).json()) as HistoryResponse;
    expect(history.versions).toHaveLength(2);
    expect(history.versions[0]?.colors.map((c) => c.id)).toEqual([NEW_ID, 'farrow-ball-hague-blue', 'lick-greige-02']);
  });
});
