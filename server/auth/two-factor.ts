import { randomBytes } from 'node:crypto';
import { createTOTPKeyURI, verifyHOTP } from '@oslojs/otp';
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import type { Sql } from '../db/sql';
import { tokenHash } from './tokens';

/** RFC 6238 with the parameters every authenticator app assumes: SHA-1, 30 s, 6 digits. */
const PERIOD_S = 30;
const DIGITS = 6;
const RECOVERY_CODES = 10;
const ISSUER = 'Swatchbook';

interface TotpRow {
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
}

export type TwoFactor = ReturnType<typeof twoFactor>;

/** A code checked against the account: right (and now spent), wrong, or the app's right code already used. */
export type CodeVerdict = 'right' | 'wrong' | 'reused';

/** A recovery code as people type it: case, spaces and dashes do not matter. */
const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * Optional second factor: an authenticator app's current code, or one of ten single-use recovery
 * codes (stored hashed). A code is accepted one step either side of now, and never twice (the last
 * step used is kept), so a code seen over someone's shoulder cannot be replayed.
 */
export function twoFactor(sql: Sql, now: () => Date) {
  const row = (userId: string, db: Sql = sql) =>
    db.get<TotpRow>('SELECT totp_secret, totp_pending_secret, totp_last_step FROM users WHERE id = ?', [userId]);
  const step = () => Math.floor(now().getTime() / 1000 / PERIOD_S);

  /**
   * The step a code matches (now ±1) after the last one used; 'spent' when it matches only a step
   * already used (the code just typed elsewhere, still on the app's screen); null when none does.
   */
  function matchingStep(secret: string, code: string, lastStep: number | null): number | 'spent' | null {
    if (!/^\d{6}$/.test(code)) return null;
    const key = decodeBase32IgnorePadding(secret);
    const current = step();
    let spent = false;
    for (const candidate of [current - 1, current, current + 1]) {
      if (!verifyHOTP(key, BigInt(candidate), DIGITS, code)) continue;
      if (lastStep !== null && candidate <= lastStep) spent = true;
      else return candidate;
    }
    return spent ? 'spent' : null;
  }

  return {
    isEnabled: async (userId: string) => Boolean((await row(userId))?.totp_secret),
    /** A new secret waiting for its first code; the URI goes into the QR code. */
    async setup(userId: string, email: string): Promise<{ secret: string; uri: string }> {
      const key = randomBytes(20);
      const secret = encodeBase32UpperCaseNoPadding(key);
      await sql.run('UPDATE users SET totp_pending_secret = ? WHERE id = ?', [secret, userId]);
      return { secret, uri: createTOTPKeyURI(ISSUER, email, key, PERIOD_S, DIGITS) };
    },
    /** Turns two-factor on once a code from the app matches the pending secret; returns the recovery codes (shown once). */
    enable(userId: string, code: string): Promise<string[] | null> {
      return sql.transaction(async (tx) => {
        const current = await row(userId, tx);
        if (!current?.totp_pending_secret) return null;
        const matched = matchingStep(current.totp_pending_secret, code.trim(), null);
        if (typeof matched !== 'number') return null;
        // Only the secret that code matched turns on: a second enable at the same moment finds it gone.
        const enabled = await tx.run(
          `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = ?
           WHERE id = ? AND totp_pending_secret = ?`,
          [matched, userId, current.totp_pending_secret],
        );
        if (enabled !== 1) return null;
        await tx.run('DELETE FROM totp_recovery_codes WHERE user_id = ?', [userId]);
        const codes: string[] = [];
        for (let i = 0; i < RECOVERY_CODES; i++) {
          const raw = encodeBase32UpperCaseNoPadding(randomBytes(10)).toLowerCase();
          const code = `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}-${raw.slice(12, 16)}`;
          await tx.run('INSERT INTO totp_recovery_codes (code_hash, user_id) VALUES (?, ?)', [
            tokenHash(normaliseRecovery(code)),
            userId,
          ]);
          codes.push(code);
        }
        return codes;
      });
    },
    /**
     * Checks (and spends) a current code or a recovery code; inside the caller's transaction when `db`
     * is its handle. 'reused': the app's code is right but was already used in its time step (signing
     * in twice within 30 s): the person waits for the next code rather than doubting the one they see.
     */
    verify(userId: string, code: string, db: Sql = sql): Promise<CodeVerdict> {
      return db.transaction(async (tx): Promise<CodeVerdict> => {
        const current = await row(userId, tx);
        if (!current?.totp_secret) return 'wrong';
        const trimmed = code.trim();
        const matched = matchingStep(current.totp_secret, trimmed, current.totp_last_step);
        if (matched === 'spent') return 'reused';
        if (matched !== null) {
          // The step is spent by this write alone: of two requests with one code at once, one moves it.
          const spent = await tx.run(
            'UPDATE users SET totp_last_step = ? WHERE id = ? AND (totp_last_step IS NULL OR totp_last_step < ?)',
            [matched, userId, matched],
          );
          return spent === 1 ? 'right' : 'reused';
        }
        const spent = await tx.run('DELETE FROM totp_recovery_codes WHERE code_hash = ? AND user_id = ?', [
          tokenHash(normaliseRecovery(trimmed)),
          userId,
        ]);
        return spent === 1 ? 'right' : 'wrong';
      });
    },
    async disable(userId: string): Promise<void> {
      await sql.transaction(async (tx) => {
        await tx.run(
          'UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE id = ?',
          [userId],
        );
        await tx.run('DELETE FROM totp_recovery_codes WHERE user_id = ?', [userId]);
      });
    },
    recoveryCodesLeft: async (userId: string) =>
      (await sql.get<{ n: number }>('SELECT count(*) AS n FROM totp_recovery_codes WHERE user_id = ?', [userId]))?.n ??
      0,
  };
}
