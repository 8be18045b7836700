import { resolveEventColorIds } from '../../shared/catalogue/id-aliases';
import { decide, type PaletteCommand } from '../../shared/palette/palette-decider';
import {
  LOCAL_EVENT_TYPES,
  PALETTE_EVENT_SCHEMA_VERSION,
  type PaletteEvent,
} from '../../shared/palette/palette-events';
import { UNTITLED_PALETTE } from '../../shared/export/export-palette';
import {
  fold,
  historyRows,
  type PaletteVersion,
  type SavedPalette,
  versions,
} from '../../shared/palette/palette-evolve';

/**
 * Anonymous palettes in browser storage (`savedPalettes`): the plain fields (id, name, colours,
 * timestamp) beside the palette's own events, so history works without an account and travels
 * to the server at sign-in. Pure functions here; local-repository.ts does the reading and writing.
 */
export type LocalPaletteRecord = Pick<
  SavedPalette,
  'id' | 'name' | 'colorIds' | 'createdAt' | 'updatedAt' | 'version'
> & {
  /** Local palettes belong to no account: they never carry a user_id. */
  user_id?: undefined;
  /** Last change, ms since the epoch (the stored `timestamp`). */
  timestamp: number;
  events: PaletteEvent[];
  /** Set while deleted: the record and its history are kept so Undo brings both back. */
  deletedAt?: string;
};

/** Time based, as stored ids always were, with a random tail so two tabs saving in one millisecond differ. */
export function newLocalId(nowMs: number, random: () => number): string {
  return `${nowMs.toString(36)}${Math.floor(random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0')}`;
}

function project(id: string, events: PaletteEvent[]): LocalPaletteRecord | null {
  const state = fold(events);
  if (!state || state.deleted) return null;
  return {
    id,
    name: state.name,
    colorIds: state.colorIds,
    timestamp: Date.parse(state.updatedAt),
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    version: state.version,
    events,
  };
}

/**
 * The events up to the one that made `version`. Counted by folding, not by position: in a damaged
 * history, events before the creation make no version (as the history view shows it).
 */
function eventsUpTo(events: readonly PaletteEvent[], version: number): readonly PaletteEvent[] {
  const made = versions(events).find(({ state }) => state.version === version);
  return made ? events.slice(0, events.indexOf(made.event) + 1) : [];
}

/** Whether a colour id is in the catalogue (the decider refuses unknown ones, as the server does). */
export type ColorExists = (id: string) => boolean;

function apply(
  record: LocalPaletteRecord | null,
  id: string,
  command: PaletteCommand,
  at: string,
  colorExists: ColorExists,
) {
  const state = record ? fold(record.events) : null;
  const events = decide(command, state, {
    now: at,
    colorExists,
    history: (upToVersion) => eventsUpTo(record?.events ?? [], upToVersion),
    ids: {
      shareId: () => {
        throw new Error('Local palettes are never public');
      },
    },
  });
  if (events.length === 0 && record) return record;
  return project(id, [...(record?.events ?? []), ...events]) as LocalPaletteRecord;
}

/** Throws a PaletteError when the name or colours break the rules (as the server would). */
export function createLocal(
  id: string,
  name: string,
  colorIds: readonly string[],
  at: string,
  colorExists: ColorExists,
): LocalPaletteRecord {
  return apply(null, id, { type: 'CreatePalette', actorId: null, paletteId: id, name, colorIds }, at, colorExists);
}

/** Saving onto a palette: a rename and/or a colour change, nothing when neither changed. */
export function saveLocalVersion(
  record: LocalPaletteRecord,
  change: { name?: string; colorIds?: readonly string[] },
  at: string,
  colorExists: ColorExists,
): LocalPaletteRecord {
  let next = record;
  if (change.name !== undefined) {
    next = apply(next, record.id, { type: 'RenamePalette', actorId: null, name: change.name }, at, colorExists);
  }
  if (change.colorIds !== undefined) {
    const command: PaletteCommand = { type: 'ChangePaletteColors', actorId: null, colorIds: change.colorIds };
    next = apply(next, record.id, command, at, colorExists);
  }
  return next;
}

/** Restore appends an event that brings an earlier version back; history is never rewritten. */
export function restoreLocal(record: LocalPaletteRecord, version: number, at: string, colorExists: ColorExists) {
  return apply(record, record.id, { type: 'RestorePalette', actorId: null, version }, at, colorExists);
}

export function localHistory(record: LocalPaletteRecord): PaletteVersion[] {
  return historyRows(record.events);
}

const isString = (v: unknown): v is string => typeof v === 'string';

const isIds = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

/** Shape checks only: the decider and the server judge the content (a bad time shows as such). */
function isLocalEvent(raw: unknown): raw is PaletteEvent {
  if (!raw || typeof raw !== 'object') return false;
  const e = raw as { type?: unknown; at?: unknown; data?: unknown; schemaVersion?: unknown };
  if (!LOCAL_EVENT_TYPES.includes(e.type as PaletteEvent['type'])) return false;
  if (e.schemaVersion !== PALETTE_EVENT_SCHEMA_VERSION || !isString(e.at) || !e.data || typeof e.data !== 'object') {
    return false;
  }
  const d = e.data as Record<string, unknown>;
  switch (e.type) {
    case 'PaletteCreated':
      return isString(d.paletteId) && isString(d.name) && isIds(d.colorIds);
    case 'PaletteRenamed':
      return isString(d.name);
    case 'PaletteColorsChanged':
      return isIds(d.colorIds);
    default:
      return typeof d.restoredVersion === 'number' && isString(d.name) && isIds(d.colorIds);
  }
}

/**
 * The stored projection is used as it is when it is consistent with its events' count: folding
 * every history at every read costs a phone a frame or more with a long list (tests/bench/saved).
 */
function storedRecord(r: Record<string, unknown>, events: PaletteEvent[]): LocalPaletteRecord | null {
  if (r.version !== events.length || !isString(r.name) || !isIds(r.colorIds)) return null;
  if (!isString(r.createdAt) || !isString(r.updatedAt) || typeof r.timestamp !== 'number') return null;
  return {
    id: r.id as string,
    name: r.name,
    colorIds: r.colorIds,
    timestamp: r.timestamp,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    version: r.version,
    events,
  };
}

/** The Date range: a stored time outside it would throw in `toISOString`. */
const MAX_TIME_MS = 8.64e15;

function isoTime(value: unknown): string | null {
  const ms = typeof value === 'number' ? value : isString(value) ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_TIME_MS ? new Date(ms).toISOString() : null;
}

/** A plain record's colours: `colorIds`, or the older `colors` as catalogue colours or bare ids. */
function plainColorIds(r: Record<string, unknown>): string[] {
  if (Array.isArray(r.colorIds)) return r.colorIds.filter(isString);
  if (!Array.isArray(r.colors)) return [];
  return r.colors.map((c) => (c && typeof c === 'object' ? (c as { id?: unknown }).id : c)).filter(isString);
}

/** What reading a stored record needs from its surroundings. */
export interface ReadOptions {
  /** The time a plain record with none of its own gets (the migration then stores it). */
  nowMs?: () => number;
  /** Today's id of a renamed paint (undefined while the catalogue loads, or for unknown ids). */
  currentId?: (id: string) => string | undefined;
}

/**
 * The one parser of a stored local palette, wherever it is read from (IndexedDB, or the old
 * localStorage list being migrated): a record with its events, or the older plain
 * `{id, name, colors|colorIds, timestamp}`, which gets a history of one version dated by its
 * `timestamp` (else its own `updatedAt`/`createdAt`, else `nowMs`) and named 'Untitled Palette'
 * when it has no name. Colour ids come out as the catalogue calls them now (`currentId`). Null
 * when it cannot be read (bad shape, or events that do not fold); never throws.
 */
export function parseLocalRecord(item: unknown, read: ReadOptions = {}): LocalPaletteRecord | null {
  const record = parseShape(item, read.nowMs ?? Date.now);
  return record && read.currentId ? withCurrentColorIds(record, read.currentId) : record;
}

function parseShape(item: unknown, nowMs: () => number): LocalPaletteRecord | null {
  if (!item || typeof item !== 'object') return null;
  const r = item as Record<string, unknown>;
  if (!isString(r.id) || r.id === '') return null;
  const deletedAt = isString(r.deletedAt) ? { deletedAt: r.deletedAt } : {};
  const events: unknown[] = Array.isArray(r.events) ? r.events : [];
  if (events.length > 0) {
    if (!events.every(isLocalEvent)) return null;
    const record = storedRecord(r, events) ?? project(r.id, events);
    return record ? { ...record, ...deletedAt } : null;
  }
  const colorIds = plainColorIds(r);
  if (colorIds.length === 0) return null;
  const name = isString(r.name) && r.name.trim() !== '' ? r.name : UNTITLED_PALETTE;
  const at = isoTime(r.timestamp) ?? isoTime(r.updatedAt) ?? isoTime(r.createdAt) ?? new Date(nowMs()).toISOString();
  const created: PaletteEvent = {
    type: 'PaletteCreated',
    schemaVersion: PALETTE_EVENT_SCHEMA_VERSION,
    at,
    data: { paletteId: r.id, ownerId: null, name, colorIds },
  };
  const record = project(r.id, [created]);
  return record ? { ...record, ...deletedAt } : null;
}

/** What a value stored under `key` is: the palette of that id (live, or deleted and kept for Undo), or unreadable. */
export type StoredLocalRecord =
  | { state: 'live'; record: LocalPaletteRecord }
  | { state: 'deleted'; record: LocalPaletteRecord & { deletedAt: string } }
  | { state: 'unreadable' };

/**
 * Every read of a stored record goes through here (list, one palette, the clean-ups, the
 * migration), so they agree: a record that does not parse, or whose id is not its key, is
 * unreadable everywhere, and so never shown, changed or deleted.
 */
export function readStoredRecord(key: unknown, raw: unknown, read?: ReadOptions): StoredLocalRecord {
  const record = parseLocalRecord(raw, read);
  if (!record || record.id !== key) return { state: 'unreadable' };
  const { deletedAt } = record;
  return deletedAt === undefined ? { state: 'live', record } : { state: 'deleted', record: { ...record, deletedAt } };
}

/** A whole stored list (the old localStorage value): the readable records, damaged ones dropped. */
export function parseLocalRecords(raw: unknown): LocalPaletteRecord[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((item) => parseLocalRecord(item)).filter((r): r is LocalPaletteRecord => r !== null);
}

/**
 * The record with every colour id, in its events too, as the catalogue calls that colour now: a
 * renamed paint (id-aliases.ts) keeps loading, and versions saved after the rename compare equal
 * to older ones. `currentId` answers undefined for unknown ids, which are left for the decider.
 */
function withCurrentColorIds(
  record: LocalPaletteRecord,
  currentId: (id: string) => string | undefined,
): LocalPaletteRecord {
  const resolve = (id: string) => currentId(id) ?? id;
  const stale = (ids: readonly string[]) => ids.some((id) => resolve(id) !== id);
  const staleEvents = record.events.some((e) => {
    const ids = (e.data as { colorIds?: string[] }).colorIds;
    return ids !== undefined && stale(ids);
  });
  if (!stale(record.colorIds) && !staleEvents) return record;
  return {
    ...record,
    colorIds: record.colorIds.map(resolve),
    events: record.events.map((e) => resolveEventColorIds(e, resolve)),
  };
}
