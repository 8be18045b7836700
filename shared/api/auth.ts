import { z } from 'zod';

/** Spec §5: password required, at least 6 characters; the cap keeps hashing cheap to refuse. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 256;

export const credentialsSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'An email address has at most 254 characters.')
    .pipe(z.email('Enter a valid email address.')),
  password: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
});
export type Credentials = z.input<typeof credentialsSchema>;

export interface ApiUser {
  id: string;
  email: string;
  emailVerified: boolean;
  /** How this account can sign in: 'password', 'google'. */
  providers: Array<'password' | 'google'>;
  createdAt: string;
}

/** `GET /api/auth/session` and `POST /api/auth/signin`. */
export interface SessionResponse {
  user: ApiUser | null;
}

/**
 * `POST /api/auth/signup` (201). When the server sends confirmation mails, the account is usable
 * once the link is followed (no session yet); otherwise it is signed in at once.
 */
export interface SignupResponse {
  user: ApiUser;
  confirmationRequired: boolean;
}

/**
 * Where the browser lands after Google sign-in or an email confirmation link: `/` on success,
 * `/?auth_error=<code>` on failure (the app shows a message and removes the parameter).
 */
export const AUTH_ERROR_PARAM = 'auth_error';
export type AuthRedirectError = 'google_failed' | 'google_email_unverified' | 'confirmation_invalid';
