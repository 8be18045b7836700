import { randomBytes } from 'node:crypto';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

/** 160 random bits, base32: the secret the browser holds (in a cookie or a mail link). */
export const newToken = () => encodeBase32LowerCaseNoPadding(randomBytes(20));

/** Whether a string from a cookie or a link could be one of our tokens: base32, bounded. Anything else is not looked up. */
export const isTokenShaped = (value: string) => /^[a-z2-7]{1,64}$/.test(value);

/** Only this digest is stored, so a leaked database holds no usable token. */
export const tokenHash = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

export const newUserId = () => encodeBase32LowerCaseNoPadding(randomBytes(15));
