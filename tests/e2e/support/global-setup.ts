import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../support/server-process';

/**
 * Builds the real app once per run into a private folder, so parallel runs (and a running
 * `npm start`) never see each other's half-written files.
 */
export default function globalSetup() {
  if (process.env.E2E_DIST_DIR) return;
  // web/ for the SPA, ssr/ beside it for the server's renderer (the server finds it there).
  const buildDir = mkdtempSync(join(tmpdir(), 'swatchbook-e2e-dist-'));
  const outDir = join(buildDir, 'web');
  const tsx = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
  const catalogue = spawnSync(process.execPath, [tsx, 'server/cli/build-catalogue.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (catalogue.status !== 0) throw new Error('building the catalogue failed');
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  const build = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('vite build failed');
  const ssr = spawnSync(
    process.execPath,
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
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (ssr.status !== 0) throw new Error('vite build --ssr failed');
  process.env.E2E_DIST_DIR = outDir;
}
