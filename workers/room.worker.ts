import { expose, transfer } from 'comlink';
import {
  type CardInput,
  type Layer,
  type LoadResult,
  type Op,
  RoomEngine,
  type RoomSource,
  type SelectLayer,
} from './room-engine';

const engine = new RoomEngine();

/** The room view's worker: it holds the working copy of the picture, so a tap sends only its point. */
const api = {
  has: (id: string) => engine.has(id),
  async load(source: RoomSource, maxSide: number): Promise<LoadResult> {
    const result = await engine.load(source, maxSide);
    return result.ok ? transfer(result, [result.picture]) : result;
  },
  prepare: (id: string) => engine.prepare(id),
  mask(id: string, ops: Op[]): Uint8Array {
    const mask = engine.mask(id, ops);
    return transfer(mask, [mask.buffer as ArrayBuffer]);
  },
  render(id: string, layers: Layer[], outline?: Uint8Array): ImageBitmap {
    const bitmap = engine.render(id, layers, outline);
    return transfer(bitmap, [bitmap]);
  },
  select(id: string, ops: Op[], layers: SelectLayer[]) {
    const result = engine.select(id, ops, layers);
    return transfer(result, [result.mask.buffer as ArrayBuffer, result.frame]);
  },
  keep: (id: string) => engine.keep(id),
  download: (id: string, layers: Layer[], card: CardInput, type: string) => engine.download(id, layers, card, type),
};

export type RoomApi = typeof api;

expose(api);
