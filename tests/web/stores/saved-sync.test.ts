import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalPaletteRecord } from '../../../web/data/local-palettes';
import type { LocalRepository } from '../../../web/data/local-repository';
import type { PaletteRepository, PaletteSummary } from '../../../web/data/palette-repository';
import { sayNotices } from '../../../web/app/notices';
import { syncOnSignIn } from '../../../web/stores/saved-actions';
import { setRepositories } from '../../../web/stores/saved-repository';
import { savedState } from '../../../web/stores/saved-store';
import { syncState } from '../../../web/stores/sync-store';
import { toastState } from '../../../web/stores/toast-store';
import { localRecord, paletteSummary } from '../palette-fixtures';

// The sign-in upload through the real API client: only fetch (the server's answers) and the repositories
// on either side are stood in. What the server answers decides what leaves this device.
const record = (id: string): LocalPaletteRecord => localRecord({ id, name: `Room ${id}` });

const serverPalette = (id: string): PaletteSummary => paletteSummary({ id, name: `Room ${id}` });

type Sent = { localId: string; history?: unknown };
/** Decides the server's answer to one import request: null accepts it. */
type Judge = (palettes: Sent[]) => { status: number; code: string } | null;

let discarded: string[][];
let sent: Sent[][];

function setup(records: LocalPaletteRecord[], judge: Judge): void {
  const local = {
    kind: 'local',
    readAll: () => Promise.resolve({ ok: true, value: { records, unreadable: 0 } }),
    discard: (ids: string[]) => {
      discarded.push(ids);
      return Promise.resolve({ ok: true, value: undefined });
    },
    list: () => Promise.resolve({ ok: true, value: records.map((r) => serverPalette(r.id)) }),
  } as unknown as LocalRepository;
  const remote = {
    kind: 'remote',
    list: () => Promise.resolve({ ok: true, value: [serverPalette('s1')] }),
  } as unknown as PaletteRepository;
  setRepositories({ local, remote });
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const { palettes } = JSON.parse(String(init.body)) as { palettes: Sent[] };
    sent.push(palettes);
    const refusal = judge(palettes);
    const body = refusal
      ? { error: { code: refusal.code, message: 'Refused.' } }
      : { palettes: palettes.map((p) => ({ ...serverPalette(p.localId), colors: [] })), created: palettes.length };
    return new Response(JSON.stringify(body), {
      status: refusal?.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

// What the sync reports unasked becomes a toast through the app's notices, as in the app.
sayNotices();

const toasts = () => toastState.toasts.map((t) => t.message);
const withHistory = (palettes: Sent[]) => palettes.some((p) => p.history !== undefined);

beforeEach(() => {
  discarded = [];
  sent = [];
  toastState.toasts = [];
  savedState.palettes = [];
  savedState.source = 'local';
  syncState.status = 'idle';
});

afterEach(() => {
  vi.unstubAllGlobals();
  setRepositories({ local: null, remote: null });
});

describe('signing in uploads this device’s palettes', () => {
  it('a palette whose history the server refuses goes up without it; all leave the device', async () => {
    setup([record('r1'), record('r2')], (palettes) =>
      palettes.some((p) => p.localId === 'r2') && withHistory(palettes)
        ? { status: 400, code: 'invalid_history' }
        : null,
    );
    await syncOnSignIn();
    expect(sent.map((batch) => batch.map((p) => `${p.localId}${withHistory([p]) ? '+history' : ''}`))).toEqual([
      ['r1+history', 'r2+history'],
      ['r1+history'],
      ['r2+history'],
      ['r2'],
    ]);
    expect(discarded).toEqual([['r1', 'r2']]);
    expect(savedState.source).toBe('remote');
    expect(savedState.palettes.map((p) => p.id)).toEqual(['s1']);
    expect(syncState.status).toBe('synced');
    expect(toasts()).toEqual([]);
  });

  it('a palette the server refuses even without history stays on this device, and the person is told', async () => {
    setup([record('r1'), record('r2')], (palettes) =>
      palettes.some((p) => p.localId === 'r2') ? { status: 400, code: 'unknown_color' } : null,
    );
    await syncOnSignIn();
    expect(discarded).toEqual([['r1']]);
    expect(toasts()).toEqual(['1 palette(s) could not be uploaded and stay on this device']);
    expect(savedState.source).toBe('remote');
  });

  it('a server failure is not a refusal: nothing leaves the device and the local list stays in use', async () => {
    setup([record('r1'), record('r2')], () => ({ status: 500, code: 'internal' }));
    await syncOnSignIn();
    expect(sent).toHaveLength(1);
    expect(discarded).toEqual([]);
    expect(savedState.source).toBe('local');
    expect(savedState.palettes.map((p) => p.id).sort()).toEqual(['r1', 'r2']);
    expect(syncState.status).toBe('error');
    expect(toasts()).toEqual(['Could not load your saved palettes']);
  });
});
