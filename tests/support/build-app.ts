import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './server-process';

/**
 * Builds the real app into a private folder (so parallel runs, and a running `npm start`, never see
 * each other's half-written files): the SPA in `<tmp>/web` and the server's renderer of the first
 * screen in `<tmp>/ssr` beside it, where the server finds it. Returns the `web` folder.
 */
export function buildAppInto(prefix: string): string {
  const buildDir = mkdtempSync(join(tmpdir(), prefix));
  const outDir = join(buildDir, 'web');
  const run = (args: string[], what: string) => {
    const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${what} failed`);
  };
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  run([join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/cli/build-catalogue.ts'], 'building the catalogue');
  run([vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], 'vite build');
  run(
    [
      vite,
      'build',
      '--ssr',
      'entry-server.tsx',
      '--outDir',
      join(buildDir, 'ssr'),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    'vite build --ssr',
  );
  return outDir;
}
