import type { Remote } from 'comlink';
import { PNG_HEIGHT, PNG_WIDTH, type PngInput, paintPng } from '../../../workers/png-layout';
import type { RenderApi } from '../../../workers/render.worker';
import { isAbortError, startWorker } from '../../lib/worker-bridge';

export type { PngInput };

// A phone keeps no idle worker (and its canvas memory) around after the export is done.
const IDLE_MS = 30_000;
// A worker that neither answers nor fails (a hung GPU process) must not leave the user waiting.
const TIMEOUT_MS = 10_000;

interface Running {
  worker: Worker;
  api: Remote<RenderApi>;
  /** Rejects when the worker cannot start or dies: a Comlink call alone would wait forever. */
  failed: Promise<never>;
}

let running: Running | null = null;
let broken = false;
let inFlight = 0;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function start(): Running {
  if (running) return running;
  const { worker, remote, failed } = startWorker<RenderApi>(
    () => new Worker(new URL('../../../workers/render.worker.ts', import.meta.url), { type: 'module', name: 'render' }),
    'render',
  );
  running = { worker, api: remote, failed };
  return running;
}

function stop(): void {
  running?.worker.terminate();
  running = null;
}

function abortError(): DOMException {
  return new DOMException('The export was cancelled', 'AbortError');
}

/** Settles with the first of the call, the worker failing, a timeout or the caller aborting. */
function guarded<T>(call: Promise<T>, failed: Promise<never>, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The render worker timed out')), TIMEOUT_MS);
    const onAbort = () => reject(abortError());
    signal?.addEventListener('abort', onAbort, { once: true });
    Promise.race([call, failed])
      .then(resolve, reject)
      .finally(() => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      });
  });
}

/** The same drawing on a page canvas: for browsers without OffscreenCanvas or module workers. */
export async function renderPngOnMainThread(input: PngInput): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = PNG_WIDTH;
  canvas.height = PNG_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas context');
  paintPng(ctx, input);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The canvas gave no PNG'))), 'image/png'),
  );
}

/**
 * The palette card as a PNG, drawn in the render worker on an OffscreenCanvas. When the worker
 * cannot run (no OffscreenCanvas, no module workers, a crash) this and later calls draw on the main
 * thread instead. An aborted call rejects at once with an AbortError and its result is dropped.
 */
export async function renderPng(input: PngInput, signal?: AbortSignal): Promise<Blob> {
  signal?.throwIfAborted();
  if (!broken && typeof Worker === 'function' && typeof OffscreenCanvas === 'function') {
    const { api, failed } = start();
    clearTimeout(idleTimer);
    inFlight++;
    try {
      return await guarded(api.renderPng(input), failed, signal);
    } catch (error) {
      if (isAbortError(error)) throw error;
      broken = true;
      stop();
    } finally {
      inFlight--;
      if (inFlight === 0) idleTimer = setTimeout(stop, IDLE_MS);
    }
  }
  signal?.throwIfAborted();
  return renderPngOnMainThread(input);
}
