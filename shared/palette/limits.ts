/** Palette size 3 to 10, default 5; a random pick retries up to 100 times. Users see these limits in toasts. */
export const PALETTE_MIN = 3;
export const PALETTE_MAX = 10;
export const PALETTE_DEFAULT = 5;
export const RANDOM_TRIES = 100;
