import type {
  CardInput,
  Layer as EngineLayer,
  LoadResult,
  MaskRef,
  Op,
  RoomEngine,
  RoomSource,
  SelectLayer as EngineSelectLayer,
} from '../../../workers/room-engine';
import type { RoomApi } from '../../../workers/room.worker';
import { WorkerBridge } from '../../lib/worker-bridge';

export type { CardInput, LoadResult, Op, RoomSource };

/** A surface's mask as the page keeps it: numbered, so the engine can be told which one it holds. */
export interface SurfaceMask {
  key: string;
  version: number;
  mask: Uint8Array;
}

/** A painted surface: its mask always at hand, sent to the engine only when it lacks it. */
export type Layer = SurfaceMask & { hex: string; nowHex?: string };
export type SelectLayer = Layer | Extract<EngineSelectLayer, { self: true }>;

/** The engine runs on the page only when the worker cannot (no OffscreenCanvas there) or has failed. */
const room = new WorkerBridge<RoomApi, RoomEngine>({
  name: 'room',
  createWorker: () =>
    new Worker(new URL('../../../workers/room.worker.ts', import.meta.url), { type: 'module', name: 'room' }),
  available: () => typeof OffscreenCanvas === 'function',
  loadFallback: async () => new (await import('../../../workers/room-engine')).RoomEngine(),
  // A hung job must not leave the person waiting: the page takes over.
  callTimeoutMs: 20_000,
});

let source: RoomSource | null = null;
let maxSide = 2048;

/** A picture nobody will show (loaded again into a fresh engine, or arrived after another was asked for). */
export const dropPicture = (result: LoadResult) => {
  if (result.ok) result.picture.close();
};

/** What the engine throws for a job on a picture it does not hold (`RoomEngine.current`). */
const notLoaded = (error: unknown) => error instanceof Error && /picture is not loaded/.test(error.message);
/** What it throws for a mask it does not hold (`NOT_HELD`). */
const notHeld = (error: unknown) => error instanceof Error && /surface is not held/.test(error.message);

/** A mask reference without the mask (`full`: with it, the engine lacking it). */
function ref<T extends SurfaceMask>(layer: T, full: boolean): Omit<T, 'mask'> & MaskRef {
  if (full) return layer;
  const { mask: _, ...bare } = layer;
  return bare;
}

const refs = (layers: readonly SelectLayer[], full: boolean): EngineSelectLayer[] =>
  layers.map((layer) => ('self' in layer ? layer : ref(layer, full)));

/**
 * Sends masks by reference first; an engine that does not hold one (a fresh worker, the page's own
 * engine, a saved room just opened) is sent them all once, and keeps them from then on.
 */
function byReference<T>(job: (full: boolean) => Promise<T>): Promise<T> {
  return job(false).catch((error: unknown) => {
    if (!notHeld(error)) throw error;
    return job(true);
  });
}

/**
 * Runs a job on the current picture; an engine that does not hold it (a fresh worker after a
 * crash, or the page's own engine taking over) loads it again from the kept file first. The job is
 * sent at once, with no trip to ask first: on a slow phone each trip is a task on both threads.
 */
function onPicture<T>(
  inWorker: (remote: Parameters<Parameters<typeof room.call>[0]['worker']>[0], id: string) => Promise<T>,
  onPage: (local: RoomEngine, id: string) => T | Promise<T>,
): Promise<T> {
  const current = source;
  if (!current) return Promise.reject(new Error('No picture is loaded'));
  return room.call({
    worker: async (remote) => {
      try {
        return await inWorker(remote, current.id);
      } catch (error) {
        if (!notLoaded(error)) throw error;
        dropPicture(await remote.load(current, maxSide));
        return inWorker(remote, current.id);
      }
    },
    mainThread: async (local) => {
      if (!local.has(current.id)) dropPicture(await local.load(current, maxSide));
      return onPage(local, current.id);
    },
  });
}

/**
 * Starts the worker (fetching and evaluating its code) while the person is still choosing a photo,
 * so the photo's decoding does not wait behind it.
 */
export function warmRoomWorker(): void {
  room.call({ worker: (remote) => remote.has('') }).catch(() => {});
}

/** Checks and decodes a picture to its working size, off the main thread; it becomes the current one. */
export async function loadPicture(next: RoomSource, longestSide: number): Promise<LoadResult> {
  maxSide = longestSide;
  const result = await room.call({
    worker: (remote) => remote.load(next, longestSide),
    mainThread: (local) => local.load(next, longestSide),
  });
  source = result.ok ? next : source;
  return result;
}

/** The once-per-photo analysis, started as soon as the picture shows so the first tap is quick. */
export const preparePicture = () =>
  onPicture(
    (remote, id) => remote.prepare(id),
    (local, id) => local.prepare(id),
  );

/** A surface's mask from its ops; the engine keeps it as `hold` (its key and version). */
export const surfaceMask = (ops: Op[], hold: MaskRef) =>
  onPicture(
    (remote, id) => remote.mask(id, ops, hold),
    (local, id) => local.mask(id, ops, hold),
  );

export const renderPicture = (layers: Layer[], outline?: SurfaceMask) =>
  byReference((full) => {
    const sent = refs(layers, full) as EngineLayer[];
    const edge = outline ? ref(outline, full) : undefined;
    return onPicture(
      (remote, id) => remote.render(id, sent, edge),
      (local, id) => local.render(id, sent, edge),
    );
  });

/** A surface's new mask (kept by the engine as `hold`) and the frame showing it, in one trip to the worker. */
export const selectAndRender = (ops: Op[], hold: MaskRef, layers: SelectLayer[]) =>
  byReference((full) => {
    const sent = refs(layers, full);
    return onPicture(
      (remote, id) => remote.select(id, ops, hold, sent),
      (local, id) => local.select(id, ops, hold, sent),
    );
  });

export const keepPhoto = () =>
  onPicture(
    (remote, id) => remote.keep(id),
    (local, id) => local.keep(id),
  );

export const downloadPicture = (layers: Layer[], card: CardInput, type: string) =>
  byReference((full) => {
    const sent = refs(layers, full) as EngineLayer[];
    return onPicture(
      (remote, id) => remote.download(id, sent, card, type),
      (local, id) => local.download(id, sent, card, type),
    );
  });
