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
 * to the server at sign-in. Pure functions here; saved-actions.ts does the reading and writing.
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
  const target = versions(record.events)[version - 1]?.state ?? null;
  return apply(record, record.id, { type: 'RestorePalette', actorId: null, version, target }, at, colorExists);
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

function parseEvent(raw: unknown): PaletteEvent | null {
  if (!raw || typeof raw !== 'object') return null;
  const e = raw as { type?: unknown; at?: unknown; data?: unknown; schemaVersion?: unknown };
  if (!LOCAL_EVENT_TYPES.includes(e.type as PaletteEvent['type'])) return null;
  if (e.schemaVersion !== PALETTE_EVENT_SCHEMA_VERSION) return null;
  if (!isString(e.at) || Number.isNaN(Date.parse(e.at)) || !e.data || typeof e.data !== 'object') return null;
  const d = e.data as Record<string, unknown>;
  const ids = (v: unknown) => Array.isArray(v) && v.every(isString);
  const ok =
    (e.type === 'PaletteCreated' && isString(d.paletteId) && isString(d.name) && ids(d.colorIds)) ||
    (e.type === 'PaletteRenamed' && isString(d.name)) ||
    (e.type === 'PaletteColorsChanged' && ids(d.colorIds)) ||
    (e.type === 'PaletteRestored' && typeof d.restoredVersion === 'number' && isString(d.name) && ids(d.colorIds));
  return ok ? (raw as PaletteEvent) : null;
}

/**
 * Reads whatever browser storage holds: records with their events, or the spec's plain
 * `{id, name, colors|colorIds, timestamp}` (which gets a history of one version). Damaged entries
 * are dropped, never thrown on.
 */
export function parseLocalRecords(raw: unknown): LocalPaletteRecord[] {
  if (!Array.isArray(raw)) return [];
  const out: LocalPaletteRecord[] = [];
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const r = item as Record<string, unknown>;
    if (!isString(r.id) || r.id === '') continue;
    const events = Array.isArray(r.events) ? r.events.map(parseEvent) : [];
    if (events.length > 0 && events.every((e) => e !== null)) {
      const record = project(r.id, events as PaletteEvent[]);
      if (record) out.push(record);
      continue;
    }
    const colorIds = Array.isArray(r.colorIds)
      ? r.colorIds.filter(isString)
      : Array.isArray(r.colors)
        ? r.colors.map((c) => (c && typeof c === 'object' ? (c as { id?: unknown }).id : null)).filter(isString)
        : [];
    if (!isString(r.name) || colorIds.length === 0) continue;
    const at = new Date(typeof r.timestamp === 'number' ? r.timestamp : Date.now()).toISOString();
    const created: PaletteEvent = {
      type: 'PaletteCreated',
      schemaVersion: PALETTE_EVENT_SCHEMA_VERSION,
      at,
      data: { paletteId: r.id, ownerId: null, name: r.name, colorIds },
    };
    const record = project(r.id, [created]);
    if (record) out.push(record);
  }
  return out;
}
