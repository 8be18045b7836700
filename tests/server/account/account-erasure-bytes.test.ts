import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../../server/auth/account-queries';
import { hashPassword } from '../../../server/auth/passwords';
import Database from 'better-sqlite3';
import { migrate, openDatabase } from '../../../server/db/database';
import { sqliteSql } from '../../../server/db/sqlite-sql';
import { createEventStore } from '../../../server/events/event-store';
import { paletteCommands } from '../../../server/palettes/palette-commands';
import { paletteProjection } from '../../../server/palettes/palette-projection';
import { call, colorIds, limitedConfig, makeTestApp, sessionCookie } from '../helpers';

const PASSWORD = 'correct horse';
const NEW_PASSWORD = 'a brand new battery staple';
const OTHERS = 400;
const ROUNDS = 40;

/** The database's files as they lie on disk: main file, WAL and shared memory. */
function files(path: string): Array<{ name: string; bytes: Buffer }> {
  return [path, `${path}-wal`, `${path}-shm`]
    .filter((file) => existsSync(file))
    .map((file) => ({ name: file.slice(path.length) || 'main', bytes: readFileSync(file) }));
}

/** Which of `secrets` (text, or raw bytes) still occur anywhere in the files, and where. */
function found(path: string, secrets: ReadonlyArray<{ label: string; bytes: Buffer }>): string[] {
  const hits: string[] = [];
  for (const file of files(path)) {
    for (const secret of secrets) {
      let count = 0;
      for (let at = file.bytes.indexOf(secret.bytes); at >= 0; at = file.bytes.indexOf(secret.bytes, at + 1)) count++;
      if (count) hits.push(`${secret.label} ×${count} in ${file.name}`);
    }
  }
  return hits;
}

describe('erasing an account from a SQLite file that has lived', () => {
  it('leaves no byte of the person in the main file, the WAL or the shared memory', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'swatchbook-erase-')), 'lived.sqlite');
    const sql = sqliteSql(openDatabase(path));
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const now = () => new Date(clock);
    const { app, deps } = await makeTestApp({
      sql,
      now,
      config: limitedConfig({ perIp: 1e9, perEmail: 1e9, writesPerMinute: 1e9 }),
    });
    const store = createEventStore(sql, [paletteProjection(deps.catalogue)]);
    const commands = paletteCommands({ store, catalogue: deps.catalogue, now });
    const people = accounts(sql, now);

    // Hundreds of other accounts (one real hash, as sign-up writes it), so every table and index
    // has pages enough to split and interior pages above its leaves.
    const otherHash = await hashPassword('someone else entirely');
    const others: string[] = [];
    for (let i = 0; i < OTHERS; i++) {
      const user = await people.createUser(`neighbour${i}@example.org`, otherHash, true);
      others.push(user!.id);
      await people.createSession(user!.id);
    }

    // The person: signs up, changes their password, signs in on a second device.
    const email = 'ottoline.vexworth@example.com';
    const signedUp = await call(app, 'POST', '/api/auth/signup', { body: { email, password: PASSWORD } });
    expect(signedUp.status).toBe(201);
    const userId = ((await signedUp.json()) as { user: { id: string } }).user.id;
    let cookie = sessionCookie(signedUp);
    const hashOf = async () =>
      (await sql.get<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = ?', [userId]))!
        .password_hash;
    const firstHash = await hashOf();
    const changed = await call(app, 'POST', '/api/auth/password', {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(204);
    const secondHash = await hashOf();
    expect(secondHash).not.toBe(firstHash);
    const again = await call(app, 'POST', '/api/auth/signin', { body: { email, password: NEW_PASSWORD } });
    cookie = sessionCookie(again);

    // Rounds of their writes between everyone else's: creates, renames, shares, deletes; others come
    // and go too (palettes deleted, whole accounts erased) before the person leaves.
    const names: string[] = [];
    const paletteIds: string[] = [];
    const shareIds: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      clock += 60_000;
      const name = `Zephyrine Quillomar ${round}`;
      names.push(name);
      const created = await call(app, 'POST', '/api/palettes', {
        cookie,
        body: { name, colorIds: colorIds(3, round % 50) },
      });
      expect(created.status).toBe(201);
      const palette = (await created.json()) as { id: string; version: number };
      paletteIds.push(palette.id);
      for (let i = 0; i < 10; i++) {
        const other = others[(round * 10 + i) % others.length] as string;
        const theirs = await commands.create(other, `Neighbour palette ${round}-${i}`, colorIds(4, i));
        if (i % 3 === 0) await commands.delete(theirs.id, other);
      }
      const renamedTo = `Xanthoric Bellwether ${round}`;
      names.push(renamedTo);
      const renamed = await call(app, 'PATCH', `/api/palettes/${palette.id}`, {
        cookie,
        body: { name: renamedTo, colorIds: colorIds(5, 100 + round) },
        headers: { 'if-match': `W/"${palette.version}"` },
      });
      expect(renamed.status).toBe(200);
      if (round % 4 === 0) {
        const shared = await call(app, 'PUT', `/api/palettes/${palette.id}/sharing`, {
          cookie,
          body: { public: true },
        });
        shareIds.push(((await shared.json()) as { shareId: string }).shareId);
      }
      if (round % 5 === 1)
        expect((await call(app, 'DELETE', `/api/palettes/${palette.id}`, { cookie })).status).toBe(204);
      if (round % 10 === 9) {
        const leaving = others.pop() as string;
        const { eraseAccount } = await import('../../../server/account/account-erase');
        await eraseAccount(sql, leaving, now);
      }
    }

    // Not the palette ids: random tokens that name nobody, left as dividers in the log's index
    // (server/README.md); checked below that no row or leaf holds them.
    const secrets = [email, firstHash, secondHash, userId, ...names, ...shareIds].map((text) => ({
      label: JSON.stringify(text),
      bytes: Buffer.from(text, 'utf8'),
    }));
    // The id's bytes too, in case any page holds it decoded rather than as text.
    secrets.push({ label: 'user id (raw bytes)', bytes: Buffer.from(decodeBase32IgnorePadding(userId.toUpperCase())) });
    // The search finds them while the account lives: it is looking in the right places.
    const before = found(path, secrets);
    for (const marker of [email, secondHash, userId, names.at(-1) as string]) {
      expect(
        before.some((hit) => hit.startsWith(JSON.stringify(marker))),
        marker,
      ).toBe(true);
    }

    const erased = await call(app, 'DELETE', '/api/account', { cookie, body: { password: NEW_PASSWORD } });
    expect(erased.status).toBe(204);
    expect(found(path, secrets)).toEqual([]);
    for (const id of paletteIds) {
      const rows = await sql.get<{ n: number }>(
        `SELECT (SELECT count(*) FROM events WHERE stream_id = ?) + (SELECT count(*) FROM palettes WHERE id = ?)
           + (SELECT count(*) FROM shares WHERE palette_id = ?) AS n`,
        [`palette-${id}`, id, id],
      );
      expect(rows?.n, id).toBe(0);
    }
    // Everyone else is still there, and the file is sound.
    expect((await sql.get<{ n: number }>('SELECT count(*) AS n FROM users'))!.n).toBe(others.length);
    expect(sql.db.pragma('integrity_check', { simple: true })).toBe('ok');
    await sql.close();
  }, 120_000);

  it('rebuilds, once, a file written before freed bytes were zeroed, so rows deleted back then are gone too', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'swatchbook-old-')), 'old.sqlite');
    // As an older version left it: WAL, secure_delete off, a person's row deleted long ago.
    const old = new Database(path);
    old.pragma('journal_mode = WAL');
    old.pragma('secure_delete = OFF');
    migrate(old);
    const email = 'long.gone.tamsin@example.com';
    for (let i = 0; i < 50; i++) {
      old
        .prepare('INSERT INTO users (id, email, password_hash, email_verified, created_at) VALUES (?, ?, ?, 1, ?)')
        .run(`u${i}`, i === 7 ? email : `someone${i}@example.org`, 'x'.repeat(90), '2026-01-01T00:00:00.000Z');
    }
    old.prepare('DELETE FROM users WHERE email = ?').run(email);
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    const marker = [{ label: email, bytes: Buffer.from(email) }];
    expect(found(path, marker)).toHaveLength(1);

    const db = openDatabase(path);
    expect(found(path, marker)).toEqual([]);
    expect(db.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 49 });
    db.close();
    // Once: the next start does not rebuild the file again.
    const before = readFileSync(path);
    openDatabase(path).close();
    expect(readFileSync(path).equals(before)).toBe(true);
  });
});
