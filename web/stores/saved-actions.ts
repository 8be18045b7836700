import type { ImportBody } from '../../shared/api/palettes';
import * as api from '../lib/api-client';
import {
  createLocal,
  type HistoryEntry,
  type LocalPaletteRecord,
  localHistory,
  newLocalId,
  parseLocalRecords,
  restoreLocal,
  saveLocalVersion,
  withCurrentColorIds,
} from '../lib/local-palettes';
import { copyText } from '../lib/clipboard';
import { cryptoRandom } from '../lib/random';
import { authState } from './auth-store';
import { getCatalogue } from './catalogue-store';
import { replacePalette } from './palette-store';
import { LOCAL_KEY, type SavedPalette, savedState } from './saved-store';
import { setSyncStatus } from './sync-store';
import { showToast } from './toast-store';
import { closeOverlay } from './ui-store';

/**
 * What the save modal, sidebar and history view do. Loaded with them (not in the first paint). Where
 * the list lives follows `savedState.source`: the server once a signed-in user's list loaded, else
 * this device.
 */
const isRemote = () => savedState.source === 'remote';
const nowIso = () => new Date().toISOString();
/** The local decider checks colours against the catalogue, as the server does. */
const colorExists = (id: string) => getCatalogue()?.byId.has(id) ?? false;

export function fromApi(p: api.ApiPalette): SavedPalette {
  return {
    id: p.id,
    name: p.name,
    colorIds: p.colors.map((c) => c.id),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    isPublic: p.isPublic,
    shareId: p.shareId,
    version: p.version,
  };
}

function toSummary(r: LocalPaletteRecord): SavedPalette {
  return { ...r, isPublic: false, shareId: null };
}

export function readLocal(): LocalPaletteRecord[] {
  let records: LocalPaletteRecord[];
  try {
    records = parseLocalRecords(JSON.parse(localStorage.getItem(LOCAL_KEY) ?? '[]'));
  } catch {
    return [];
  }
  // Ids of renamed paints are read as today's ids (the next write stores them so).
  const catalogue = getCatalogue();
  return catalogue ? records.map((r) => withCurrentColorIds(r, catalogue.currentId)) : records;
}

/** Throws when storage is full or blocked, so the caller says 'Failed to save palette' and keeps what it had. */
function writeLocal(records: LocalPaletteRecord[]): void {
  localStorage.setItem(LOCAL_KEY, JSON.stringify(records));
  if (!isRemote()) savedState.palettes = newestFirst(records.map(toSummary));
}

const newestFirst = (list: SavedPalette[]) => [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

/** Every backend failure: status error and the spec's toast; an ended session also signs this tab out. */
function backendFailed(message: string, error?: unknown): void {
  setSyncStatus('error');
  if (error instanceof api.ApiFailure && error.status === 401) {
    authState.user = null;
    switchToLocalList();
    setSyncStatus('error');
    showToast('Your session has ended. Please sign in again.', 'error');
    return;
  }
  showToast(message, 'error');
}

/** Runs a server call with the sync status around it; false when it failed (the toast is shown). */
async function remote<T>(call: () => Promise<T>, failure: string): Promise<T | undefined> {
  setSyncStatus('syncing');
  try {
    const result = await call();
    setSyncStatus('synced');
    return result;
  } catch (error) {
    backendFailed(failure, error);
    return undefined;
  }
}

function upsert(palette: SavedPalette): void {
  const others = savedState.palettes.filter((p) => p.id !== palette.id);
  savedState.palettes = newestFirst([palette, ...others]);
  if (savedState.loadedFrom?.id === palette.id) savedState.loadedFrom = { id: palette.id, version: palette.version };
}

/** The sign-in sync under way, if any: a save waits for it so it lands where the list lives. */
let syncing: Promise<void> | null = null;

/** Saves the current colours as a new palette. */
export async function saveAsNew(name: string, colorIds: readonly string[]): Promise<boolean> {
  await syncing;
  if (isRemote()) {
    const created = await remote(() => api.createPalette(name, colorIds), 'Failed to save palette');
    if (!created) return false;
    upsert(fromApi(created));
    savedState.loadedFrom = { id: created.id, version: created.version };
  } else {
    try {
      const record = createLocal(newLocalId(Date.now(), cryptoRandom), name, colorIds, nowIso(), colorExists);
      writeLocal([record, ...readLocal()]);
      savedState.loadedFrom = { id: record.id, version: record.version };
    } catch {
      showToast('Failed to save palette', 'error');
      return false;
    }
  }
  showToast('Palette saved!');
  return true;
}

export type SaveBackResult = { kind: 'saved' } | { kind: 'failed' } | { kind: 'conflict'; theirs: SavedPalette | null };

/**
 * Saves onto the palette the current one was loaded from, as a new version. `baseVersion` is what
 * this tab last saw: if someone saved since, the answer is a conflict for the user to settle.
 */
export async function saveBack(
  id: string,
  baseVersion: number,
  change: { name: string; colorIds: readonly string[] },
): Promise<SaveBackResult> {
  await syncing;
  if (isRemote()) {
    setSyncStatus('syncing');
    try {
      const saved = await api.updatePalette(id, baseVersion, change);
      setSyncStatus('synced');
      upsert(fromApi(saved));
      showToast('Palette saved!');
      return { kind: 'saved' };
    } catch (error) {
      if (error instanceof api.ApiFailure && (error.status === 409 || error.status === 412)) {
        setSyncStatus('synced');
        return { kind: 'conflict', theirs: await fetchRemote(id) };
      }
      if (error instanceof api.ApiFailure && error.status === 404) {
        setSyncStatus('synced');
        return { kind: 'conflict', theirs: null };
      }
      backendFailed('Failed to save palette', error);
      return { kind: 'failed' };
    }
  }
  try {
    const records = readLocal();
    const record = records.find((r) => r.id === id);
    if (!record) return { kind: 'conflict', theirs: null };
    if (record.version !== baseVersion) {
      writeLocal(records);
      return { kind: 'conflict', theirs: toSummary(record) };
    }
    const next = saveLocalVersion(record, change, nowIso(), colorExists);
    writeLocal(records.map((r) => (r.id === id ? next : r)));
    savedState.loadedFrom = { id, version: next.version };
  } catch {
    showToast('Failed to save palette', 'error');
    return { kind: 'failed' };
  }
  showToast('Palette saved!');
  return { kind: 'saved' };
}

/** The server's current copy of one palette (after a conflict), refreshing the list on the way. */
async function fetchRemote(id: string): Promise<SavedPalette | null> {
  try {
    const { palettes } = await api.listPalettes();
    savedState.palettes = newestFirst(palettes.map(fromApi));
    return savedState.palettes.find((p) => p.id === id) ?? null;
  } catch {
    return null;
  }
}

/** Spec §5: trimmed, non-empty and different, otherwise nothing happens. */
export async function renamePalette(id: string, rawName: string): Promise<void> {
  const name = rawName.trim();
  const current = savedState.palettes.find((p) => p.id === id);
  if (!current || name === '' || name === current.name) return;
  if (isRemote()) {
    setSyncStatus('syncing');
    try {
      upsert(fromApi(await api.updatePalette(id, current.version, { name })));
      setSyncStatus('synced');
      showToast('Palette renamed!');
    } catch (error) {
      if (error instanceof api.ApiFailure && error.status === 409) {
        setSyncStatus('synced');
        await fetchRemote(id);
        showToast('This palette was changed elsewhere; the list now shows the latest. Rename it again.', 'error');
        return;
      }
      backendFailed('Failed to rename palette', error);
    }
    return;
  }
  try {
    const records = readLocal();
    writeLocal(records.map((r) => (r.id === id ? saveLocalVersion(r, { name }, nowIso(), colorExists) : r)));
    const renamed = savedState.palettes.find((p) => p.id === id);
    if (renamed && savedState.loadedFrom?.id === id) savedState.loadedFrom = { id, version: renamed.version };
    showToast('Palette renamed!');
  } catch {
    showToast('Failed to rename palette', 'error');
  }
}

function forget(ids: readonly string[]): void {
  savedState.palettes = savedState.palettes.filter((p) => !ids.includes(p.id));
  if (savedState.loadedFrom && ids.includes(savedState.loadedFrom.id)) savedState.loadedFrom = null;
}

/** What a delete took away, so its Undo can bring it back exactly. */
interface Deleted {
  ids: string[];
  /** This device's records as they were (a local palette's undo puts its record and history back). */
  local: LocalPaletteRecord[];
  /** The palette the editor was loaded from, if it was among them. */
  loadedFrom: { id: string; version: number } | null;
  /** The versions the list had, to tell whether `loadedFrom` was current. */
  versions: Map<string, number>;
}

function remember(ids: readonly string[], local: LocalPaletteRecord[] = []): Deleted {
  const loaded = savedState.loadedFrom;
  return {
    ids: [...ids],
    local,
    loadedFrom: loaded && ids.includes(loaded.id) ? { ...loaded } : null,
    versions: new Map(savedState.palettes.filter((p) => ids.includes(p.id)).map((p) => [p.id, p.version])),
  };
}

const undoAction = (deleted: Deleted) => ({ label: 'Undo', run: () => void undoDelete(deleted) });

/** One delete for one palette or many: the spec's texts differ, the steps and the Undo do not. */
async function removePalettes(
  ids: readonly string[],
  texts: { failed: string; done: string },
  call: () => Promise<unknown>,
): Promise<boolean> {
  let deleted: Deleted;
  if (isRemote()) {
    deleted = remember(ids);
    const done = await remote(() => call().then(() => true), texts.failed);
    if (!done) return false;
    forget(ids);
  } else {
    try {
      const records = readLocal();
      deleted = remember(
        ids,
        records.filter((r) => ids.includes(r.id)),
      );
      writeLocal(records.filter((r) => !ids.includes(r.id)));
      forget(ids);
    } catch {
      showToast(texts.failed, 'error');
      return false;
    }
  }
  showToast(texts.done, 'info', undoAction(deleted));
  return true;
}

export async function deletePalette(id: string): Promise<void> {
  await removePalettes([id], { failed: 'Failed to delete palette', done: 'Palette deleted' }, () =>
    api.deletePalette(id),
  );
}

export async function deletePalettes(ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return false;
  return removePalettes(ids, { failed: 'Failed to delete palettes', done: `Deleted ${ids.length} palette(s)` }, () =>
    api.deletePalettes(ids),
  );
}

/**
 * The toast's Undo. On the server the log gets a PaletteUndeleted event (the palette comes back with
 * its history, private); on this device the records go back as they were, events and all.
 */
async function undoDelete(deleted: Deleted): Promise<void> {
  let back: SavedPalette[];
  if (deleted.local.length > 0) {
    if (isRemote()) {
      // Signed in since: the list lives on the server now and these never reached it.
      showToast('Could not undo: you signed in since', 'error');
      return;
    }
    try {
      const records = readLocal();
      const missing = deleted.local.filter((r) => !records.some((x) => x.id === r.id));
      writeLocal([...missing, ...records]);
      back = missing.map(toSummary);
    } catch {
      showToast('Could not undo the delete', 'error');
      return;
    }
  } else {
    if (!isRemote()) {
      showToast('Could not undo: you signed out since', 'error');
      return;
    }
    const result = await remote(() => api.undeletePalettes(deleted.ids), 'Could not undo the delete');
    if (!result) return;
    back = result.palettes.map(fromApi);
    for (const palette of back) upsert(palette);
  }
  // The editor's link to its saved palette comes back too, unless it was already out of date.
  const loaded = deleted.loadedFrom;
  const restored = loaded ? back.find((p) => p.id === loaded.id) : undefined;
  if (loaded && restored && savedState.loadedFrom === null) {
    const wasCurrent = deleted.versions.get(loaded.id) === loaded.version;
    savedState.loadedFrom = { id: loaded.id, version: wasCurrent ? restored.version : loaded.version };
  }
  if (back.length === 0) showToast('Nothing to restore: it is back already', 'error');
  else showToast(back.length === 1 ? 'Palette restored' : `Restored ${back.length} palettes`);
}

/** Loads a saved palette (or one of its versions) into the main screen and closes the sidebar. */
export function loadPalette(palette: SavedPalette, colorIds: readonly string[] = palette.colorIds): void {
  replacePalette(colorIds);
  savedState.loadedFrom = { id: palette.id, version: palette.version };
  closeOverlay('history');
  closeOverlay('saved');
  showToast(`Loaded ${palette.name}`);
}

/** Public ⇄ private (signed-in users); making it public copies the link. */
export async function toggleSharing(id: string): Promise<void> {
  const palette = savedState.palettes.find((p) => p.id === id);
  if (!palette || !isRemote()) return;
  const makePublic = !palette.isPublic;
  const result = await remote(() => api.setSharing(id, makePublic), 'Failed to update sharing settings');
  if (!result) return;
  const base = savedState.loadedFrom?.id === id ? savedState.loadedFrom.version : null;
  upsert({ ...palette, isPublic: result.isPublic, shareId: result.shareId, version: result.version });
  // This tab's own change moves its base along; a base that was already stale stays stale.
  if (base !== null && base !== palette.version) savedState.loadedFrom = { id, version: base };
  if (!result.isPublic || !result.shareId) {
    showToast('Palette is now private');
    return;
  }
  const link = `${location.origin}/share/${result.shareId}`;
  if (await copyText(link)) showToast('Share link copied to clipboard!');
  else showToast(`Palette is public: ${link}`);
}

/** Every version, newest first. */
export async function loadHistory(id: string): Promise<HistoryEntry[] | null> {
  if (isRemote()) {
    const result = await remote(() => api.getHistory(id), 'Failed to load the history');
    if (!result) return null;
    return result.versions.map(({ colors, ...entry }) => ({ ...entry, colorIds: colors.map((c) => c.id) })).reverse();
  }
  const record = readLocal().find((r) => r.id === id);
  if (!record) {
    showToast('This palette no longer exists on this device', 'error');
    return null;
  }
  return localHistory(record).reverse();
}

/** Appends a version that brings `version` back. */
export async function restoreVersion(id: string, version: number): Promise<boolean> {
  if (isRemote()) {
    const restored = await remote(() => api.restoreVersion(id, version), 'Failed to restore this version');
    if (!restored) return false;
    upsert(fromApi(restored));
  } else {
    try {
      const records = readLocal();
      const record = records.find((r) => r.id === id);
      if (!record) throw new Error('gone');
      const next = restoreLocal(record, version, nowIso(), colorExists);
      writeLocal(records.map((r) => (r.id === id ? next : r)));
      if (savedState.loadedFrom?.id === id) savedState.loadedFrom = { id, version: next.version };
    } catch {
      showToast('Failed to restore this version', 'error');
      return false;
    }
  }
  showToast(`Restored version ${version}`);
  return true;
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

const refusedByServer = (error: unknown) => error instanceof api.ApiFailure && error.status === 400;

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

/** Spec §4, on sign-in: upload this device's palettes with their history, then use the server's list. */
export function syncOnSignIn(): Promise<void> {
  syncing ??= runSync().finally(() => {
    syncing = null;
  });
  return syncing;
}

async function runSync(): Promise<void> {
  setSyncStatus('syncing');
  const local = readLocal();
  try {
    if (local.length > 0) {
      const refused = await uploadLocal(local);
      if (refused.length === 0) localStorage.removeItem(LOCAL_KEY);
      else {
        localStorage.setItem(LOCAL_KEY, JSON.stringify(refused));
        showToast(`${refused.length} palette(s) could not be uploaded and stay on this device`, 'error');
      }
    }
    const { palettes } = await api.listPalettes();
    savedState.source = 'remote';
    savedState.palettes = newestFirst(palettes.map(fromApi));
    savedState.loadedFrom = null;
    setSyncStatus('synced');
  } catch {
    // The spec: on failure the status becomes error and this device's list stays in use.
    savedState.source = 'local';
    savedState.palettes = newestFirst(readLocal().map(toSummary));
    backendFailed('Could not load your saved palettes');
  }
}

/** After sign-out the list is this device's again (empty once it was uploaded). */
export function switchToLocalList(): void {
  savedState.source = 'local';
  savedState.loadedFrom = null;
  savedState.palettes = newestFirst(readLocal().map(toSummary));
  setSyncStatus('idle');
}
