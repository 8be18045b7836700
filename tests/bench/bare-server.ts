import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';

/**
 * The baseline the server bench compares against: bare Hono on the same adapter and SQLite settings,
 * one raw INSERT per write and one canned JSON per read, without validation, sessions or events.
 */
const db = new Database(join(mkdtempSync(join(tmpdir(), 'swatchbook-bare-')), 'bare.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, data TEXT NOT NULL)');
const insert = db.prepare('INSERT INTO rows (data) VALUES (?)');
const canned = process.env.BARE_JSON ?? '{"ok":true}';

const app = new Hono()
  .post('/insert', async (c) => {
    const body = await c.req.text();
    return c.json({ id: Number(insert.run(body).lastInsertRowid) }, 201);
  })
  .get('/json', (c) => c.body(canned, 200, { 'content-type': 'application/json' }));

serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`${JSON.stringify({ url: `http://localhost:${info.port}` })}\n`);
});
