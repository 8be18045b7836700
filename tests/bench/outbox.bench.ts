import 'fake-indexeddb/auto';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CATALOGUE_PATH, loadCatalogue } from '../../server/catalogue-file';
import { versionETag } from '../../shared/api/common';
import type {
  ApiPalette,
  HistoryResponse,
  ImportResponse,
  SharingResponse,
  UndeleteResponse,
} from '../../shared/api/palettes';
import type { HistoryEntry } from '../../web/lib/local-palettes';
import { createOutboxRepository } from '../../web/lib/outbox';
import type { PaletteRepository, RepoResult, SavedPalette } from '../../web/lib/palette-repository';
import { ROOT, startServer } from '../support/server-process';
import { type BenchRow, type BenchSuite, summarize } from './support';

/**
 * Issue 12's outbox row: 200 writes made offline by a signed-in person (creates, renames, saves,
 * sharing changes, restores, deletes and undos on palettes made offline), then the connection comes
 * back and the outbox sends them to the real server (its SQLite file). Beside it, the same 200 writes
 * sent online one by one through the same adapter, in the same run. The server's event log must then
 * hold, for each palette, exactly the versions the writes make, once each, in order; a second pass
 * loses every 20th answer after the server acted on it, and must still land each write once.
 *
 * IndexedDB here is fake-indexeddb (in memory, in Node), so the drain time includes its cost but not
 * a browser's disk. The remote adapter is a minimal one over fetch written for this bench (the app's
 * remote repository is web/lib/remote-repository.ts, written alongside); it keeps the contract's
 * rules: a create with a key goes through the idempotent import, stale If-Match answers a conflict.
 */

const PALETTES = 40;
const LOSE_EVERY = 20;

interface Net {
  online: boolean;
  /** Lose the answer of every n-th write after the server carried it out (0: never). */
  loseEvery: number;
  writes: number;
  lost: number;
}

type ApiCall = <T>(method: string, path: string, body?: unknown, version?: number) => Promise<ApiAnswer<T>>;
type ApiAnswer<T> = { status: number; data: T } | { status: 0 };

function client(url: string, cookie: string, net: Net): ApiCall {
  return async <T>(method: string, path: string, body?: unknown, version?: number): Promise<ApiAnswer<T>> => {
    if (!net.online) return { status: 0 };
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers: {
        origin: url,
        cookie,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(version === undefined ? {} : { 'if-match': versionETag(version) }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = response.status === 204 ? undefined : await response.json();
    if (method !== 'GET' && net.loseEvery > 0 && ++net.writes % net.loseEvery === 0) {
      net.lost++;
      return { status: 0 };
    }
    return { status: response.status, data: data as T };
  };
}

const fromApi = (p: ApiPalette): SavedPalette => ({
  id: p.id,
  name: p.name,
  colorIds: p.colors.map((c) => c.id),
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
  isPublic: p.isPublic,
  shareId: p.shareId,
  version: p.version,
});

/** A minimal remote repository over the real API (see the file comment). */
function remoteOverFetch(api: ApiCall): PaletteRepository {
  function fail<T>(answer: ApiAnswer<unknown>): RepoResult<T> {
    if (answer.status === 0) return { ok: false, reason: 'offline' };
    if (answer.status === 401) return { ok: false, reason: 'signed-out' };
    if (answer.status === 404) return { ok: false, reason: 'not-found' };
    return { ok: false, reason: 'failed', error: Object.assign(new Error(JSON.stringify(answer)), answer) };
  }
  async function versioned(id: string, answer: ApiAnswer<unknown>, toValue: () => Promise<SavedPalette | null>) {
    if (answer.status === 200) {
      const value = await toValue();
      return value ? ({ ok: true, value } as const) : fail<SavedPalette>({ status: 0 });
    }
    if (answer.status === 409 || answer.status === 412) {
      const now = await api<ApiPalette>('GET', `/palettes/${id}`);
      return { ok: false, reason: 'conflict', theirs: now.status === 200 ? fromApi(now.data) : null } as const;
    }
    return fail<SavedPalette>(answer);
  }
  const get = async (id: string) => {
    const answer = await api<ApiPalette>('GET', `/palettes/${id}`);
    return answer.status === 200 ? fromApi(answer.data) : null;
  };
  return {
    kind: 'remote',
    async list() {
      const answer = await api<{ palettes: ApiPalette[] }>('GET', '/palettes');
      return answer.status === 200 ? { ok: true, value: answer.data.palettes.map(fromApi) } : fail(answer);
    },
    async create(name, colorIds, options = {}) {
      if (options.key) {
        const body = { palettes: [{ localId: options.key, name, colorIds, createdAt: options.createdAt }] };
        const answer = await api<ImportResponse>('POST', '/palettes/import', body);
        if (answer.status !== 200) return fail(answer);
        const palette = answer.data.palettes[0];
        return palette ? { ok: true, value: fromApi(palette) } : { ok: false, reason: 'not-found' };
      }
      const answer = await api<ApiPalette>('POST', '/palettes', { name, colorIds });
      return answer.status === 201 ? { ok: true, value: fromApi(answer.data) } : fail(answer);
    },
    async update(id, base, change) {
      const answer = await api<ApiPalette>('PATCH', `/palettes/${id}`, change, base);
      return versioned(id, answer, async () => (answer.status === 200 ? fromApi(answer.data) : null));
    },
    async remove(ids) {
      const answer = await api('POST', '/palettes/delete', { ids });
      return answer.status === 200 ? { ok: true, value: undefined } : fail(answer);
    },
    async undelete(ids) {
      const answer = await api<UndeleteResponse>('POST', '/palettes/undelete', { ids });
      return answer.status === 200 ? { ok: true, value: answer.data.palettes.map(fromApi) } : fail(answer);
    },
    async setSharing(id, isPublic, base) {
      const answer = await api<SharingResponse>('PUT', `/palettes/${id}/sharing`, { public: isPublic }, base);
      return versioned(id, answer, () => get(id));
    },
    async history(id) {
      const answer = await api<HistoryResponse>('GET', `/palettes/${id}/history`);
      if (answer.status !== 200) return fail(answer);
      const entries: HistoryEntry[] = answer.data.versions.map(({ colors, ...e }) => ({
        ...e,
        colorIds: colors.map((c) => c.id),
      }));
      return { ok: true, value: entries };
    },
    async restore(id, version, base) {
      const answer = await api<ApiPalette>('POST', `/palettes/${id}/restore`, { version }, base);
      return versioned(id, answer, async () => (answer.status === 200 ? fromApi(answer.data) : null));
    },
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

async function signUp(url: string, email: string) {
  const response = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'outbox bench password' }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { cookie: response.headers.getSetCookie()[0]!.split(';')[0]!, userId: body.user.id };
}

/** Queues the 200 writes offline, reconnects, and times the drain; returns the gaps between sends. */
async function offlineRun(url: string, email: string, colors: string[][], loseEvery: number) {
  const account = await signUp(url, email);
  const net: Net = { online: true, loseEvery: 0, writes: 0, lost: 0 };
  const events = new EventTarget();
  const outbox = createOutboxRepository({
    remote: remoteOverFetch(client(url, account.cookie, net)),
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
    const start = performance.now();
    net.online = true;
    events.dispatchEvent(new Event('online'));
    await done;
    const drainMs = performance.now() - start;
    const gaps = sentAt.map((t, i) => t - (i === 0 ? start : sentAt[i - 1]!));
    return { account, expected, queued, drainMs, gaps, conflicts, lost: net.lost, left: await outbox.waiting() };
  } finally {
    outbox.close();
  }
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
    const net: Net = { online: true, loseEvery: 0, writes: 0, lost: 0 };
    const perWrite: number[] = [];
    let last = performance.now();
    const baselineStart = last;
    const expectedDirect = await person(remoteOverFetch(client(server.url, direct.cookie, net)), colors, () => {
      const t = performance.now();
      perWrite.push(t - last);
      last = t;
    });
    const baselineMs = performance.now() - baselineStart;
    const directCheck = check('baseline', expectedDirect, serverLog(server.databasePath, direct.userId));

    step('200 writes offline, then reconnection');
    const run = await offlineRun(server.url, 'outbox@example.com', colors, 0);
    const runCheck = check('outbox', run.expected, serverLog(server.databasePath, run.account.userId));

    step(`the same with every ${LOSE_EVERY}th answer lost after the server acted`);
    const lossy = await offlineRun(server.url, 'lossy@example.com', colors, LOSE_EVERY);
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
      {
        name: 'outbox: per write while draining',
        unit: 'ms',
        median: gaps.median,
        p95: gaps.p95,
        baseline: { name: 'per write sent online', median: base.median, p95: base.p95 },
        samples: gaps.samples,
      },
      {
        name: `outbox: drain with every ${LOSE_EVERY}th answer lost (${lossy.lost} lost)`,
        unit: 'ms',
        median: lossy.drainMs,
        baseline: { name: 'same 200 writes sent online', median: baselineMs },
        target: 'none lost, none duplicated, no false conflict',
        met: lossyOk,
        samples: 1,
      },
    ];
    return rows;
  } finally {
    await server.stop();
  }
};

export default suite;
