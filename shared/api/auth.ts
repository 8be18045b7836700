import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './password-rules';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'An email address has at most 254 characters.')
  .pipe(z.email('Enter a valid email address.'));

/** A password being chosen (sign-up, reset, change). */
const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

/** A password being checked: whatever the rules were when it was chosen. */
const existingPasswordSchema = z
  .string()
  .min(1, 'Enter your password.')
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

/** Mail-link tokens: 160 random bits in base32. */
const linkTokenSchema = z.string().regex(/^[a-z2-7]{16,64}$/, 'This link is not valid.');

/** `POST /api/auth/signup` → 201 SignupResponse. */
export const credentialsSchema = z.object({ email: emailSchema, password: newPasswordSchema });
export type Credentials = z.input<typeof credentialsSchema>;

/** `POST /api/auth/signin` → 200 SessionResponse; 401 `totp_required` when two-factor is on and `totp` is missing. */
export const signInSchema = z.object({
  email: emailSchema,
  password: existingPasswordSchema,
  totp: z.string().trim().max(32).optional(),
});

/**
 * `POST /api/auth/second-factor` → 200 SessionResponse: finishes a Google sign-in to an account with
 * two-factor on (Google proved the address; the code proves the authenticator). 401
 * `second_factor_expired` when no such sign-in is waiting; 401 `invalid_totp` for a wrong code,
 * `totp_reused` for the app's right code already used in its 30 s step (wait for the next one).
 */
export const secondFactorSchema = z.object({ totp: z.string().trim().min(1).max(32) });

/**
 * `POST /api/auth/confirm` → 200 ConfirmResponse: the address is confirmed; nobody is signed in. A
 * link proves only that its holder reads the mailbox, so it never binds the address to a password
 * they did not choose: either `password`, the one chosen at sign-up (401 `invalid_credentials` when
 * it is not), or `newPassword`, the holder's own, which starts the account clean (whatever was set up
 * on it before, second factor and palettes included, is erased).
 */
export const confirmSchema = z
  .object({
    token: linkTokenSchema,
    password: existingPasswordSchema.optional(),
    newPassword: newPasswordSchema.optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.newPassword === undefined), {
    message: 'Enter the password you chose when you signed up, or choose a new one.',
    path: ['password'],
  });
export interface ConfirmResponse {
  email: string;
  /** The account started clean with the new password (`newPassword`). */
  startedClean: boolean;
}

/** `POST /api/auth/resend-confirmation` and `POST /api/auth/password-reset` → 202 MailRequestResponse, whatever the address. */
export const emailOnlySchema = z.object({ email: emailSchema });
export interface MailRequestResponse {
  /** 'mail' when the server sends mail; 'administrator' when it cannot, and only an administrator can help. */
  delivery: 'mail' | 'administrator';
}

/** `POST /api/auth/password-reset/confirm` → 200 SessionResponse (signed in, every other session ended). */
export const resetConfirmSchema = z.object({
  token: linkTokenSchema,
  password: newPasswordSchema,
  totp: z.string().trim().max(32).optional(),
});

/** `POST /api/auth/password` → 204; every other session of the account ends. */
export const changePasswordSchema = z.object({
  currentPassword: existingPasswordSchema,
  newPassword: newPasswordSchema,
});

/** `POST /api/auth/totp/setup` → 200 TotpSetupResponse: a new secret, on once a code from the app matches. */
export interface TotpSetupResponse {
  secret: string;
  /** otpauth:// URI for the QR code. */
  uri: string;
}
/** `POST /api/auth/totp/enable` → 200 TotpEnableResponse: ten single-use recovery codes, shown once. */
export const totpEnableSchema = z.object({ code: z.string().trim().min(1).max(32) });
export interface TotpEnableResponse {
  recoveryCodes: string[];
}
/** `POST /api/auth/totp/disable` → 204. */
export const totpDisableSchema = z.object({ password: existingPasswordSchema });

export interface ApiUser {
  id: string;
  email: string;
  emailVerified: boolean;
  /** How this account can sign in: 'password', 'google'. */
  providers: Array<'password' | 'google'>;
  createdAt: string;
  /** Two-factor sign-in with an authenticator app is on. */
  totp?: boolean;
}

/** `GET /api/auth/session` and `POST /api/auth/signin`. */
export interface SessionResponse {
  user: ApiUser | null;
}

/**
 * `POST /api/auth/signup` (201). When the server sends confirmation mails, the account is usable
 * once the address is confirmed and the person signs in (no session yet); otherwise it is signed
 * in at once.
 */
export interface SignupResponse {
  user: ApiUser;
  confirmationRequired: boolean;
}
