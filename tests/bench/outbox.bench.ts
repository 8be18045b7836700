import 'fake-indexeddb/auto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { CATALOGUE_PATH, loadCatalogue } from '../../server/catalogue-file';
import { createOutboxRepository } from '../../web/data/outbox/outbox';
import type { PaletteRepository, RepoResult } from '../../web/data/palette-repository';
import { createRemoteRepository } from '../../web/data/remote-repository';
import { ROOT, signUpAt, startServer } from '../support/server-process';
import { type BenchRow, type BenchSuite, summarize, timedRow } from './support';

/**
 * The outbox row: 200 writes made offline by a signed-in person (creates, renames, saves,
 * sharing changes, restores, deletes and undos on palettes made offline), then the connection comes
 * back and the outbox sends them to the real server (its SQLite file). Beside it, the same 200 writes
 * sent online one by one through the same adapter, in the same run. The server's event log must then
 * hold, for each palette, exactly the versions the writes make, once each, in order; a second pass
 * loses every 20th answer after the server acted on it, and must still land each write once.
 *
 * IndexedDB here is fake-indexeddb (in memory, in Node), so the drain time includes its cost but not
 * a browser's disk. The remote is the app's own (web/data/remote-repository.ts and api-client.ts),
 * with `fetch` pointed at the bench server: a create carries its key as `Idempotency-Key`,
 * and saves, sharing changes and restores carry If-Match, so a stale one answers a conflict.
 *
 * Beside each drain, in the same run and against the same server, the outbox as it was before it was
 * split into parts (commit 94f498b, `web/lib/outbox.ts`, whose creates went through the import):
 * its files are taken out of git into a temporary folder and loaded from there, so the drains of
 * both can be compared under the same load (the rule: within 10 % of it).
 */

/** The commit whose outbox the new one is measured beside: the last one before it was split. */
const BEFORE = '94f498b';

const PALETTES = 40;
const LOSE_EVERY = 20;

interface Net {
  online: boolean;
  /** Lose the answer of every n-th write after the server carried it out (0: never). */
  loseEvery: number;
  writes: number;
  lost: number;
  /** Every call that reached the server. */
  requests: number;
}

/**
 * The app's own remote repository (web/data/remote-repository.ts over web/lib/api-client.ts) talks to
 * `/api/...` with the page's cookie; here `fetch` is pointed at the bench server with the account's
 * cookie, and the network can drop: offline, a call fails before the server sees it; with answers
 * lost, the server acts and then the answer fails, as a dropped connection does.
 */
function pointFetchAt(url: string, net: Net, account: { cookie: string }): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!net.online) throw new TypeError('Failed to fetch');
    net.requests++;
    const headers = new Headers(init.headers);
    headers.set('origin', url);
    headers.set('cookie', account.cookie);
    const response = await original(`${url}${String(input)}`, { ...init, headers, credentials: undefined });
    if ((init.method ?? 'GET') !== 'GET' && net.loseEvery > 0 && ++net.writes % net.loseEvery === 0) {
      await response.arrayBuffer();
      net.lost++;
      throw new TypeError('Failed to fetch');
    }
    return response;
  };
  return () => {
    globalThis.fetch = original;
  };
}

/**
 * The 200 writes, as a person makes them: each step uses the answer of the one before (ids, versions),
 * as the app does. Returns the event types each palette's log must end up with, in order.
 */
async function person(repo: PaletteRepository, colors: string[][], onWrite?: () => void) {
  const expected: Array<{ name: string; types: string[] }> = [];
  const value = <T>(result: RepoResult<T>): T => {
    if (!result.ok) throw new Error(`write refused: ${JSON.stringify(result)}`);
    onWrite?.();
    return result.value;
  };
  for (let i = 0; i < PALETTES; i++) {
    const name = `Room ${i}`;
    let p = value(await repo.create(name, colors[i % colors.length]!));
    p = value(await repo.update(p.id, p.version, { name: `${name} renamed` }));
    p = value(await repo.update(p.id, p.version, { colorIds: colors[(i + 1) % colors.length]! }));
    const types = ['PaletteCreated', 'PaletteRenamed', 'PaletteColorsChanged'];
    switch (i % 4) {
      case 0:
        p = value(await repo.setSharing(p.id, true, p.version));
        p = value(await repo.restore(p.id, 1, p.version));
        types.push('PalettePublished', 'PaletteRestored');
        break;
      case 1:
        p = value(await repo.setSharing(p.id, true, p.version));
        p = value(await repo.setSharing(p.id, false, p.version));
        types.push('PalettePublished', 'PaletteUnpublished');
        break;
      case 2:
        value(await repo.remove([p.id]));
        value(await repo.undelete([p.id]));
        types.push('PaletteDeleted', 'PaletteUndeleted');
        break;
      default:
        p = value(await repo.restore(p.id, 1, p.version));
        value(await repo.remove([p.id]));
        types.push('PaletteRestored', 'PaletteDeleted');
    }
    expected.push({ name, types });
  }
  return expected;
}

/** Each palette's event log as the server's SQLite file holds it, by the name it was created with. */
function serverLog(dbPath: string, userId: string) {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare<[string], { stream_id: string; version: number; type: string; data: string }>(
        'SELECT stream_id, version, type, data FROM events WHERE actor = ? ORDER BY position',
      )
      .all(userId);
    const streams = new Map<string, { name: string; versions: number[]; types: string[] }>();
    for (const row of rows) {
      const stream = streams.get(row.stream_id) ?? { name: '', versions: [], types: [] };
      if (row.type === 'PaletteCreated') stream.name = (JSON.parse(row.data) as { name: string }).name;
      stream.versions.push(row.version);
      stream.types.push(row.type);
      streams.set(row.stream_id, stream);
    }
    return [...streams.values()];
  } finally {
    db.close();
  }
}

/** Every write landed once, in order: one stream per palette, versions 1..n, the types expected. */
function check(label: string, expected: Array<{ name: string; types: string[] }>, log: ReturnType<typeof serverLog>) {
  const problems: string[] = [];
  if (log.length !== expected.length) problems.push(`${log.length} palettes on the server, ${expected.length} made`);
  for (const want of expected) {
    const got = log.filter((s) => s.name === want.name);
    if (got.length !== 1) {
      problems.push(`${want.name}: ${got.length} copies`);
      continue;
    }
    const [stream] = got;
    const inOrder = stream!.versions.every((v, i) => v === i + 1);
    if (!inOrder || stream!.types.join() !== want.types.join()) {
      problems.push(`${want.name}: ${stream!.types.join(' ')} (versions ${stream!.versions.join(',')})`);
    }
  }
  const writes = expected.reduce((n, e) => n + e.types.length, 0);
  const landed = log.reduce((n, s) => n + s.types.length, 0);
  if (problems.length > 0) console.error(`  outbox bench (${label}): ${problems.slice(0, 10).join('; ')}`);
  return { ok: problems.length === 0, writes, landed };
}

const step = (text: string) => process.stdout.write(`  outbox bench: ${text}\n`);

const signUp = (url: string, email: string) => signUpAt(url, email, 'outbox bench password');

/** An outbox and the remote it wraps: today's (web/data/) or the one of another commit. */
interface OutboxCode {
  createOutboxRepository: typeof createOutboxRepository;
  createRemoteRepository: typeof createRemoteRepository;
}

const current: OutboxCode = { createOutboxRepository, createRemoteRepository };

/**
 * The outbox and remote repository of `commit` (then in web/lib/), with the shared/ code they import,
 * written out of git into a temporary folder (node_modules linked) and loaded from there by tsx.
 */
async function outboxAt(commit: string): Promise<{ code: OutboxCode; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), `swatchbook-outbox-${commit}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const archive = spawnSync('git', ['archive', '--format=tar', commit, 'web/lib', 'shared'], {
      cwd: ROOT,
      maxBuffer: 1 << 28,
    });
    if (archive.status !== 0) throw new Error(`git archive ${commit}: ${archive.stderr}`);
    const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
    if (untar.status !== 0) throw new Error(`tar: ${untar.stderr}`);
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const load = (path: string) => import(pathToFileURL(join(dir, path)).href);
    const outbox = await load('web/lib/outbox.ts');
    const remote = await load('web/lib/remote-repository.ts');
    const code = {
      createOutboxRepository: outbox.createOutboxRepository,
      createRemoteRepository: remote.createRemoteRepository,
    } as OutboxCode;
    return { code, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Queues the 200 writes offline, reconnects, and times the drain; returns the gaps between sends. */
async function offlineRun(code: OutboxCode, url: string, email: string, colors: string[][], loseEvery: number) {
  const account = await signUp(url, email);
  const net: Net = { online: true, loseEvery: 0, writes: 0, lost: 0, requests: 0 };
  const events = new EventTarget();
  const restoreFetch = pointFetchAt(url, net, account);
  const outbox = code.createOutboxRepository({
    remote: code.createRemoteRepository(),
    owner: account.userId,
    isOnline: () => net.online,
    events,
    locks: null,
    retry: { firstMs: 20, maxMs: 200 },
  });
  try {
    const listed = await outbox.list();
    if (!listed.ok) throw new Error('first list failed');
    net.online = false;
    const expected = await person(outbox, colors);
    const queued = await outbox.waiting();
    const sentAt: number[] = [];
    let conflicts = 0;
    let idle: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      idle = resolve;
    });
    outbox.subscribe((event) => {
      if (event.type === 'sent') sentAt.push(performance.now());
      if (event.type === 'conflict') conflicts++;
      if (event.type === 'idle' && event.waiting === 0) idle();
    });
    net.loseEvery = loseEvery;
    net.requests = 0;
    const cpu = process.cpuUsage();
    const start = performance.now();
    net.online = true;
    events.dispatchEvent(new Event('online'));
    await done;
    const drainMs = performance.now() - start;
    // This process's CPU while draining: the outbox's own work (and fake-indexeddb's), not the
    // server's, and far less moved by other processes on a loaded machine than the clock is.
    const { user, system } = process.cpuUsage(cpu);
    const cpuMs = (user + system) / 1000;
    const gaps = sentAt.map((t, i) => t - (i === 0 ? start : sentAt[i - 1]!));
    const left = await outbox.waiting();
    return { account, expected, queued, drainMs, cpuMs, requests: net.requests, gaps, conflicts, lost: net.lost, left };
  } finally {
    outbox.close();
    restoreFetch();
  }
}

/** Rounds of the side-by-side drains: one drain is seconds long and the machine's load moves. */
const ROUNDS = 3;

type Run = Awaited<ReturnType<typeof offlineRun>>;

/**
 * The outbox before the split and today's take turns (before, today, today, before in each round),
 * so a load that rises or falls during the run weighs on both alike. Every drain is checked against
 * the server's log.
 */
async function sideBySide(server: { url: string; databasePath: string }, colors: string[][]) {
  step(`loading the outbox of ${BEFORE} into a temporary folder`);
  const before = await outboxAt(BEFORE);
  const runs = { today: [] as Run[], todayLossy: [] as Run[], before: [] as Run[], beforeLossy: [] as Run[] };
  const checked = (label: string, r: Run) => check(label, r.expected, serverLog(server.databasePath, r.account.userId));
  const landed = (label: string, r: Run) => {
    const c = checked(label, r);
    return c.ok && c.landed === c.writes && r.conflicts === 0 && r.left === 0;
  };
  let allOk = true;
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      step(`round ${round} of ${ROUNDS}: ${BEFORE}, today, today with lost answers, ${BEFORE} with lost answers`);
      const b = await offlineRun(before.code, server.url, `before-${round}@example.com`, colors, 0);
      const t = await offlineRun(current, server.url, `today-${round}@example.com`, colors, 0);
      const tl = await offlineRun(current, server.url, `today-lossy-${round}@example.com`, colors, LOSE_EVERY);
      const bl = await offlineRun(before.code, server.url, `before-lossy-${round}@example.com`, colors, LOSE_EVERY);
      runs.before.push(b);
      runs.today.push(t);
      runs.todayLossy.push(tl);
      runs.beforeLossy.push(bl);
      const each = [landed(BEFORE, b), landed('today', t), landed('today, lost', tl), landed(`${BEFORE}, lost`, bl)];
      allOk = allOk && each.every(Boolean);
    }
  } finally {
    before.remove();
  }
  type Measure = 'drainMs' | 'cpuMs';
  const median = (list: Run[], of: Measure) => summarize(list.map((r) => r[of])).median;
  const each = (list: Run[], of: Measure | 'requests') => list.map((r) => Math.round(r[of])).join(', ');
  for (const of of ['drainMs', 'cpuMs', 'requests'] as const) {
    step(`${of}: today ${each(runs.today, of)}; ${BEFORE} ${each(runs.before, of)}`);
    step(`${of} with lost answers: today ${each(runs.todayLossy, of)}; ${BEFORE} ${each(runs.beforeLossy, of)}`);
  }
  const row = (name: string, of: Measure, today: Run[], then: Run[]): BenchRow => ({
    name,
    unit: 'ms',
    median: median(today, of),
    baseline: { name: `the outbox of ${BEFORE}, same run`, median: median(then, of) },
    target: '≤ 1.1 × baseline',
    met: allOk && median(today, of) <= 1.1 * median(then, of),
    samples: ROUNDS,
  });
  const drained = '200 offline writes drained';
  const lossy = 'drain with answers lost';
  return [
    row(`outbox: ${drained}, beside the outbox before the split`, 'drainMs', runs.today, runs.before),
    row(`outbox: ${lossy}, beside the outbox before the split`, 'drainMs', runs.todayLossy, runs.beforeLossy),
    row(`outbox: ${drained}, client CPU, beside the outbox before the split`, 'cpuMs', runs.today, runs.before),
    row(`outbox: ${lossy}, client CPU, beside the outbox before the split`, 'cpuMs', runs.todayLossy, runs.beforeLossy),
  ];
}

const suite: BenchSuite = async () => {
  if (!existsSync(CATALOGUE_PATH)) {
    spawnSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/cli/build-catalogue.ts'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
  const ids = loadCatalogue().colors.map((c) => c.id);
  const colors = Array.from({ length: 8 }, (_, i) => ids.slice(i * 5, i * 5 + 3 + (i % 4)));
  step('starting the server');
  const server = await startServer({
    env: {
      DIST_DIR: join(tmpdir(), 'swatchbook-no-dist'),
      USER_WRITES_PER_MINUTE: '1000000',
      USER_MAX_PALETTES: '100000',
    },
  });
  try {
    // Baseline: the same person online, each write straight to the server and answered.
    step('baseline: 200 writes online');
    const direct = await signUp(server.url, 'direct@example.com');
    const net: Net = { online: true, loseEvery: 0, writes: 0, lost: 0, requests: 0 };
    const perWrite: number[] = [];
    let last = performance.now();
    const baselineStart = last;
    const restoreFetch = pointFetchAt(server.url, net, direct);
    const expectedDirect = await person(createRemoteRepository(), colors, () => {
      const t = performance.now();
      perWrite.push(t - last);
      last = t;
    }).finally(restoreFetch);
    const baselineMs = performance.now() - baselineStart;
    const directCheck = check('baseline', expectedDirect, serverLog(server.databasePath, direct.userId));

    step('200 writes offline, then reconnection');
    const run = await offlineRun(current, server.url, 'outbox@example.com', colors, 0);
    const runCheck = check('outbox', run.expected, serverLog(server.databasePath, run.account.userId));

    step(`the same with every ${LOSE_EVERY}th answer lost after the server acted`);
    const lossy = await offlineRun(current, server.url, 'lossy@example.com', colors, LOSE_EVERY);
    const lossyCheck = check('lost answers', lossy.expected, serverLog(server.databasePath, lossy.account.userId));

    const gaps = summarize(run.gaps);
    const base = summarize(perWrite);
    const allLanded = (c: { ok: boolean; writes: number; landed: number }) => c.ok && c.landed === c.writes;
    const verdict = (c: typeof runCheck, r: typeof run) =>
      `${r.queued} queued, ${c.landed}/${c.writes} landed${c.ok ? ' once each in order' : ' WRONG'}, ${r.conflicts} conflicts, ${r.left} left`;
    step(`outbox: ${verdict(runCheck, run)}`);
    step(`lost answers: ${lossy.lost} lost; ${verdict(lossyCheck, lossy)}`);
    if (!allLanded(directCheck)) step('baseline log does not match the writes: the check itself is wrong');

    const ok = allLanded(runCheck) && run.queued === 200 && run.conflicts === 0 && run.left === 0;
    const lossyOk = allLanded(lossyCheck) && lossy.lost > 0 && lossy.conflicts === 0 && lossy.left === 0;
    const rows: BenchRow[] = [
      {
        name: 'outbox: 200 offline writes, drained after reconnection',
        unit: 'ms',
        median: run.drainMs,
        baseline: { name: 'same 200 writes sent online', median: baselineMs },
        target: 'all 200 land once, in order; ≤ 2 × baseline',
        met: ok && run.drainMs <= 2 * baselineMs,
        samples: 1,
      },
      timedRow({
        name: 'outbox: per write while draining',
        measured: gaps,
        baseline: { name: 'per write sent online', ...base },
      }),
      {
        name: `outbox: drain with every ${LOSE_EVERY}th answer lost (${lossy.lost} lost)`,
        unit: 'ms',
        median: lossy.drainMs,
        baseline: { name: 'same 200 writes sent online', median: baselineMs },
        target: 'none lost, none duplicated, no false conflict',
        met: lossyOk,
        samples: 1,
      },
      ...(await sideBySide(server, colors)),
    ];
    return rows;
  } finally {
    await server.stop();
  }
};

export default suite;
