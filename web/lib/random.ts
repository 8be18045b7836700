import type { Random } from '../../shared/palette/generate';

// Drawn from the CSPRNG 64 at a time: one call per pick (a typed array and a trip into the platform
// each) was a measurable part of a Space press on a throttled phone profile.
const pool = new Uint32Array(64);
let next = pool.length;

/** Uniform [0, 1) from the platform CSPRNG: palettes should not repeat across reloads. */
export const cryptoRandom: Random = () => {
  if (next === pool.length) {
    crypto.getRandomValues(pool);
    next = 0;
  }
  return (pool[next++] as number) / 2 ** 32;
};
