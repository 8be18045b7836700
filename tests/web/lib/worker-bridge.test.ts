import { expose } from 'comlink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAbortError, WorkerBridge, type WorkerBridgeOptions } from '../../../web/lib/worker-bridge';

/** What the stand-in worker exposes; the main-thread stand-in answers the same questions differently. */
const api = {
  async double(n: number): Promise<number> {
    return n * 2;
  },
  /** A job that never ends (a long synchronous loop, seen from the page). */
  hang(): Promise<number> {
    return new Promise(() => {});
  },
};
type Api = typeof api;
const local = { double: async (n: number) => -n };
type Local = typeof local;

/**
 * A stand-in for the browser's Worker: the real Comlink protocol over a MessageChannel, with the
 * worker's `error` event (a script that did not load, a crash) fired on demand.
 */
class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  static failToLoad = false;
  terminated = false;
  private readonly channel = new MessageChannel();

  constructor() {
    super();
    FakeWorker.made.push(this);
    if (FakeWorker.failToLoad) {
      setTimeout(() => this.crash('it could not load'));
    } else {
      expose(api, this.channel.port2);
    }
  }

  postMessage(message: unknown, transfer?: Transferable[]): void {
    if (!this.terminated) this.channel.port1.postMessage(message, transfer ?? []);
  }

  // Comlink listens for answers on the worker itself: those come from the channel.
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null): void {
    if (type !== 'message') super.addEventListener(type, listener);
    else if (listener) {
      this.channel.port1.addEventListener('message', listener);
      this.channel.port1.start();
    }
  }

  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null): void {
    if (type !== 'message') super.removeEventListener(type, listener);
    else if (listener) this.channel.port1.removeEventListener('message', listener);
  }

  terminate(): void {
    this.terminated = true;
    this.channel.port1.close();
    this.channel.port2.close();
  }

  crash(message: string): void {
    this.dispatchEvent(Object.assign(new Event('error', { cancelable: true }), { message }));
  }
}

const bridge = (options: Partial<WorkerBridgeOptions<Local>> = {}) =>
  new WorkerBridge<Api, Local>({
    name: 'test',
    createWorker: () => new FakeWorker() as unknown as Worker,
    loadFallback: async () => local,
    ...options,
  });

const double = (b: WorkerBridge<Api, Local>, n: number, signal?: AbortSignal) =>
  b.call({ worker: (remote) => remote.double(n), mainThread: (l) => l.double(n), signal });
const hang = (b: WorkerBridge<Api, Local>, signal?: AbortSignal) =>
  b.call({ worker: (remote) => remote.hang(), mainThread: (l) => l.double(1), signal });

let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  FakeWorker.made = [];
  FakeWorker.failToLoad = false;
  vi.stubGlobal('Worker', FakeWorker);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  for (const worker of FakeWorker.made) worker.terminate();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('worker bridge', () => {
  it('starts the worker on the first call, not before, and keeps it for the next', async () => {
    const b = bridge();
    expect(FakeWorker.made).toHaveLength(0);
    expect(await double(b, 21)).toBe(42);
    expect(await double(b, 5)).toBe(10);
    expect(FakeWorker.made).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('runs on the main thread when the worker fails to load, and does not try it again', async () => {
    FakeWorker.failToLoad = true;
    const b = bridge();
    expect(await double(b, 21)).toBe(-21);
    expect(await double(b, 5)).toBe(-5);
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]?.terminated).toBe(true);
    expect(String(warn.mock.calls[0]?.[0])).toContain('running on the main thread');
  });

  it('runs on the main thread while the browser cannot run the worker, without starting one', async () => {
    let available = false;
    const b = bridge({ available: () => available });
    expect(await double(b, 3)).toBe(-3);
    expect(FakeWorker.made).toHaveLength(0);
    available = true;
    expect(await double(b, 3)).toBe(6);
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('a crash settles the calls in flight (on the main thread) and later calls stay there', async () => {
    const b = bridge();
    expect(await double(b, 1)).toBe(2);
    const pending = hang(b);
    FakeWorker.made[0]?.crash('out of memory');
    expect(await pending).toBe(-1);
    expect(FakeWorker.made[0]?.terminated).toBe(true);
    expect(await double(b, 4)).toBe(-4);
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('a crash rejects a call that has no main-thread stand-in', async () => {
    const b = bridge();
    const pending = b.call({ worker: (remote) => remote.hang() });
    await vi.waitFor(() => expect(FakeWorker.made).toHaveLength(1));
    FakeWorker.made[0]?.crash('out of memory');
    await expect(pending).rejects.toThrow(/test worker failed: out of memory/);
  });

  it('a call that neither answers nor fails gives up after the time allowed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const b = bridge({ callTimeoutMs: 10_000 });
    const pending = hang(b);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toBe(-1);
    expect(FakeWorker.made[0]?.terminated).toBe(true);
  });

  it('an abort rejects at once with an AbortError and keeps the worker', async () => {
    const b = bridge();
    const controller = new AbortController();
    const pending = hang(b, controller.signal);
    controller.abort();
    await expect(pending).rejects.toSatisfy(isAbortError);
    expect(FakeWorker.made[0]?.terminated).toBe(false);
    expect(await double(b, 2)).toBe(4);
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('an abort terminates the worker when asked, and the next call starts a fresh one', async () => {
    const b = bridge({ terminateOnAbort: true });
    const controller = new AbortController();
    const pending = hang(b, controller.signal);
    controller.abort();
    await expect(pending).rejects.toSatisfy(isAbortError);
    expect(FakeWorker.made[0]?.terminated).toBe(true);
    expect(await double(b, 2)).toBe(4);
    expect(FakeWorker.made).toHaveLength(2);
    expect(warn).not.toHaveBeenCalled();
  });

  it('a call whose worker another call’s abort terminated runs again on a fresh worker', async () => {
    const b = bridge({ terminateOnAbort: true });
    const controller = new AbortController();
    const cancelled = hang(b, controller.signal);
    const other = double(b, 8);
    controller.abort();
    await expect(cancelled).rejects.toSatisfy(isAbortError);
    expect(await other).toBe(16);
  });

  it('an already aborted signal rejects without starting a worker', async () => {
    const b = bridge();
    await expect(double(b, 1, AbortSignal.abort())).rejects.toSatisfy(isAbortError);
    expect(FakeWorker.made).toHaveLength(0);
  });

  it('terminates an idle worker after the timeout, and starts a fresh one for the next call', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const b = bridge({ idleMs: 30_000 });
    expect(await double(b, 1)).toBe(2);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(FakeWorker.made[0]?.terminated).toBe(false);
    // A call meanwhile starts the wait again.
    expect(await double(b, 2)).toBe(4);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(FakeWorker.made[0]?.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeWorker.made[0]?.terminated).toBe(true);
    expect(await double(b, 3)).toBe(6);
    expect(FakeWorker.made).toHaveLength(2);
    expect(warn).not.toHaveBeenCalled();
  });
});
