import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import * as z from 'zod/mini';

/**
 * Rooms kept on this device: a database of its own (`swatchbook-rooms`), so the saved palettes'
 * database and its migrations are never touched. A photo is kept as the working copy (a JPEG made
 * afresh, no EXIF), never sent anywhere. Every record is checked when read: one that does not parse
 * is skipped, never fatal.
 */

export const SURFACE_KEYS = ['walls', 'feature', 'ceiling', 'woodwork'] as const;
export type SurfaceKey = (typeof SURFACE_KEYS)[number];

const point = z.object({ x: z.number(), y: z.number() });
const op = z.union([
  z.object({ kind: z.literal('tap'), x: z.number(), y: z.number(), erase: z.optional(z.boolean()) }),
  z.object({ kind: z.literal('brush'), points: z.array(point), radius: z.number(), erase: z.optional(z.boolean()) }),
]);
export type SurfaceOp = z.infer<typeof op>;

const savedRoom = z.object({
  id: z.string(),
  name: z.string(),
  savedAt: z.string(),
  /** The palette the room was tried with (catalogue ids), shown beside it in Saved palettes. */
  paletteIds: z.array(z.string()),
  source: z.union([
    z.object({ kind: z.literal('sample'), roomId: z.string(), light: z.string() }),
    z.object({ kind: z.literal('photo'), photo: z.instanceof(Blob) }),
  ]),
  width: z.number(),
  height: z.number(),
  wallsNowId: z.nullable(z.string()),
  surfaces: z.array(
    z.object({
      key: z.enum(SURFACE_KEYS),
      paintId: z.nullable(z.string()),
      ops: z.array(op),
      mask: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
    }),
  ),
});
export type SavedRoom = z.infer<typeof savedRoom>;

interface RoomsDb extends DBSchema {
  rooms: { key: string; value: SavedRoom };
}

const DB_NAME = 'swatchbook-rooms';
let opening: Promise<IDBPDatabase<RoomsDb>> | null = null;

function db(): Promise<IDBPDatabase<RoomsDb>> {
  opening ??= openDB<RoomsDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('rooms', { keyPath: 'id' });
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

export async function putRoom(room: SavedRoom): Promise<void> {
  await (await db()).put('rooms', room);
}

export async function getRoom(id: string): Promise<SavedRoom | null> {
  const parsed = savedRoom.safeParse(await (await db()).get('rooms', id));
  return parsed.success ? parsed.data : null;
}

/** Newest first; unreadable records are left alone and not listed. */
export async function listRooms(): Promise<SavedRoom[]> {
  const all = await (await db()).getAll('rooms');
  return all
    .flatMap((record) => {
      const parsed = savedRoom.safeParse(record);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export async function deleteRoom(id: string): Promise<void> {
  await (await db()).delete('rooms', id);
}
