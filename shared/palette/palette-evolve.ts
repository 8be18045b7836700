import type { PaletteEvent } from './palette-events';

/**
 * A saved palette as its events leave it: the one shape of a palette. The server's row, the API's
 * answer (`ApiPalette`) and the web's list entry (`PaletteSummary`) are this, less or plus a field.
 * `version` counts the events applied.
 */
export interface SavedPalette {
  id: string;
  ownerId: string | null;
  name: string;
  colorIds: string[];
  createdAt: string;
  updatedAt: string;
  isPublic: boolean;
  shareId: string | null;
  version: number;
  deleted: boolean;
}

function unreachable(event: never): never {
  throw new Error(`Unknown palette event ${JSON.stringify(event)}`);
}

/**
 * Pure fold of one event onto the state (null before the stream exists). Events that cannot apply
 * (anything before creation) leave a null state, so a damaged local history never throws here.
 */
export function evolve(state: SavedPalette | null, event: PaletteEvent): SavedPalette | null {
  if (event.type === 'PaletteCreated') {
    if (state) return { ...state, version: state.version + 1 };
    const { paletteId, ownerId, name, colorIds } = event.data;
    return {
      id: paletteId,
      ownerId,
      name,
      colorIds: [...colorIds],
      createdAt: event.at,
      updatedAt: event.at,
      isPublic: false,
      shareId: null,
      version: 1,
      deleted: false,
    };
  }
  if (!state) return null;
  // One copy per event (a replay folds millions): every case spreads the state once.
  const version = state.version + 1;
  const updatedAt = event.at;
  switch (event.type) {
    case 'PaletteRenamed':
      return { ...state, version, updatedAt, name: event.data.name };
    case 'PaletteColorsChanged':
      return { ...state, version, updatedAt, colorIds: [...event.data.colorIds] };
    case 'PalettePublished':
      return { ...state, version, updatedAt, isPublic: true, shareId: event.data.shareId };
    case 'PaletteUnpublished':
      return { ...state, version, updatedAt, isPublic: false, shareId: null };
    case 'PaletteRestored':
      return { ...state, version, updatedAt, name: event.data.name, colorIds: [...event.data.colorIds] };
    case 'PaletteDeleted':
      return { ...state, version, updatedAt, deleted: true, isPublic: false, shareId: null };
    case 'PaletteUndeleted':
      return { ...state, version, updatedAt, deleted: false };
    default:
      return unreachable(event);
  }
}

export function fold(events: readonly PaletteEvent[], initial: SavedPalette | null = null): SavedPalette | null {
  let state = initial;
  for (const event of events) state = evolve(state, event);
  return state;
}

/**
 * One row of a palette's history: the palette after one event, as the history view lists it, from
 * this device or from the server (the API sends `colors` expanded instead of `colorIds`).
 */
export interface PaletteVersion {
  version: number;
  type: PaletteEvent['type'];
  at: string;
  name: string;
  colorIds: string[];
  isPublic: boolean;
  /** For a restore: which version it brought back. */
  restoredVersion?: number;
}

/** Every version of a palette: the state after each event, oldest first (the history view). */
export function versions(events: readonly PaletteEvent[]): Array<{ event: PaletteEvent; state: SavedPalette }> {
  const out: Array<{ event: PaletteEvent; state: SavedPalette }> = [];
  let state: SavedPalette | null = null;
  for (const event of events) {
    state = evolve(state, event);
    if (state) out.push({ event, state });
  }
  return out;
}

/** One history row: the palette after `event`. */
export function versionRow(event: PaletteEvent, state: SavedPalette): PaletteVersion {
  return {
    version: state.version,
    type: event.type,
    at: event.at,
    name: state.name,
    colorIds: [...state.colorIds],
    isPublic: state.isPublic,
    ...(event.type === 'PaletteRestored' ? { restoredVersion: event.data.restoredVersion } : {}),
  };
}

/** A stream's history as the history view lists it, oldest first. */
export const historyRows = (events: readonly PaletteEvent[]): PaletteVersion[] =>
  versions(events).map(({ event, state }) => versionRow(event, state));
