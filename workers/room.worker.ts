import { expose, transfer } from 'comlink';
import { type CardInput, type Layer, type Op, RoomEngine, type RoomSource } from './room-engine';

const engine = new RoomEngine();

/** The room view's worker: it holds the working copy of the picture, so a tap sends only its point. */
const api = {
  has: (id: string) => engine.has(id),
  load: (source: RoomSource, maxSide: number) => engine.load(source, maxSide),
  prepare: (id: string) => engine.prepare(id),
  mask(id: string, ops: Op[]): Uint8Array {
    const mask = engine.mask(id, ops);
    return transfer(mask, [mask.buffer as ArrayBuffer]);
  },
  render(id: string, layers: Layer[], outline?: Uint8Array): ImageBitmap {
    const bitmap = engine.render(id, layers, outline);
    return transfer(bitmap, [bitmap]);
  },
  keep: (id: string) => engine.keep(id),
  download: (id: string, layers: Layer[], card: CardInput, type: string) => engine.download(id, layers, card, type),
};

export type RoomApi = typeof api;

expose(api);
