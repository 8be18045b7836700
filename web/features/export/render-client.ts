import { PNG_HEIGHT, PNG_WIDTH, type PngInput, paintPng } from '../../../workers/png-layout';
import type { RenderApi } from '../../../workers/render.worker';
import { WorkerBridge } from '../../lib/worker-bridge';

export type { PngInput };

/**
 * The same drawing on a page canvas: for browsers without OffscreenCanvas or module workers.
 * @public The render bench imports it from a page it writes as text, which knip cannot follow.
 */
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

const render = new WorkerBridge<RenderApi, RenderApi>({
  name: 'render',
  createWorker: () =>
    new Worker(new URL('../../../workers/render.worker.ts', import.meta.url), { type: 'module', name: 'render' }),
  available: () => typeof OffscreenCanvas === 'function',
  loadFallback: async () => ({ renderPng: renderPngOnMainThread }),
  // A phone keeps no idle worker (and its canvas memory) around after the export is done.
  idleMs: 30_000,
  // A worker that neither answers nor fails (a hung GPU process) must not leave the user waiting.
  callTimeoutMs: 10_000,
});

/**
 * The palette card as a PNG, drawn in the render worker on an OffscreenCanvas. When the worker
 * cannot run (no OffscreenCanvas, no module workers, a crash) this and later calls draw on the main
 * thread instead. An aborted call rejects at once with an AbortError and its result is dropped.
 */
export function renderPng(input: PngInput, signal?: AbortSignal): Promise<Blob> {
  return render.call({ worker: (api) => api.renderPng(input), mainThread: (local) => local.renderPng(input), signal });
}
