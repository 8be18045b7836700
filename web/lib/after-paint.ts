/** Runs `then` once the next frame has been painted. */
export const afterPaint = (then: () => void) => requestAnimationFrame(() => setTimeout(then));
