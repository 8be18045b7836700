import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

const DATABASE = 'swatchbook';
const STARTUP_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

const DEBIAN = '/usr/lib/postgresql';

/**
 * PG_BIN if set; else Debian's PostgreSQL 15 (Debian 12's), else the newest version installed, since
 * `apt-get install postgresql` on a later Debian brings a later one.
 */
export function binaries(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const preferred = join(DEBIAN, '15', 'bin');
  if (existsSync(join(preferred, 'postgres'))) return preferred;
  const installed = existsSync(DEBIAN)
    ? readdirSync(DEBIAN)
        .filter((version) => /^\d+$/.test(version) && existsSync(join(DEBIAN, version, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return installed[0] ? join(DEBIAN, installed[0], 'bin') : preferred;
}

/** initdb and postgres refuse to run as root: as root, they run as the `postgres` user. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('running as root and there is no postgres user: install the postgresql package');
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * A real PostgreSQL for the tests: a fresh cluster in a temporary folder, listening on a free port of
 * 127.0.0.1 with trust authentication, and one empty database. `stop()` shuts it down (fast mode)
 * and deletes the folder. The child is the postgres server itself (spawned with the postgres user's
 * uid when we are root, rather than through runuser), so signals reach it directly.
 */
export async function startPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const bin = binaries();
  for (const program of ['initdb', 'postgres']) {
    if (!existsSync(join(bin, program))) {
      throw new Error(
        `PostgreSQL's ${program} is not in ${bin}: install the postgresql package: apt-get install -y postgresql (or set PG_BIN)`,
      );
    }
  }
  const user = serverUser();
  const root = mkdtempSync(join(tmpdir(), 'swatchbook-pg-'));
  const data = join(root, 'data');
  const sockets = join(root, 'sockets');
  mkdirSync(sockets);
  if (user) for (const dir of [root, sockets]) chownSync(dir, user.uid, user.gid);
  const asServer = { ...user, env: { ...process.env, LC_ALL: 'C' } };

  try {
    // C locale: text sorts by code point, as in SQLite, and no system locale needs to exist.
    execFileSync(
      join(bin, 'initdb'),
      ['-D', data, '-U', 'postgres', '--auth=trust', '--no-locale', '-E', 'UTF8', '--no-sync'],
      {
        ...asServer,
        stdio: 'pipe',
      },
    );
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`initdb failed: ${stderr || (error as Error).message}`);
  }

  const port = await freePort();
  // For tests only: no fsync, no synchronous commit, no full-page writes. A crash loses the
  // cluster, which is thrown away anyway; never run a real database like this. Many connections,
  // because every test app has a small pool of its own.
  const server = spawn(
    join(bin, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      sockets,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=300',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ],
    { ...asServer, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  });
  // Should the test process exit without stop(), the server must not outlive it.
  const killOnExit = () => server.kill('SIGQUIT');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGINT'); // fast shutdown: ends sessions, no waiting for clients
      const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited(server);
      clearTimeout(timer);
    }
    rmSync(root, { recursive: true, force: true });
  };

  const admin = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let client: Client;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) {
      await stop();
      throw new Error(`postgres exited while starting:\n${log}`);
    }
    client = new Client({ connectionString: admin });
    try {
      await client.connect();
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`postgres did not accept connections within ${STARTUP_TIMEOUT_MS} ms: ${error}\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    await client.query(`CREATE DATABASE ${DATABASE}`);
  } catch (error) {
    await stop();
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
  return { url: `postgresql://postgres@127.0.0.1:${port}/${DATABASE}`, stop };
}
