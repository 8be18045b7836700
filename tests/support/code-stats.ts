import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/**
 * `npx tsx tests/support/code-stats.ts [root]`: lines of TypeScript per source folder, the ten largest
 * functions and how many run over 80 lines, as Biome's noExcessiveLinesPerFunction counts them (a
 * function's lines include the functions inside it). Point it at another checkout
 * (`git worktree add /tmp/main main`) to compare before and after.
 */

const root = process.argv[2] ?? process.cwd();
const SOURCES = ['web', 'server', 'shared', 'workers'];
const LONG = 80;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The folder a file counts under: two levels in web/ and server/ (web/data, web/stores…), else one. */
function folderOf(path: string): string {
  const parts = relative(root, path).split('/');
  const depth = parts[0] === 'web' || parts[0] === 'server' ? 2 : 1;
  return parts.length > depth ? parts.slice(0, depth).join('/') : `${parts[0]} (files)`;
}

interface Diagnostic {
  message: string;
  location: { path: string; start: { line: number } };
}

/** Every function's length: the rule with a limit of one line reports them all. */
function functionLengths(): Array<{ lines: number; at: string }> {
  const config = mkdtempSync(join(tmpdir(), 'code-stats-'));
  try {
    const rule = { level: 'error', options: { maxLines: 1, skipBlankLines: false } };
    writeFileSync(
      join(config, 'biome.json'),
      JSON.stringify({
        files: { includes: ['**', '!**/dist', '!**/node_modules'] },
        linter: { rules: { recommended: false, complexity: { noExcessiveLinesPerFunction: rule } } },
      }),
    );
    const args = ['biome', 'lint', `--config-path=${config}`, '--reporter=json', '--max-diagnostics=none', ...SOURCES];
    let out: string;
    try {
      out = execFileSync('npx', args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
    } catch (error) {
      // Biome exits non-zero when it reports something, which it always does here.
      out = (error as { stdout: string }).stdout;
    }
    const { diagnostics } = JSON.parse(out) as { diagnostics: Diagnostic[] };
    return diagnostics.map((d) => ({
      lines: Number(/\((\d+)\)/.exec(d.message)?.[1] ?? 0),
      at: `${d.location.path}:${d.location.start.line}`,
    }));
  } finally {
    rmSync(config, { recursive: true, force: true });
  }
}

const lines = new Map<string, number>();
for (const dir of SOURCES) {
  for (const path of files(join(root, dir))) {
    const folder = folderOf(path);
    lines.set(folder, (lines.get(folder) ?? 0) + readFileSync(path, 'utf8').split('\n').length);
  }
}
console.log('Lines per folder');
for (const [folder, count] of [...lines].sort((a, b) => a[0].localeCompare(b[0]))) {
  console.log(`  ${folder.padEnd(24)} ${String(count).padStart(6)}`);
}
const functions = functionLengths().sort((a, b) => b.lines - a.lines);
console.log(`\nTen largest functions (${functions.filter((f) => f.lines > LONG).length} over ${LONG} lines)`);
for (const f of functions.slice(0, 10)) console.log(`  ${String(f.lines).padStart(4)}  ${f.at}`);
