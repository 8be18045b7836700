import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Inputs whose change means the SPA must be rebuilt. */
const INPUTS = ['web', 'shared', 'workers', 'data/generated', 'vite.config.ts', 'package-lock.json'];

/** A fingerprint of the SPA's inputs: paths, sizes and modification times. */
export function sourceFingerprint(root: string): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) if (name !== 'node_modules') visit(join(path, name));
    } else {
      hash.update(`${relative(root, path)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  for (const input of INPUTS) visit(join(root, input));
  return hash.digest('hex');
}

export const STAMP_FILE = '.build-fingerprint';

/** Fresh: the stamp matches the sources and the server renderer (dist/ssr, beside dist/web) is there. */
export function isBuildFresh(root: string, distDir: string): boolean {
  if (!existsSync(join(distDir, '../ssr/entry-server.js'))) return false;
  try {
    return readFileSync(join(distDir, STAMP_FILE), 'utf8').trim() === sourceFingerprint(root);
  } catch {
    return false;
  }
}
