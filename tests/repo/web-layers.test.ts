import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * web/README.md's layers, where Biome's import rules cannot see them (they look at imports, not at
 * file names): work across stores lives in `*-actions.ts` modules, all in web/stores/; a feature's
 * module that calls them and shows the toasts is its `*-commands.ts`.
 */
const ROOT = join(import.meta.dirname, '..', '..');

const webFiles = () =>
  execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', 'web'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file !== '');

describe('web/ layers by file name', () => {
  it('keeps every *-actions.ts module in web/stores/', () => {
    const elsewhere = webFiles().filter((file) => /-actions\.ts$/.test(file) && !file.startsWith('web/stores/'));
    expect(elsewhere).toEqual([]);
  });
});
