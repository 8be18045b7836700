/**
 * At least 8 characters (NIST 800-63B, ASVS 2.1.1) and not one of the 10 000 most common (the server
 * checks that list). Sign-in accepts any length, so passwords chosen under the old 6-character rule
 * still open their accounts. The cap keeps hashing cheap to refuse. No zod here: the app's forms read it.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
