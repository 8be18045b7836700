import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../support/server-process';
import { type BenchRow, type BenchSuite, buildApp } from './support';

/**
 * `npm run bench`: runs every `tests/bench/*.bench.ts` suite (or those named on the command line),
 * prints one table and writes it as JSON under tests/bench/results/ (not committed).
 */
const only = process.argv.slice(2);
const dir = join(ROOT, 'tests/bench');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const rows: Array<BenchRow & { suite: string }> = [];
for (const file of files) {
  process.stdout.write(`running ${file}…\n`);
  const suite = (await import(join(dir, file))).default as BenchSuite;
  try {
    for (const row of await suite({ distDir: buildApp })) rows.push({ ...row, suite: file });
  } catch (error) {
    console.error(`${file} failed:`, error);
    rows.push({ suite: file, name: `${file} FAILED`, unit: '', median: Number.NaN });
  }
}

const fmt = (v: number | undefined) =>
  v === undefined || Number.isNaN(v) ? '—' : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2);
const table = [
  ['row', 'median', 'p95', 'unit', 'baseline', 'baseline median', 'target', 'met'],
  ...rows.map((r) => [
    r.name,
    fmt(r.median),
    fmt(r.p95),
    r.unit,
    r.baseline?.name ?? '',
    fmt(r.baseline?.median),
    r.target ?? '',
    r.met === undefined ? '' : r.met ? 'yes' : 'NO',
  ]),
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => String(row[i]).length)));
for (const [i, row] of table.entries()) {
  console.log(row.map((cell, j) => String(cell).padEnd(widths[j] as number)).join('  '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}

const outDir = join(ROOT, 'tests/bench/results');
mkdirSync(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = join(outDir, `bench-${stamp}.json`);
writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), node: process.version, rows }, null, 2));
console.log(`\nwritten to ${out}`);
