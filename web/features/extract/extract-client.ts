import { proxy as comlinkProxy, type Remote } from 'comlink';
import type { DecodeResult } from '../../../workers/decode-image';
import type { Algorithm, ExtractResult, Paint, Pixels } from '../../../workers/extract';
import type { ExtractApi } from '../../../workers/extract.worker';
import { startWorker } from '../../lib/worker-bridge';

export type { Algorithm, DecodeResult, ExtractResult, Paint, Pixels };
export type { DecodeProblem } from '../../../workers/decode-image';
export type { Swatch } from '../../../workers/extract';

type Progress = (fraction: number) => void;

let worker: Worker | null = null;
let remote: Remote<ExtractApi> | null = null;
/** Rejects when the worker fails to load or crashes: Comlink calls to a dead worker would never settle. */
let workerFailure: Promise<never> | null = null;
/** Set once a worker failed to start or answer: later calls run on the main thread. */
let workerBroken = false;

function getRemote(): Remote<ExtractApi> | null {
  if (workerBroken) return null;
  if (!remote) {
    try {
      const started = startWorker<ExtractApi>(
        () =>
          new Worker(new URL('../../../workers/extract.worker.ts', import.meta.url), {
            type: 'module',
            name: 'extract',
          }),
        'extract',
      );
      worker = started.worker;
      remote = started.remote;
      workerFailure = started.failed;
    } catch {
      workerBroken = true;
      return null;
    }
  }
  return remote;
}

/** Cancelling kills the worker mid-job (the only way to stop a synchronous loop); the next call starts a fresh one. */
function stopWorker(): void {
  worker?.terminate();
  worker = null;
  remote = null;
  workerFailure = null;
}

const aborted = () => new DOMException('The extraction was cancelled', 'AbortError');

/** Runs a worker call that the signal can cancel; falls back to the main thread when the worker fails. */
async function run<T>(
  signal: AbortSignal,
  inWorker: (api: Remote<ExtractApi>) => Promise<T>,
  onMainThread: () => Promise<T>,
): Promise<T> {
  if (signal.aborted) throw aborted();
  const api = getRemote();
  if (!api) return onMainThread();
  let onAbort = () => {};
  const cancelled = new Promise<never>((_, reject) => {
    onAbort = () => {
      stopWorker();
      reject(aborted());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([inWorker(api), cancelled, workerFailure ?? cancelled]);
  } catch (error) {
    if (signal.aborted) throw aborted();
    // A worker that cannot load (old browser, blocked script) or crashes: do the job here instead.
    workerBroken = true;
    stopWorker();
    console.warn('extract worker failed, running on the main thread', error);
    return onMainThread();
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Checks and decodes an image file off the main thread into a small working copy. */
export function decodeImageFile(file: Blob, signal: AbortSignal, onProgress: Progress): Promise<DecodeResult> {
  return run(
    signal,
    (api) => api.decode(file, comlinkProxy(onProgress)),
    async () => (await import('../../../workers/decode-image')).decodeImage(file, onProgress),
  );
}

/** Extracts a palette from a decoded working copy with the chosen algorithm. */
export function extractFromPixels(
  image: Pixels,
  paints: readonly Paint[],
  options: { algorithm: Algorithm; count: number },
  signal: AbortSignal,
  onProgress: Progress,
): Promise<ExtractResult> {
  return run(
    signal,
    // The worker gets a copy: the page keeps the working copy for re-runs.
    (api) => api.extract(image, paints, options, comlinkProxy(onProgress)),
    async () => (await import('../../../workers/extract')).extractPalette(image, paints, { ...options, onProgress }),
  );
}
