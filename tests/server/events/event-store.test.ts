import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UniqueViolation } from '../../../server/db/sql';
import { ConcurrencyError, createEventStore } from '../../../server/events/event-store';
import { paletteProjection, rebuildPaletteProjections } from '../../../server/palettes/palette-projection';
import { paletteEvent, paletteStreamId } from '../../../shared/palette/palette-events';
import { runCli } from '../../support/server-process';
import { call, colorIds, makeTestApp, signUp, snapshot } from '../helpers';
import { storeEnv } from '../test-engine';

const created = (id: string) =>
  paletteEvent('PaletteCreated', '2026-11-22T12:00:00.000Z', {
    paletteId: id,
    ownerId: 'u1',
    name: 'Hall',
    colorIds: colorIds(3),
  });
const P1 = paletteStreamId('p1');

describe('the event log', () => {
  it('refuses UPDATE and DELETE of events (append-only triggers)', async () => {
    const { deps } = await makeTestApp();
    const store = createEventStore(deps.sql, [paletteProjection(deps.catalogue)]);
    await store.append(P1, 0, [created('p1')], 'u1');
    await expect(deps.sql.run("UPDATE events SET type = 'x'")).rejects.toThrow(/append-only/);
    await expect(deps.sql.run('DELETE FROM events')).rejects.toThrow(/append-only/);
    expect(await store.readStream(P1)).toHaveLength(1);
  });

  it('appends with an expected version and refuses a stale one with a typed conflict, writing nothing', async () => {
    const { deps } = await makeTestApp();
    const store = createEventStore(deps.sql, [paletteProjection(deps.catalogue)]);
    await store.append(P1, 0, [created('p1')], 'u1');
    const rename = paletteEvent('PaletteRenamed', '2026-11-22T12:01:00.000Z', { name: 'Kitchen' });
    await store.append(P1, 1, [rename], 'u1');
    const error = await store.append(P1, 1, [rename], 'u1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect(error).toMatchObject({ expectedVersion: 1, actualVersion: 2 });
    expect(await store.streamVersion(P1)).toBe(2);
    expect(await deps.sql.get('SELECT name, version FROM palettes')).toEqual({ name: 'Kitchen', version: 2 });
  });

  it('has UNIQUE (stream_id, version) as the backstop', async () => {
    const { deps } = await makeTestApp();
    const insert = () =>
      deps.sql.run(
        "INSERT INTO events (stream_id, version, type, schema_version, data, time) VALUES ('s', 1, 't', 1, '{}', 'now')",
      );
    await insert();
    await expect(insert()).rejects.toBeInstanceOf(UniqueViolation);
    expect(await deps.sql.get('SELECT count(*) AS n FROM events')).toEqual({ n: 1 });
  });

  it('rolls the events back when the projection fails, so log and read model never disagree', async () => {
    const { deps } = await makeTestApp();
    const failing = {
      handles: () => true,
      apply: async () => {
        throw new Error('projection broke');
      },
    };
    const store = createEventStore(deps.sql, [failing]);
    await expect(store.append(P1, 0, [created('p1')], 'u1')).rejects.toThrow('projection broke');
    expect(await store.streamVersion(P1)).toBe(0);
  });
});

type Op =
  | { kind: 'create'; user: number; name: string; size: number; offset: number }
  | { kind: 'rename'; user: number; pick: number; name: string }
  | { kind: 'recolor'; user: number; pick: number; size: number; offset: number }
  | { kind: 'share'; user: number; pick: number; on: boolean }
  | { kind: 'delete'; user: number; pick: number }
  | { kind: 'undelete'; user: number; pick: number; bulk: boolean }
  | { kind: 'restore'; user: number; pick: number; version: number }
  | { kind: 'import'; user: number; localId: string };

const user = fc.integer({ min: 0, max: 1 });
const pick = fc.nat(20);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    user,
    name: fc.string({ minLength: 1, maxLength: 20 }),
    size: fc.integer({ min: 3, max: 10 }),
    offset: fc.nat(400),
  }),
  fc.record({ kind: fc.constant('rename' as const), user, pick, name: fc.string({ minLength: 1, maxLength: 20 }) }),
  fc.record({
    kind: fc.constant('recolor' as const),
    user,
    pick,
    size: fc.integer({ min: 3, max: 10 }),
    offset: fc.nat(400),
  }),
  fc.record({ kind: fc.constant('share' as const), user, pick, on: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), user, pick }),
  fc.record({ kind: fc.constant('undelete' as const), user, pick, bulk: fc.boolean() }),
  fc.record({ kind: fc.constant('restore' as const), user, pick, version: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('import' as const), user, localId: fc.constantFrom('a', 'b', 'c') }),
);

describe('projections', () => {
  it('equal a full replay of the log after any sequence of commands', async () => {
    const { app, deps } = await makeTestApp();
    const users = [await signUp(app), await signUp(app)];
    // Deleted palettes, so an undelete can pick one (of either user: a stranger's try must change nothing).
    const gone: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 40 }), async (ops) => {
        for (const op of ops) {
          const cookie = users[op.user]!.cookie;
          const list = (await (await call(app, 'GET', '/api/palettes', { cookie })).json()) as {
            palettes: Array<{ id: string; version: number }>;
          };
          const target =
            op.kind === 'create' || op.kind === 'import' || op.kind === 'undelete'
              ? undefined
              : list.palettes[op.pick % Math.max(1, list.palettes.length)];
          switch (op.kind) {
            case 'create':
              await call(app, 'POST', '/api/palettes', {
                cookie,
                body: { name: op.name, colorIds: colorIds(op.size, op.offset) },
              });
              break;
            case 'import':
              await call(app, 'POST', '/api/palettes/import', {
                cookie,
                body: { palettes: [{ localId: op.localId, name: `Local ${op.localId}`, colorIds: colorIds(4) }] },
              });
              break;
            case 'rename':
              if (target)
                await call(app, 'PATCH', `/api/palettes/${target.id}`, {
                  cookie,
                  body: { name: op.name },
                  headers: { 'if-match': `W/"${target.version}"` },
                });
              break;
            case 'recolor':
              if (target)
                await call(app, 'PATCH', `/api/palettes/${target.id}`, {
                  cookie,
                  body: { colorIds: colorIds(op.size, op.offset) },
                  headers: { 'if-match': `W/"${target.version}"` },
                });
              break;
            case 'share':
              if (target)
                await call(app, 'PUT', `/api/palettes/${target.id}/sharing`, { cookie, body: { public: op.on } });
              break;
            case 'delete':
              if (target) {
                await call(app, 'DELETE', `/api/palettes/${target.id}`, { cookie });
                gone.push(target.id);
              }
              break;
            case 'undelete': {
              const id = gone[op.pick % Math.max(1, gone.length)];
              if (id && op.bulk) await call(app, 'POST', '/api/palettes/undelete', { cookie, body: { ids: [id] } });
              else if (id) await call(app, 'POST', `/api/palettes/${id}/undelete`, { cookie });
              break;
            }
            case 'restore':
              if (target)
                await call(app, 'POST', `/api/palettes/${target.id}/restore`, {
                  cookie,
                  body: { version: op.version },
                });
              break;
          }
        }
        const live = await snapshot(deps.sql);
        await rebuildPaletteProjections(deps.sql, deps.catalogue);
        expect(await snapshot(deps.sql)).toEqual(live);
      }),
      { numRuns: 25 },
    );
    expect((await deps.sql.get<{ n: number }>('SELECT count(*) AS n FROM events'))?.n).toBeGreaterThan(50);
  }, 60_000);

  it('are rebuilt over damaged rows: a stray share goes, a wrong body and a wrong version are rewritten', async () => {
    const { app, deps } = await makeTestApp();
    const { cookie } = await signUp(app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await call(app, 'POST', '/api/palettes', {
        cookie,
        body: { name: `P${i}`, colorIds: colorIds(3, i) },
      });
      ids.push(((await created.json()) as { id: string }).id);
    }
    for (const id of ids) await call(app, 'PUT', `/api/palettes/${id}/sharing`, { cookie, body: { public: true } });
    await call(app, 'PUT', `/api/palettes/${ids[2]}/sharing`, { cookie, body: { public: false } });
    const before = await snapshot(deps.sql);
    expect(before.shares).toHaveLength(2);
    const [first, second] = before.shares as Array<{ share_id: string }>;
    await deps.sql.run("INSERT INTO shares (share_id, palette_id, version, body) VALUES ('stray', ?, 1, '{}')", [
      ids[2]!,
    ]);
    await deps.sql.run('UPDATE shares SET body = ? WHERE share_id = ?', ['{"name":"old"}', first!.share_id]);
    await deps.sql.run('UPDATE shares SET version = 1 WHERE share_id = ?', [second!.share_id]);
    await rebuildPaletteProjections(deps.sql, deps.catalogue);
    expect(await snapshot(deps.sql)).toEqual(before);
  });

  it('are rebuilt from the log by `npm run rebuild-projections`', async () => {
    const { app, deps } = await makeTestApp();
    const { cookie } = await signUp(app);
    for (let i = 0; i < 3; i++) {
      await call(app, 'POST', '/api/palettes', { cookie, body: { name: `P${i}`, colorIds: colorIds(3, i) } });
    }
    const before = await snapshot(deps.sql);
    await deps.sql.run('DELETE FROM shares');
    await deps.sql.run('DELETE FROM palettes');
    const result = runCli('rebuild-projections.ts', [], storeEnv(deps.sql));
    expect(result.stdout).toMatch(/3 events → 3 palettes/);
    expect(await snapshot(deps.sql)).toEqual(before);
  }, 30_000);
});
