import { proxy as comlinkProxy } from 'comlink';
import type { DecodeResult } from '../../../workers/decode-image';
import type { Algorithm, ExtractResult, Paint, Pixels } from '../../../workers/extract';
import type { ExtractApi } from '../../../workers/extract.worker';
import { WorkerBridge } from '../../lib/worker-bridge';

export type { Algorithm, DecodeResult, ExtractResult, Paint, Pixels };
export type { Swatch } from '../../../workers/extract';

type Progress = (fraction: number) => void;

/** The worker's pure modules, run on the page when the worker cannot load or crashes. */
async function loadMainThread() {
  const [{ decodeImage }, { extractPalette }] = await Promise.all([
    import('../../../workers/decode-image'),
    import('../../../workers/extract'),
  ]);
  return { decodeImage, extractPalette };
}

const extract = new WorkerBridge<ExtractApi, Awaited<ReturnType<typeof loadMainThread>>>({
  name: 'extract',
  createWorker: () =>
    new Worker(new URL('../../../workers/extract.worker.ts', import.meta.url), { type: 'module', name: 'extract' }),
  loadFallback: loadMainThread,
  // Cancelling kills the worker mid-job (the only way to stop a synchronous loop); the next call starts a fresh one.
  terminateOnAbort: true,
  // The worker keeps nothing between jobs (the page holds the working copy): a phone need not keep it.
  idleMs: 30_000,
});

/** Checks and decodes an image file off the main thread into a small working copy. */
export function decodeImageFile(file: Blob, signal: AbortSignal, onProgress: Progress): Promise<DecodeResult> {
  return extract.call({
    worker: (api) => api.decode(file, comlinkProxy(onProgress)),
    mainThread: (local) => local.decodeImage(file, onProgress),
    signal,
  });
}

/** Extracts a palette from a decoded working copy with the chosen algorithm. */
export function extractFromPixels(
  image: Pixels,
  paints: readonly Paint[],
  options: { algorithm: Algorithm; count: number },
  signal: AbortSignal,
  onProgress: Progress,
): Promise<ExtractResult> {
  return extract.call({
    // The worker gets a copy: the page keeps the working copy for re-runs.
    worker: (api) => api.extract(image, paints, options, comlinkProxy(onProgress)),
    mainThread: (local) => local.extractPalette(image, paints, { ...options, onProgress }),
    signal,
  });
}
