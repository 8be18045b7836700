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
 * Runs a job on the current picture; an engine that does not hold it (a fresh worker after a
 * crash, or the page's own engine taking over) loads it again from the kept file first. The job is
 * sent at once, with no trip to ask first: on a slow phone each trip is a task on both threads.
 * Masks go by reference (`full` false); an engine that lacks one (a fresh one, a saved room just
 * opened, another light loaded) says so and the job is sent again with them (`full`), which it
 * keeps from then on. Both are handled here, inside the call: an error reaching the bridge would
 * count as the worker failing.
 */
function onPicture<T>(
  inWorker: (remote: Parameters<Parameters<typeof room.call>[0]['worker']>[0], id: string, full: boolean) => Promise<T>,
  onPage: (local: RoomEngine, id: string, full: boolean) => T | Promise<T>,
): Promise<T> {
  const current = source;
  if (!current) return Promise.reject(new Error('No picture is loaded'));
  return room.call({
    worker: async (remote) => {
      try {
        return await inWorker(remote, current.id, false);
      } catch (error) {
        if (notLoaded(error)) dropPicture(await remote.load(current, maxSide));
        else if (!notHeld(error)) throw error;
        return inWorker(remote, current.id, true);
      }
    },
    mainThread: async (local) => {
      if (!local.has(current.id)) dropPicture(await local.load(current, maxSide));
      try {
        return await onPage(local, current.id, false);
      } catch (error) {
        if (!notHeld(error)) throw error;
        return onPage(local, current.id, true);
      }
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

const layerRefs = (layers: readonly Layer[], full: boolean) => refs(layers, full) as EngineLayer[];
const outlineRef = (outline: SurfaceMask | undefined, full: boolean) => (outline ? ref(outline, full) : undefined);

export const renderPicture = (layers: Layer[], outline?: SurfaceMask) =>
  onPicture(
    (remote, id, full) => remote.render(id, layerRefs(layers, full), outlineRef(outline, full)),
    (local, id, full) => local.render(id, layerRefs(layers, full), outlineRef(outline, full)),
  );

/** A surface's new mask (kept by the engine as `hold`) and the frame showing it, in one trip to the worker. */
export const selectAndRender = (ops: Op[], hold: MaskRef, layers: SelectLayer[]) =>
  onPicture(
    (remote, id, full) => remote.select(id, ops, hold, refs(layers, full)),
    (local, id, full) => local.select(id, ops, hold, refs(layers, full)),
  );

export const keepPhoto = () =>
  onPicture(
    (remote, id) => remote.keep(id),
    (local, id) => local.keep(id),
  );

export const downloadPicture = (layers: Layer[], card: CardInput, type: string) =>
  onPicture(
    (remote, id, full) => remote.download(id, layerRefs(layers, full), card, type),
    (local, id, full) => local.download(id, layerRefs(layers, full), card, type),
  );
