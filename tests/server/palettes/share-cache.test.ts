import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { ApiPalette } from '../../../shared/api/palettes';
import { sqliteOf } from '../../../server/db/sqlite-sql';
import { shareCache } from '../../../server/palettes/share-cache';
import { call, makeSharedPalette, makeTestApp } from '../helpers';

/** The share read as a visitor sees it: its status and, when found, the palette's name. */
async function visit(app: Awaited<ReturnType<typeof makeSharedPalette>>['app'], shareId: string) {
  const res = await call(app, 'GET', `/api/shares/${shareId}`);
  return res.status === 200 ? ((await res.json()) as ApiPalette).name : res.status;
}

/** Polls `read` until it gives `want` or `ms` pass; what it gave last. */
async function within<T>(ms: number, read: () => Promise<T>, want: T): Promise<T> {
  const until = Date.now() + ms;
  let got = await read();
  while (got !== want && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
    got = await read();
  }
  return got;
}

describe('share reads answered from memory (SQLite)', () => {
  it('sees a write made by another process on the same file (a rebuild, an administrator) within a second', async () => {
    const { app, deps, shareId } = await makeSharedPalette();
    expect(await visit(app, shareId)).toBe('Hall');
    expect(await visit(app, shareId)).toBe('Hall');
    const other = new Database(sqliteOf(deps.sql)!.name);
    try {
      const { body } = other.prepare('SELECT body FROM shares WHERE share_id = ?').get(shareId) as { body: string };
      other
        .prepare('UPDATE shares SET body = ? WHERE share_id = ?')
        .run(JSON.stringify({ ...JSON.parse(body), name: 'Landing' }), shareId);
      expect(await within(1000, () => visit(app, shareId), 'Landing')).toBe('Landing');
      other.prepare('DELETE FROM shares WHERE share_id = ?').run(shareId);
      expect(await within(1000, () => visit(app, shareId), 404)).toBe(404);
    } finally {
      other.close();
    }
  });

  it('drops a share the moment this process writes it, by any code path, and never keeps a row read before that write', async () => {
    const { app, deps, shareId } = await makeSharedPalette();
    const cache = shareCache(deps.sql)!;
    expect(await visit(app, shareId)).toBe('Hall');
    const held = cache.peek(shareId)!;
    expect(JSON.parse(held.body)).toMatchObject({ name: 'Hall' });

    // A write straight to the table on the app's own connection (not through the projection).
    const readAt = cache.generation;
    await deps.sql.run('UPDATE shares SET version = version + 1 WHERE share_id = ?', [shareId]);
    expect(cache.peek(shareId)).toBeUndefined();
    // A row read before that write, kept after it, would be stale: it is refused.
    cache.keep(shareId, held, readAt);
    expect(cache.peek(shareId)).toBeUndefined();
    await visit(app, shareId);
    expect(cache.peek(shareId)?.version).toBe(held.version + 1);

    await deps.sql.run('DELETE FROM shares WHERE share_id = ?', [shareId]);
    expect(await visit(app, shareId)).toBe(404);
  });

  it('holds a bounded number of shares, the oldest leaving first', async () => {
    const { deps } = await makeTestApp();
    const cache = shareCache(deps.sql)!;
    const row = { version: 1, body: '{}' };
    for (let i = 0; i < 2001; i++) cache.keep(`s${i}`, row, cache.generation);
    expect(cache.peek('s0')).toBeUndefined();
    expect(cache.peek('s1')).toEqual(row);
    expect(cache.peek('s2000')).toEqual(row);
    // And by size: three 2 MiB bodies do not all stay.
    const big = { version: 1, body: 'x'.repeat(2 * 1024 * 1024) };
    for (const id of ['b1', 'b2', 'b3']) cache.keep(id, big, cache.generation);
    expect(cache.peek('b1')).toBeUndefined();
    expect(cache.peek('b3')).toEqual(big);
  });
});
