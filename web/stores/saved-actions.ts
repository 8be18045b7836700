import { subscribe } from 'valtio';
import type { ApiErrorCode } from '../../shared/api/common';
import type { ImportBody } from '../../shared/api/palettes';
import * as api from '../lib/api-client';
import type { PaletteVersion } from '../../shared/palette/palette-evolve';
import type { LocalPaletteRecord } from '../data/local-palettes';
import { toSummary } from '../data/local-repository';
import type { PaletteRepository, RepoResult } from '../data/palette-repository';
import { askPersistentStorage } from '../data/persistent-storage';
import { authState } from './auth-store';
import { identityState, markSaved } from './identity-store';
import { replacePalette } from './palette-store';
import {
  forgetRemote,
  localRepository,
  onSessionEnded,
  remoteRepository,
  repository,
  savedChannel,
  settleWaiting,
} from './saved-repository';
import { COUNT_KEY, type PaletteSummary, savedState } from './saved-store';
import { notify } from './notice-store';
import { setSyncStatus } from './sync-store';
import { closeOverlay } from './ui-store';

/**
 * What the save modal, sidebar and history view do. Loaded after the first paint. Where the list
 * lives is the chooser's business (saved-repository.ts); these only update state and answer with a
 * result (`Done` or `SavedFailure`), from which the feature that called picks its toast. What happens
 * unasked (the session ended, a list that could not be read) is a notice (notice-store.ts).
 */
type Failure = Exclude<RepoResult<unknown>, { ok: true }>;

/**
 * Why a change did not happen. `signed-out`: the session had ended, this tab signed out and its
 * notice says so (the caller says nothing more); `refused`: the server's own words (a limit, the
 * write rate), to show as they are; `changed-elsewhere`: the list now shows the latest copy and the
 * person is asked to do it again; `failed`: the caller's fixed 'Failed to …' text.
 */
export type SavedFailure = { ok: false; reason: 'signed-out' | 'failed' | 'changed-elsewhere' } | Refused;
type Refused = { ok: false; reason: 'refused'; message: string };
/** Done: `T` is what the caller's toast names. */
type Done<T = undefined> = { ok: true; value: T };
const done = <T>(value: T): Done<T> => ({ ok: true, value });

const newestFirst = (list: PaletteSummary[]) => [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
const onServer = (repo: PaletteRepository) => repo.kind !== 'local';

/**
 * A repository call with the header's sync status around it (this device's storage has none). A write
 * the outbox queued is not synced: the header says changes wait until the outbox has sent them.
 */
async function call<T>(repo: PaletteRepository, run: () => Promise<RepoResult<T>>): Promise<RepoResult<T>> {
  if (onServer(repo)) setSyncStatus('syncing');
  const result = await run();
  if (onServer(repo) && (result.ok || result.reason === 'conflict')) {
    setSyncStatus(result.ok && result.pending ? 'waiting' : 'synced');
    // Other writes may still wait (or have just gone): the outbox's queue says which.
    void settleWaiting();
  }
  // Changes now live only on this device until the connection returns: worth keeping from eviction.
  if (result.ok && result.pending) void askPersistentStorage();
  return result;
}

/** The server said this session has ended (an action's answer or the outbox's): this tab signs out. */
function endSession(): void {
  authState.user = null;
  switchToLocalList();
  setSyncStatus('error');
  notify({ type: 'session-ended' });
}
onSessionEnded(endSession);

/** Refusals a person can act on: the server's own words say why and what to do (delete some, wait). */
const TOLD: ReadonlySet<string> = new Set<ApiErrorCode>(['palette_limit', 'version_limit', 'rate_limited']);

/** Every failure as the caller's result; an ended session also signs this tab out. */
function failed(repo: PaletteRepository, result: Failure): SavedFailure {
  if (result.reason === 'signed-out') {
    endSession();
    return { ok: false, reason: 'signed-out' };
  }
  const refusal =
    result.reason === 'failed' && result.error instanceof api.ApiFailure && TOLD.has(result.error.code)
      ? result.error.message
      : null;
  // A refusal is an answer: everything else is in step with the server, so the header says synced.
  if (onServer(repo)) setSyncStatus(refusal ? 'synced' : 'error');
  return refusal ? { ok: false, reason: 'refused', message: refusal } : { ok: false, reason: 'failed' };
}

/** Puts one palette's newest copy in the list; the editor's base moves with it when it was loaded from it. */
function upsert(palette: PaletteSummary): void {
  replaceInList(palette);
  if (savedState.loadedFrom?.id === palette.id) savedState.loadedFrom = { id: palette.id, version: palette.version };
  if (savedState.loadedFrom?.id === palette.id) identityState.name = palette.name;
}

/** The list shows this copy; the editor's base stays (a stale base must still end in the conflict choice). */
function replaceInList(palette: PaletteSummary): void {
  savedState.palettes = newestFirst([palette, ...savedState.palettes.filter((p) => p.id !== palette.id)]);
}

let reportedUnreadable = false;

/** This device's list, into the state unless the signed-in list took over meanwhile. */
async function loadLocalList(): Promise<void> {
  const result = await localRepository().readAll();
  if (savedState.source !== 'local') return;
  savedState.loaded = true;
  if (!result.ok) {
    notify({ type: 'local-unavailable' });
    return;
  }
  savedState.palettes = newestFirst(result.value.records.map(toSummary));
  const { unreadable } = result.value;
  if (unreadable > 0 && !reportedUnreadable) {
    // Said once a visit; the records stay in storage untouched.
    reportedUnreadable = true;
    notify({ type: 'local-unreadable', count: unreadable });
  }
}

let started: Promise<void> | null = null;

/** Start-up (after the first paint): migrates and reads this device's palettes once. */
export function startSaved(): Promise<void> {
  started ??= loadLocalList();
  return started;
}

if (typeof window !== 'undefined') {
  void startSaved();
  // Another tab saved or deleted on this device: keep the list and the badge in step. The palette
  // this tab loaded keeps its base version, so a stale save back still ends in the conflict choice.
  savedChannel?.addEventListener('message', () => {
    if (savedState.source === 'local') void loadLocalList();
  });
  // The badge's first paint next time (saved-store.ts) counts this device's list.
  subscribe(savedState, () => {
    if (savedState.source === 'local' && savedState.loaded) mirrorCount(savedState.palettes.length);
  });
}

function mirrorCount(count: number): void {
  try {
    localStorage.setItem(COUNT_KEY, String(count));
  } catch {
    // Storage full or blocked: the badge only starts at 0 next time.
  }
}

/** The sign-in sync under way, if any: a save waits for it so it lands where the list lives. */
let syncing: Promise<void> | null = null;

/** Before any change: the sign-in sync is done and this device's list has been read. */
async function settled(): Promise<void> {
  await syncing;
  await startSaved();
}

/** Saves the current colours as a new palette. */
export async function saveAsNew(name: string, colorIds: readonly string[]): Promise<Done | SavedFailure> {
  await settled();
  const repo = repository();
  const result = await call(repo, () => repo.create(name, colorIds));
  if (!result.ok) return failed(repo, result);
  upsert(result.value);
  markSaved(result.value.id, result.value.version, result.value.name);
  // The first palette kept on this device is worth asking the browser not to evict.
  if (repo.kind === 'local') void askPersistentStorage();
  return done(undefined);
}

/** A save onto a loaded palette: saved (as which version), failed, or a conflict for the person to settle. */
export type SaveBackResult =
  | { kind: 'saved'; palette: PaletteSummary }
  | { kind: 'failed'; failure: SavedFailure }
  | { kind: 'conflict'; theirs: PaletteSummary | null };

/**
 * Saves onto the palette the current one was loaded from, as a new version. `baseVersion` is what
 * this tab last saw: if someone saved since, the answer is a conflict for the user to settle.
 */
export async function saveBack(
  id: string,
  baseVersion: number,
  change: { name: string; colorIds: readonly string[] },
): Promise<SaveBackResult> {
  await settled();
  const repo = repository();
  const result = await call(repo, () => repo.update(id, baseVersion, change));
  if (result.ok) {
    upsert(result.value);
    markSaved(result.value.id, result.value.version, result.value.name);
    return { kind: 'saved', palette: result.value };
  }
  if (result.reason === 'conflict' || result.reason === 'not-found') {
    const theirs = result.reason === 'conflict' ? result.theirs : null;
    if (theirs) replaceInList(theirs);
    return { kind: 'conflict', theirs };
  }
  return { kind: 'failed', failure: failed(repo, result) };
}

/** Trimmed, non-empty and different, otherwise nothing happens (`null`: no request, no toast). */
export async function renamePalette(id: string, rawName: string): Promise<Done | SavedFailure | null> {
  const name = rawName.trim();
  const current = savedState.palettes.find((p) => p.id === id);
  if (!current || name === '' || name === current.name) return null;
  const repo = repository();
  const result = await call(repo, () => repo.update(id, current.version, { name }));
  if (result.ok) {
    upsert(result.value);
    return done(undefined);
  }
  return changedElsewhere(result) ?? failed(repo, result);
}

/** A change made on an older copy: the list shows the latest and the person is asked to do it again. */
function changedElsewhere(result: Failure): SavedFailure | null {
  if (result.reason !== 'conflict' || !result.theirs) return null;
  replaceInList(result.theirs);
  return { ok: false, reason: 'changed-elsewhere' };
}

function forget(ids: readonly string[]): void {
  savedState.palettes = savedState.palettes.filter((p) => !ids.includes(p.id));
  if (savedState.loadedFrom && ids.includes(savedState.loadedFrom.id)) savedState.loadedFrom = null;
}

/** What a delete took away, so its Undo can bring it back exactly (the caller's toast offers it). */
export interface Deleted {
  ids: string[];
  /** Where it was deleted: the Undo asks the same place. */
  onServer: boolean;
  /** The palette the editor was loaded from, if it was among them. */
  loadedFrom: { id: string; version: number } | null;
  /** The versions the list had, to tell whether `loadedFrom` was current. */
  versions: Map<string, number>;
}

function remember(ids: readonly string[], repo: PaletteRepository): Deleted {
  const loaded = savedState.loadedFrom;
  return {
    ids: [...ids],
    onServer: onServer(repo),
    loadedFrom: loaded && ids.includes(loaded.id) ? { ...loaded } : null,
    versions: new Map(savedState.palettes.filter((p) => ids.includes(p.id)).map((p) => [p.id, p.version])),
  };
}

/** One delete for one palette or many; the answer carries what its Undo needs. */
export async function deletePalettes(ids: readonly string[]): Promise<Done<Deleted> | SavedFailure> {
  const repo = repository();
  const deleted = remember(ids, repo);
  const result = await call(repo, () => repo.remove(ids));
  if (!result.ok) return failed(repo, result);
  forget(ids);
  return done(deleted);
}

/** Why an Undo could not happen: the failures above, or signed in or out since the delete. */
export type UndoFailure =
  | SavedFailure
  | { ok: false; reason: 'signed-in-since' }
  | { ok: false; reason: 'signed-out-since' };

/**
 * The toast's Undo: the palettes come back with their history (on the server as a PaletteUndeleted
 * event, private; on this device as they were). Answers how many came back.
 */
export async function undoDelete(deleted: Deleted): Promise<Done<number> | UndoFailure> {
  const repo = repository();
  if (onServer(repo) !== deleted.onServer) {
    // Signed in or out since: the list lives elsewhere now and these are not in it.
    return deleted.onServer ? { ok: false, reason: 'signed-out-since' } : { ok: false, reason: 'signed-in-since' };
  }
  const result = await call(repo, () => repo.undelete(deleted.ids));
  if (!result.ok) return failed(repo, result);
  const back = result.value;
  for (const palette of back) replaceInList(palette);
  // The editor's link to its saved palette comes back too, unless it was already out of date.
  const loaded = deleted.loadedFrom;
  const restored = loaded ? back.find((p) => p.id === loaded.id) : undefined;
  if (loaded && restored && savedState.loadedFrom === null) {
    const wasCurrent = deleted.versions.get(loaded.id) === loaded.version;
    savedState.loadedFrom = { id: loaded.id, version: wasCurrent ? restored.version : loaded.version };
  }
  return done(back.length);
}

/** Loads a saved palette (or one of its versions) into the main screen and closes the sidebar. */
export function loadPalette(palette: PaletteSummary, colorIds: readonly string[] = palette.colorIds): void {
  replacePalette(colorIds);
  markSaved(palette.id, palette.version, palette.name);
  closeOverlay('history');
  closeOverlay('saved');
}

/**
 * Public ⇄ private (signed-in users), as the share sheet's switch asks; the sheet shows and copies the
 * link. Answers the palette as it now is (`null`: not in the list, nothing done).
 */
export async function toggleSharing(id: string): Promise<Done<PaletteSummary> | SavedFailure | null> {
  const palette = savedState.palettes.find((p) => p.id === id);
  if (!palette) return null;
  const repo = repository();
  const result = await call(repo, () => repo.setSharing(id, !palette.isPublic, palette.version));
  if (!result.ok) return changedElsewhere(result) ?? failed(repo, result);
  const base = savedState.loadedFrom?.id === id ? savedState.loadedFrom.version : null;
  upsert(result.value);
  // This tab's own change moves its base along; a base that was already stale stays stale.
  if (base !== null && base !== palette.version) savedState.loadedFrom = { id, version: base };
  return done(result.value);
}

/** Every version, newest first; `gone`: this device no longer has the palette. */
export async function loadHistory(
  id: string,
): Promise<Done<PaletteVersion[]> | SavedFailure | { ok: false; reason: 'gone' }> {
  await settled();
  const repo = repository();
  const result = await call(repo, () => repo.history(id));
  if (result.ok) return done([...result.value].reverse());
  if (result.reason === 'not-found' && !onServer(repo)) return { ok: false, reason: 'gone' };
  return failed(repo, result);
}

/** Appends a version that brings `version` back. */
export async function restoreVersion(id: string, version: number): Promise<Done | SavedFailure> {
  const repo = repository();
  const base = savedState.palettes.find((p) => p.id === id)?.version ?? version;
  const result = await call(repo, () => repo.restore(id, version, base));
  if (!result.ok) return changedElsewhere(result) ?? failed(repo, result);
  upsert(result.value);
  // The editor shows what was restored, linked to the palette at its new version.
  replacePalette(result.value.colorIds);
  markSaved(result.value.id, result.value.version, result.value.name);
  return done(undefined);
}

type ImportItem = ImportBody['palettes'][number];
const IMPORT_BATCH = 200;

const toImport = (r: LocalPaletteRecord, withHistory = true): ImportItem => ({
  localId: r.id,
  name: r.name,
  colorIds: [...r.colorIds],
  createdAt: r.createdAt,
  ...(withHistory ? { history: r.events as ImportItem['history'] } : {}),
});

/** The codes of a palette the server cannot take as sent (a bad request: a 400 today). */
const REFUSED: ReadonlySet<string> = new Set<ApiErrorCode>([
  'invalid_request',
  'invalid_json',
  'invalid_name',
  'invalid_colors',
  'unknown_color',
  'unknown_version',
  'invalid_history',
  'bad_request',
]);
const refusedByServer = (error: unknown) => error instanceof api.ApiFailure && REFUSED.has(error.code);

/**
 * Uploads in batches the server accepts; importing is idempotent per local id, so a retry after a
 * failure never makes duplicates. A palette the server refuses is retried without its history, and
 * kept on this device (returned) if even that is refused: one bad record must not block the rest.
 */
async function uploadLocal(local: LocalPaletteRecord[]): Promise<LocalPaletteRecord[]> {
  const refused: LocalPaletteRecord[] = [];
  for (let start = 0; start < local.length; start += IMPORT_BATCH) {
    const batch = local.slice(start, start + IMPORT_BATCH);
    try {
      await api.importPalettes(batch.map((r) => toImport(r)));
      continue;
    } catch (error) {
      if (!refusedByServer(error)) throw error;
    }
    for (const record of batch) {
      try {
        await api.importPalettes([toImport(record)]);
      } catch (error) {
        if (!refusedByServer(error)) throw error;
        try {
          await api.importPalettes([toImport(record, false)]);
        } catch (again) {
          if (!refusedByServer(again)) throw again;
          refused.push(record);
        }
      }
    }
  }
  return refused;
}

/** On sign-in: upload this device's palettes with their history, then use the server's list. */
export function syncOnSignIn(): Promise<void> {
  syncing ??= runSync().finally(() => {
    syncing = null;
  });
  return syncing;
}

async function runSync(): Promise<void> {
  setSyncStatus('syncing');
  const local = localRepository();
  try {
    const read = await local.readAll();
    const records = read.ok ? read.value.records : [];
    if (records.length > 0) {
      const refused = await uploadLocal(records);
      const kept = new Set(refused.map((r) => r.id));
      // Uploaded palettes leave this device (refused and unreadable ones stay).
      const discarded = await local.discard(records.filter((r) => !kept.has(r.id)).map((r) => r.id));
      if (discarded.ok) mirrorCount(refused.length);
      if (refused.length > 0) notify({ type: 'upload-refused', count: refused.length });
    }
    const list = await remoteRepository().list();
    if (!list.ok) throw new Error(list.reason);
    savedState.source = 'remote';
    savedState.palettes = newestFirst(list.value);
    savedState.loaded = true;
    savedState.loadedFrom = null;
    setSyncStatus(list.pending ? 'waiting' : 'synced');
    void settleWaiting();
  } catch {
    // On failure the status becomes error and this device's list stays in use.
    savedState.source = 'local';
    await loadLocalList();
    setSyncStatus('error');
    notify({ type: 'sync-failed' });
  }
}

/** localStorage: who was signed in on this device (id and address), for a start without signal. */
export const SIGNED_IN_USER_KEY = 'signedInUser';

/**
 * A signed-in start without signal (account-actions.ts `resumeOffline`): the list the outbox last had
 * from the server with the waiting changes on top. False when this device kept none.
 */
export async function openSignedInListOffline(): Promise<boolean> {
  const list = await remoteRepository().list();
  if (!list.ok) {
    forgetRemote();
    return false;
  }
  savedState.source = 'remote';
  savedState.palettes = newestFirst(list.value);
  savedState.loaded = true;
  setSyncStatus(list.pending ? 'waiting' : 'idle');
  return true;
}

/** After sign-out the list is this device's again (empty once it was uploaded). */
export function switchToLocalList(): void {
  try {
    // The next start without signal must not resume a session that has ended.
    localStorage.removeItem(SIGNED_IN_USER_KEY);
  } catch {}
  // This account's outbox stops; its waiting writes stay in its own database for its next sign-in.
  forgetRemote();
  savedState.source = 'local';
  savedState.loadedFrom = null;
  savedState.palettes = [];
  setSyncStatus('idle');
  void loadLocalList();
}
