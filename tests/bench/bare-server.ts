import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';
import pg from 'pg';

/**
 * The baseline the server bench compares against: bare Hono on the same adapter and database
 * settings, one raw INSERT per write (SQLite, or PostgreSQL when BARE_PG_URL is set, through a pool
 * like the app's) and one canned JSON per read, without validation, sessions or events.
 */
async function inserter(): Promise<(data: string) => Promise<number>> {
  const url = process.env.BARE_PG_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    await pool.query('CREATE TABLE IF NOT EXISTS bare_rows (id BIGSERIAL PRIMARY KEY, data TEXT NOT NULL)');
    return async (data) =>
      Number(
        (
          await pool.query({
            name: 'bare_insert',
            text: 'INSERT INTO bare_rows (data) VALUES ($1) RETURNING id',
            values: [data],
          })
        ).rows[0].id,
      );
  }
  const db = new Database(join(mkdtempSync(join(tmpdir(), 'swatchbook-bare-')), 'bare.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, data TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO rows (data) VALUES (?)');
  return async (data) => Number(insert.run(data).lastInsertRowid);
}
const insert = await inserter();
// What /json answers: the bench sets it to the share read's own body (and, for /json-headers, its
// own headers: the security set, ETag and Cache-Control) before it measures.
let canned = '{"ok":true}';
let cannedHeaders: Record<string, string> = { 'content-type': 'application/json' };

const app = new Hono()
  .post('/insert', async (c) => {
    const body = await c.req.text();
    return c.json({ id: await insert(body) }, 201);
  })
  .get('/json', (c) => c.body(canned, 200, { 'content-type': 'application/json' }))
  .get('/json-headers', (c) => c.body(canned, 200, cannedHeaders))
  .put('/json', async (c) => {
    ({ body: canned, headers: cannedHeaders } = await c.req.json<{ body: string; headers: Record<string, string> }>());
    return c.body(null, 204);
  });

serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`${JSON.stringify({ url: `http://localhost:${info.port}` })}\n`);
});
