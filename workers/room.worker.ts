import { expose, transfer } from 'comlink';
import {
  type CardInput,
  type Layer,
  type LoadResult,
  type MaskRef,
  type Op,
  RoomEngine,
  type RoomSource,
  type SelectLayer,
} from './room-engine';

const engine = new RoomEngine();

/** The room view's worker: it holds the working copy of the picture and the masks, so a tap sends only its point. */
const api = {
  has: (id: string) => engine.has(id),
  async load(source: RoomSource, maxSide: number): Promise<LoadResult> {
    const result = await engine.load(source, maxSide);
    return result.ok ? transfer(result, [result.picture]) : result;
  },
  prepare: (id: string) => engine.prepare(id),
  // The engine keeps its masks: the page gets a copy (its own, to save the room or send it again).
  mask(id: string, ops: Op[], hold?: MaskRef): Uint8Array {
    const mask = engine.mask(id, ops, hold).slice();
    return transfer(mask, [mask.buffer as ArrayBuffer]);
  },
  render(id: string, layers: Layer[], outline?: MaskRef): ImageBitmap {
    const bitmap = engine.render(id, layers, outline);
    return transfer(bitmap, [bitmap]);
  },
  select(id: string, ops: Op[], hold: MaskRef, layers: SelectLayer[]) {
    const selected = engine.select(id, ops, hold, layers);
    const result = { ...selected, mask: selected.mask.slice() };
    return transfer(result, [result.mask.buffer as ArrayBuffer, result.frame]);
  },
  keep: (id: string) => engine.keep(id),
  download: (id: string, layers: Layer[], card: CardInput, type: string) => engine.download(id, layers, card, type),
};

export type RoomApi = typeof api;

expose(api);
