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

type PaletteCreated = EventOf<
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
type PaletteColorsChanged = EventOf<'PaletteColorsChanged', { colorIds: string[] }>;
type PalettePublished = EventOf<'PalettePublished', { shareId: string }>;
type PaletteUnpublished = EventOf<'PaletteUnpublished', { shareId: string }>;
/** Brings back the name and colours of an earlier version; history itself is never rewritten. */
export type PaletteRestored = EventOf<'PaletteRestored', { restoredVersion: number; name: string; colorIds: string[] }>;
type PaletteDeleted = EventOf<'PaletteDeleted', Record<string, never>>;
/**
 * Undoes a delete: the palette comes back with its name, colours and history, but private. Its
 * share link was revoked by the delete and stays revoked (a link the owner let go of is never
 * re-published behind their back); sharing again makes a new one.
 */
type PaletteUndeleted = EventOf<'PaletteUndeleted', Record<string, never>>;

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

/** The event of one type: `PaletteEventOf<'PaletteRenamed'>` is `PaletteRenamed`. */
export type PaletteEventOf<T extends PaletteEventType> = Extract<PaletteEvent, { type: T }>;
/** The data an event of type `T` carries. */
export type PaletteEventData<T extends PaletteEventType> = PaletteEventOf<T>['data'];

/**
 * A new event of today's schema. The data is typed by the event type, so another event's data does
 * not compile; the rest tuple is indexed per type so a union of types cannot pair a type with
 * another type's data either.
 */
export function paletteEvent<T extends PaletteEventType>(
  ...[type, at, data]: { [K in T]: [type: K, at: string, data: PaletteEventData<K>] }[T]
): PaletteEventOf<T> {
  // The one place the pairing is taken on trust: the parameter type above is what checks it.
  return { type, schemaVersion: PALETTE_EVENT_SCHEMA_VERSION, at, data } as PaletteEventOf<T>;
}

/** Every palette's events live in the stream `palette-<id>`; the event store and its projections find them by this prefix. */
export const PALETTE_STREAM_PREFIX = 'palette-';
export const paletteStreamId = (paletteId: string) => `${PALETTE_STREAM_PREFIX}${paletteId}`;
/** The palette id of a stream id that starts with PALETTE_STREAM_PREFIX. */
export const paletteIdOfStream = (streamId: string) => streamId.slice(PALETTE_STREAM_PREFIX.length);
