/**
 * Web code run in Node (the stores' unit tests): a frame is "painted" on the next timer turn, as
 * soon as a browser with nothing else to do would. A test about painting stubs its own.
 */
globalThis.requestAnimationFrame ??= (frame) => setTimeout(() => frame(performance.now()), 0) as unknown as number;
