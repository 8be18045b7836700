import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  url: string;
  port: number;
  databasePath: string;
  process: ChildProcess;
  logs: string[];
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the real server (`server/main.ts` through tsx, or `entry`, a bundle of it run by plain node)
 * as a child process on a free port with its own temporary database, and resolves once it is listening.
 */
export async function startServer(
  options: { env?: Record<string, string>; distDir?: string; entry?: string } = {},
): Promise<RunningServer> {
  const databasePath = options.env?.DATABASE_PATH ?? join(mkdtempSync(join(tmpdir(), 'swatchbook-srv-')), 'db.sqlite');
  const args = options.entry
    ? [options.entry]
    : [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'server/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_PATH: databasePath,
      ...(options.distDir ? { DIST_DIR: options.distDir } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    // A minute (times SERVER_START_SLACK): on a loaded machine a start has been seen to take 21 s.
    const startMs = 60_000 * Number(process.env.SERVER_START_SLACK ?? 1);
    const timer = setTimeout(
      () =>
        reject(
          new Error(`server did not start:
${logs.join('')}`),
        ),
      startMs,
    );
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      logs.push(text);
      const match = /"url":"http:\/\/localhost:(\d+)"/.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join('')}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    databasePath,
    process: child,
    logs,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Signs a new account up on a running server over HTTP, as the app's page does; its session cookie
 * and id. `origin`: the page's origin when it is not the server's own (behind a proxy).
 */
export async function signUpAt(url: string, email: string, password: string, origin = url) {
  const response = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { cookie: response.headers.getSetCookie()[0]!.split(';')[0]!, userId: body.user.id };
}

/** Runs one of our CLIs (`server/cli/<script>`) as `npm run` does, with `env` added; its status and output. */
export const runCli = (script: string, args: readonly string[] = [], env: Record<string, string> = {}) =>
  spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'server/cli', script), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    },
  );
