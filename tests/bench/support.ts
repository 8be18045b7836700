import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAppInto } from '../support/build-app';
import { ROOT } from '../support/server-process';

/** One line of the bench table: what users or callers feel, beside a baseline from the same run. */
export interface BenchRow {
  name: string;
  unit: string;
  median: number;
  p95?: number;
  baseline?: { name: string; median: number; p95?: number };
  /** The goal, in words, e.g. "p95 ≤ 8 ms" or "≤ 1.25 × baseline". */
  target?: string;
  /** Whether the target was met; undefined when there is none. */
  met?: boolean;
  samples?: number;
}

export interface BenchContext {
  /** A production build of the app in a private folder (built once per bench run). */
  distDir(): string;
}

/** A bench suite: a file `tests/bench/*.bench.ts` whose default export returns rows. */
export type BenchSuite = (ctx: BenchContext) => Promise<BenchRow[]>;

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}

export function summarize(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), samples: sorted.length };
}

type Timing = { median: number; p95: number; samples?: number };

/**
 * A row of timings beside the same measure of a baseline from this run: median, p95 and the sample
 * count of what is measured, median and p95 of the baseline.
 */
export function timedRow(row: {
  name: string;
  unit?: string;
  measured: Timing;
  baseline: { name: string } & Timing;
  target?: string;
  met?: boolean;
}): BenchRow {
  const { name, measured, baseline, unit = 'ms', ...goal } = row;
  return {
    name,
    unit,
    median: measured.median,
    p95: measured.p95,
    ...(measured.samples === undefined ? {} : { samples: measured.samples }),
    baseline: { name: baseline.name, median: baseline.median, p95: baseline.p95 },
    ...goal,
  };
}

/** Runs `fn` a few times to warm up, then `runs` times, and returns the timing summary in ms. */
export async function measure(fn: () => unknown, runs = 50, warmup = 5) {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return summarize(samples);
}

let builtDir: string | null = null;

/** The built app (see tests/support/build-app.ts), once per bench run. */
export function buildApp(): string {
  builtDir ??= buildAppInto('swatchbook-bench-dist-');
  return builtDir;
}

/**
 * Builds a throwaway page with the project's Vite: `files` (relative name → source, including
 * index.html) are written to a fresh folder inside the ignored .cache/ (so imports resolve the
 * project's own node_modules) and built with `viteConfig`. Returns the folder and its dist.
 */
export function buildScratchPage(prefix: string, files: Record<string, string>, viteConfig = '{}') {
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, '.cache', `${prefix}-`));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, 'vite.config.mjs'), `export default ${viteConfig};\n`);
  const out = join(dir, 'dist');
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', dir, '--outDir', out, '--logLevel', 'error', '--config', join(dir, 'vite.config.mjs')],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`building the ${prefix} page failed`);
  return { dir, out };
}
