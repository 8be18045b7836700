import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPath } from './browser';
import { binaries as postgresBinaries } from './postgres-server';
import { ROOT } from './server-process';

/**
 * `npm test`: lint, dead code (knip), type-check, unit and integration tests (vitest; the server's on SQLite and
 * on a PostgreSQL it starts), browser tests (Playwright in Chromium against the real server). Ends with one line, `N passed, M failed`, counting every test
 * and check, and exits non-zero when anything failed.
 */
const bin = (pkg: string, file: string) => join(ROOT, 'node_modules', pkg, file);
let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(label: string, args: string[], env: Record<string, string> = {}): number {
  console.log(`\n── ${label}`);
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function check(label: string, args: string[]) {
  if (run(label, args) === 0) passed++;
  else {
    failed++;
    failures.push(label);
  }
}

function ensureBrowser(): boolean {
  if (chromiumPath()) return true;
  const playwrightCli = bin('playwright', 'cli.js');
  console.log('\nNo Chromium found: trying to install one for the browser tests…');
  if (run('playwright install chromium', [playwrightCli, 'install', 'chromium']) === 0) return true;
  if (process.getuid?.() === 0) {
    const apt = spawnSync(
      'sh',
      ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium'],
      {
        stdio: 'inherit',
      },
    );
    if (apt.status === 0 && chromiumPath()) return true;
  }
  console.error(
    '\nThe browser tests need Chromium. Install it and run again:\n' +
      '  sudo apt-get install -y chromium          (Debian/Ubuntu)\n' +
      '  npx playwright install chromium           (anywhere with internet access)\n' +
      'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
  );
  return false;
}

/** The server tests run on PostgreSQL too, on a server they start themselves: its binaries must be here. */
function ensurePostgres(): boolean {
  if (existsSync(join(postgresBinaries(), 'postgres'))) return true;
  if (process.getuid?.() === 0) {
    console.log("\nNo PostgreSQL server binaries: installing Debian's postgresql for the store tests…");
    const apt = spawnSync(
      'sh',
      ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql'],
      { stdio: 'inherit' },
    );
    if (apt.status === 0 && existsSync(join(postgresBinaries(), 'postgres'))) return true;
  }
  console.error(
    '\nThe server tests also run on PostgreSQL, which they start themselves. Install its server and run again:\n' +
      '  sudo apt-get install -y postgresql      (Debian/Ubuntu)\n' +
      'or point PG_BIN at a folder holding initdb and postgres (version 15 or newer).',
  );
  return false;
}

check('catalogue', [bin('tsx', 'dist/cli.mjs'), 'server/cli/build-catalogue.ts']);
check('lint (biome: style and import boundaries)', [bin('@biomejs/biome', 'bin/biome'), 'ci', '.']);
// Unused files, exports, types and dependencies (knip.json): an export nothing imports fails.
check('dead code (knip)', [bin('knip', 'bin/knip.js'), '--no-progress']);
for (const project of ['shared', 'workers', 'web', 'server', 'tests', '.']) {
  check(`typecheck ${project}`, [bin('typescript', 'bin/tsc'), '-p', project]);
}

if (!ensurePostgres()) {
  failed++;
  failures.push('no PostgreSQL for the store tests');
}
const vitestReport = join(ROOT, 'test-results/vitest.json');
rmSync(vitestReport, { force: true });
const vitestStatus = run('unit and integration tests (vitest)', [
  bin('vitest', 'vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (report.numFailedTests > 0) failures.push(`${report.numFailedTests} vitest test(s)`);
  if (vitestStatus !== 0 && report.numFailedTests === 0) {
    failed++;
    failures.push('vitest exited with an error outside the tests');
  }
} else {
  failed++;
  failures.push('vitest produced no report');
}

const e2eReport = join(ROOT, 'test-results/e2e.json');
rmSync(e2eReport, { force: true });
if (ensureBrowser()) {
  const status = run('browser tests (Playwright, Chromium)', [bin('playwright', 'cli.js'), 'test']);
  if (existsSync(e2eReport)) {
    const stats = JSON.parse(readFileSync(e2eReport, 'utf8')).stats;
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected + stats.skipped;
    if (stats.unexpected > 0) failures.push(`${stats.unexpected} browser test(s)`);
    if (status !== 0 && stats.unexpected === 0) {
      failed++;
      failures.push('Playwright exited with an error outside the tests');
    }
  } else {
    failed++;
    failures.push('Playwright produced no report');
  }
} else {
  failed++;
  failures.push('no browser for the browser tests');
}

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
