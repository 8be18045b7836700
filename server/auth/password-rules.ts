import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The 10 000 most common passwords (zxcvbn-ts's list is ranked by frequency, most common first),
 * compared case-insensitively: "Password1" is as guessable as "password1". Loaded on first use, on
 * the server only.
 */
let common: Set<string> | null = null;
const COMMON_COUNT = 10_000;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_COUNT).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the 10 000 most common, so it is among the first anyone would guess. Choose another.';
