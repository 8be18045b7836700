/**
 * Where the browser lands after Google sign-in: `/` on success, `/?auth_error=<code>` on failure
 * (the app shows a message and removes the parameter), `/?auth_step=second-factor` when the account
 * also needs its authenticator code. Zod-free, so the app's lazy account code can import it cheaply.
 */
export const AUTH_ERROR_PARAM = 'auth_error';
export type AuthRedirectError = 'google_failed' | 'google_email_unverified' | 'confirmation_invalid';
export const AUTH_STEP_PARAM = 'auth_step';
