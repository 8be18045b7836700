/**
 * The events of a palette stream (`palette-<id>`): plain data, appended and never changed. The
 * server and the browser (local history of anonymous palettes) share these types and `evolve`.
 */

/** Bumped when an event's data changes shape; old events are upcast when read. */
export const PALETTE_EVENT_SCHEMA_VERSION = 1;

interface EventOf<Type extends string, Data> {
  type: Type;
  schemaVersion: typeof PALETTE_EVENT_SCHEMA_VERSION;
  /** ISO time the event happened. */
  at: string;
  data: Data;
}

export type PaletteCreated = EventOf<
  'PaletteCreated',
  {
    paletteId: string;
    /** Null for a local (anonymous) palette in browser storage. */
    ownerId: string | null;
    name: string;
    colorIds: string[];
    /** The local palette id this one was imported from, when it came from browser storage. */
    importedFrom?: string;
  }
>;
export type PaletteRenamed = EventOf<'PaletteRenamed', { name: string }>;
export type PaletteColorsChanged = EventOf<'PaletteColorsChanged', { colorIds: string[] }>;
export type PalettePublished = EventOf<'PalettePublished', { shareId: string }>;
export type PaletteUnpublished = EventOf<'PaletteUnpublished', { shareId: string }>;
/** Brings back the name and colours of an earlier version; history itself is never rewritten. */
export type PaletteRestored = EventOf<'PaletteRestored', { restoredVersion: number; name: string; colorIds: string[] }>;
export type PaletteDeleted = EventOf<'PaletteDeleted', Record<string, never>>;
/**
 * Undoes a delete: the palette comes back with its name, colours and history, but private. Its
 * share link was revoked by the delete and stays revoked (a link the owner let go of is never
 * re-published behind their back); sharing again makes a new one.
 */
export type PaletteUndeleted = EventOf<'PaletteUndeleted', Record<string, never>>;

export type PaletteEvent =
  | PaletteCreated
  | PaletteRenamed
  | PaletteColorsChanged
  | PalettePublished
  | PaletteUnpublished
  | PaletteRestored
  | PaletteDeleted
  | PaletteUndeleted;

export type PaletteEventType = PaletteEvent['type'];

export const PALETTE_EVENT_TYPES: readonly PaletteEventType[] = [
  'PaletteCreated',
  'PaletteRenamed',
  'PaletteColorsChanged',
  'PalettePublished',
  'PaletteUnpublished',
  'PaletteRestored',
  'PaletteDeleted',
  'PaletteUndeleted',
];

/** The event types a local (anonymous) history may hold, and so what an import accepts. */
export const LOCAL_EVENT_TYPES: readonly PaletteEventType[] = [
  'PaletteCreated',
  'PaletteRenamed',
  'PaletteColorsChanged',
  'PaletteRestored',
];

export function paletteEvent<E extends PaletteEvent>(type: E['type'], at: string, data: E['data']): E {
  return { type, schemaVersion: PALETTE_EVENT_SCHEMA_VERSION, at, data } as E;
}

export const paletteStreamId = (paletteId: string) => `palette-${paletteId}`;
