import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBuildFresh, STAMP_FILE, sourceFingerprint } from './build-freshness';

// `npm start`: derive the catalogue, build the SPA and its server renderer when missing or stale, then serve.
const root = fileURLToPath(new URL('../..', import.meta.url));
const distDir = join(root, 'dist/web');
const run = (args: string[]) => {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run([join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/cli/build-catalogue.ts']);
if (!isBuildFresh(root, distDir)) {
  console.log('Building the app (first start, or the sources changed)…');
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  run([vite, 'build', '--logLevel', 'warn']);
  // The server's renderer of the first screen (dist/ssr), from the same sources.
  run([vite, 'build', '--ssr', 'entry-server.tsx', '--logLevel', 'warn']);
  writeFileSync(join(distDir, STAMP_FILE), sourceFingerprint(root));
}
await import('../main');
