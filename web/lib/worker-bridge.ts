import { type Remote, wrap } from 'comlink';

/** A module worker wrapped by Comlink, with the one signal a Comlink call lacks: that the worker died. */
export interface StartedWorker<Api> {
  worker: Worker;
  remote: Remote<Api>;
  /**
   * Rejects when the worker fails to load, crashes or sends an unreadable message: a Comlink call to
   * a dead worker never settles, so every call is raced against this. Never unhandled.
   */
  failed: Promise<never>;
}

/**
 * Starts a worker for a `*-client.ts`. `create` must be the client's own
 * `() => new Worker(new URL('…/x.worker.ts', import.meta.url), { type: 'module' })`: Vite bundles a
 * worker only where it sees that expression written out.
 */
export function startWorker<Api>(create: () => Worker, name: string): StartedWorker<Api> {
  const worker = create();
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      reject(new Error(`The ${name} worker failed: ${event.message || 'it could not load'}`));
    });
    worker.addEventListener('messageerror', () => reject(new Error(`The ${name} worker sent an unreadable message`)));
  });
  failed.catch(() => {});
  return { worker, remote: wrap<Api>(worker), failed };
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
