import { resolveEventColorIds } from '../../shared/catalogue/id-aliases';
import { decide, type PaletteCommand } from '../../shared/palette/palette-decider';
import {
  LOCAL_EVENT_TYPES,
  PALETTE_EVENT_SCHEMA_VERSION,
  type PaletteEvent,
} from '../../shared/palette/palette-events';
import { fold, versions } from '../../shared/palette/palette-evolve';

/**
 * Anonymous palettes in browser storage (`savedPalettes`): the spec's fields (id, name, colours,
 * timestamp) beside the palette's own events, so history works without an account and travels
 * to the server at sign-in. Pure functions here; local-repository.ts does the reading and writing.
 */
export interface LocalPaletteRecord {
  id: string;
  name: string;
  colorIds: string[];
  /** Spec: local palettes have no user_id. */
  user_id?: undefined;
  /** Last change, ms since the epoch (the spec's `timestamp`). */
  timestamp: number;
  createdAt: string;
  updatedAt: string;
  version: number;
  events: PaletteEvent[];
  /** Set while deleted: the record and its history are kept so Undo brings both back. */
  deletedAt?: string;
}

/** One version of a palette as the history view shows it, local or remote alike. */
export interface HistoryEntry {
  version: number;
  type: PaletteEvent['type'];
  at: string;
  name: string;
  colorIds: string[];
  isPublic: boolean;
  /** For a restore: which version it brought back. */
  restoredVersion?: number;
}

/** Time based, as the spec says, with a random tail so two tabs saving in one millisecond differ. */
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

export function localHistory(record: LocalPaletteRecord): HistoryEntry[] {
  return versions(record.events).map(({ event, state }) => ({
    version: state.version,
    type: event.type,
    at: event.at,
    name: state.name,
    colorIds: state.colorIds,
    isPublic: state.isPublic,
    ...(event.type === 'PaletteRestored' ? { restoredVersion: event.data.restoredVersion } : {}),
  }));
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

/**
 * The one parser of a stored local palette, wherever it is read from (IndexedDB, or the old
 * localStorage list being migrated): a record with its events, or the spec's plain
 * `{id, name, colors|colorIds, timestamp}` (which gets a history of one version). Null when it
 * cannot be read (bad shape, or events that do not fold); never throws.
 */
export function parseLocalRecord(item: unknown): LocalPaletteRecord | null {
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
  const colorIds = Array.isArray(r.colorIds)
    ? r.colorIds.filter(isString)
    : Array.isArray(r.colors)
      ? r.colors.map((c) => (c && typeof c === 'object' ? (c as { id?: unknown }).id : null)).filter(isString)
      : [];
  if (!isString(r.name) || colorIds.length === 0) return null;
  const at = new Date(typeof r.timestamp === 'number' ? r.timestamp : Date.now()).toISOString();
  const created: PaletteEvent = {
    type: 'PaletteCreated',
    schemaVersion: PALETTE_EVENT_SCHEMA_VERSION,
    at,
    data: { paletteId: r.id, ownerId: null, name: r.name, colorIds },
  };
  const record = project(r.id, [created]);
  return record ? { ...record, ...deletedAt } : null;
}

/** A whole stored list (the old localStorage value): the readable records, damaged ones dropped. */
export function parseLocalRecords(raw: unknown): LocalPaletteRecord[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(parseLocalRecord).filter((r): r is LocalPaletteRecord => r !== null);
}

/**
 * The record with every colour id, in its events too, as the catalogue calls that colour now: a
 * renamed paint (id-aliases.ts) keeps loading, and versions saved after the rename compare equal
 * to older ones. `currentId` answers undefined for unknown ids, which are left for the decider.
 */
export function withCurrentColorIds(
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
