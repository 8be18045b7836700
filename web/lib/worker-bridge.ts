import { type Remote, wrap } from 'comlink';

/** The one error every bridged call rejects with when its signal aborts or a newer call replaces it. */
export function abortError(): DOMException {
  return new DOMException('The work was cancelled', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export interface WorkerBridgeOptions<Local> {
  /** Names the worker in errors and in the console warning when it fails. */
  name: string;
  /**
   * The client's own `() => new Worker(new URL('…/x.worker.ts', import.meta.url), { type: 'module' })`:
   * Vite bundles a worker only where it sees that expression written out. Absent: the main thread only.
   */
  createWorker?: () => Worker;
  /** Whether this browser can run the worker at all (e.g. it needs OffscreenCanvas); asked before each start. */
  available?: () => boolean;
  /** Loads what runs on the main thread instead (a dynamic import); loaded once, on the first call that needs it. */
  loadFallback: () => Promise<Local>;
  /** Terminates the worker after this long with no call in flight; the next call starts a fresh one. */
  idleMs?: number;
  /** A call that neither answers nor fails by then (a hung GPU process) counts as the worker failing. */
  callTimeoutMs?: number;
  /** An abort terminates the worker mid-job (the only way to stop a synchronous loop) instead of dropping the answer. */
  terminateOnAbort?: boolean;
}

export interface BridgedCall<Api, Local, T> {
  worker: (remote: Remote<Api>) => Promise<T>;
  /** Absent: a worker that cannot run or fails makes this call reject instead. */
  mainThread?: (local: Local) => T | Promise<T>;
  /** Aborting rejects the call at once with `abortError()`. */
  signal?: AbortSignal;
}

interface Running<Api> {
  worker: Worker;
  remote: Remote<Api>;
  /** Rejects when the worker fails to load, crashes or sends an unreadable message. Never unhandled. */
  failed: Promise<never>;
  /** Rejects with STOPPED when the bridge terminates this worker on purpose (abort, idle). Never unhandled. */
  stopped: Promise<never>;
  stop: () => void;
}

/** A call whose worker was terminated under it (another call's abort) runs again on a fresh one. */
const STOPPED = Symbol('stopped');

/**
 * One Comlink worker's whole life, for a `*-client.ts`: started on the first call, every call raced
 * against the worker failing (a Comlink call to a dead worker never settles), aborts, idle shutdown,
 * and the main thread once the worker cannot run or has failed (for the rest of the page's life).
 */
export class WorkerBridge<Api, Local> {
  private running: Running<Api> | null = null;
  /** Why the worker cannot be used; set once, never cleared. */
  private failure: unknown = null;
  private inFlight = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private local: Promise<Local> | null = null;

  constructor(private readonly options: WorkerBridgeOptions<Local>) {}

  /**
   * Runs `worker` on the worker (started if need be) or, when it cannot run or fails, `mainThread`.
   * The message leaves synchronously when the worker is running: nothing is awaited before it.
   */
  async call<T>({ worker, mainThread, signal }: BridgedCall<Api, Local, T>): Promise<T> {
    for (;;) {
      if (signal?.aborted) throw abortError();
      const running = this.start();
      if (!running) break;
      this.inFlight++;
      clearTimeout(this.idleTimer);
      try {
        return await this.settle(running, worker, signal);
      } catch (error) {
        if (error === STOPPED) continue;
        if (isAbortError(error) && signal?.aborted) throw error;
        this.fail(running, error);
      } finally {
        this.inFlight--;
        this.scheduleIdle();
      }
      break;
    }
    if (!mainThread) throw this.failure ?? new Error(`The ${this.options.name} worker is not available`);
    return this.abortable(
      this.fallback().then((local) => {
        if (signal?.aborted) throw abortError();
        return mainThread(local);
      }),
      signal,
    );
  }

  private start(): Running<Api> | null {
    if (this.running) return this.running;
    const { createWorker, available, name } = this.options;
    if (this.failure !== null || !createWorker || typeof Worker !== 'function' || available?.() === false) return null;
    let worker: Worker;
    try {
      worker = createWorker();
    } catch (error) {
      this.fail(null, error);
      return null;
    }
    const failed = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        reject(new Error(`The ${name} worker failed: ${event.message || 'it could not load'}`));
      });
      worker.addEventListener('messageerror', () => reject(new Error(`The ${name} worker sent an unreadable message`)));
    });
    let stop = () => {};
    const stopped = new Promise<never>((_, reject) => {
      stop = () => reject(STOPPED);
    });
    const running: Running<Api> = { worker, remote: wrap<Api>(worker), failed, stopped, stop };
    // A worker that dies between calls is given up on at once, not at the next call.
    failed.catch((error) => this.fail(running, error));
    stopped.catch(() => {});
    this.running = running;
    return running;
  }

  /** Settles with the first of the call, the worker failing or being stopped, a timeout or the abort. */
  private settle<T>(running: Running<Api>, worker: (remote: Remote<Api>) => Promise<T>, signal?: AbortSignal) {
    let call: Promise<T>;
    try {
      call = worker(running.remote);
    } catch (error) {
      call = Promise.reject(error);
    }
    const { callTimeoutMs, terminateOnAbort, name } = this.options;
    return new Promise<T>((resolve, reject) => {
      const timer =
        callTimeoutMs === undefined
          ? undefined
          : setTimeout(() => done(reject, new Error(`The ${name} worker timed out`)), callTimeoutMs);
      const onAbort = () => {
        done(reject, abortError());
        if (terminateOnAbort) this.terminate(running);
      };
      function done<V>(settle: (value: V) => void, value: V) {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        settle(value);
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      Promise.race([call, running.failed, running.stopped]).then(
        (value) => done(resolve, value),
        (error) => done(reject, error),
      );
    });
  }

  private abortable<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
    if (!signal) return work;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(abortError());
      signal.addEventListener('abort', onAbort, { once: true });
      work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  private fallback(): Promise<Local> {
    if (!this.local) {
      const mine = this.options.loadFallback();
      this.local = mine;
      // A fallback that did not load (e.g. offline) is tried again by the next call.
      mine.catch(() => {
        if (this.local === mine) this.local = null;
      });
    }
    return this.local;
  }

  /** The worker cannot load, crashed, timed out or threw: this and every later call runs on the main thread. */
  private fail(running: Running<Api> | null, error: unknown): void {
    if (running) this.terminate(running);
    if (this.failure !== null) return;
    this.failure = error;
    console.warn(`${this.options.name} worker failed, running on the main thread`, error);
  }

  private terminate(running: Running<Api>): void {
    running.worker.terminate();
    running.stop();
    if (this.running === running) this.running = null;
  }

  private scheduleIdle(): void {
    const { idleMs } = this.options;
    if (idleMs === undefined || this.inFlight > 0) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.running && this.inFlight === 0) this.terminate(this.running);
    }, idleMs);
  }
}
