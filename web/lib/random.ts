import type { Random } from '../../shared/palette/generate';

/** Uniform [0, 1) from the platform CSPRNG: palettes should not repeat across reloads. */
export const cryptoRandom: Random = () => {
  const buffer = new Uint32Array(1);
  crypto.getRandomValues(buffer);
  return (buffer[0] as number) / 2 ** 32;
};
