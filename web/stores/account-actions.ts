// Types only: shared/api/auth carries zod, which the app never needs to download.
import { AUTH_ERROR_PARAM, AUTH_STEP_PARAM } from '../../shared/api/auth-redirects';
import * as api from '../lib/api-client';
import { forgetOutbox } from '../data/outbox/outbox';
import { authState } from './auth-store';
import { openSignedInListOffline, SIGNED_IN_USER_KEY, switchToLocalList, syncOnSignIn } from './saved-actions';
import { setSyncStatus } from './sync-store';
import { notify } from './notice-store';
import { openOverlay } from './ui-store';

/** Sign-in, sign-up and sign-out (loaded with the auth modal and the account button's actions). */
export type AuthOutcome = { ok: true } | { ok: false; message: string; code?: string };
export type SignUpOutcome = { ok: true; signedIn: boolean } | { ok: false; message: string; code?: string };

const NOT_CONFIGURED = 'Authentication not configured';

type Failure = { ok: false; message: string; code?: string };

/** The app's own words for answers a person acts on, whatever text the server sent with the code. */
const SAID_FOR_CODE: Partial<Record<string, string>> = {
  // The app's code was right but used a moment ago (signing in twice within its 30 seconds).
  totp_reused: 'That code has just been used. Wait for the next code in your app, or use a recovery code.',
};

function failure(error: unknown, fallback: string): Failure {
  if (authState.backend === 'unavailable') return { ok: false, message: NOT_CONFIGURED };
  if (error instanceof api.ApiFailure) {
    if (error.code === 'not_configured') return { ok: false, message: NOT_CONFIGURED };
    return { ok: false, message: SAID_FOR_CODE[error.code] ?? error.message, code: error.code };
  }
  return { ok: false, message: fallback };
}

/** One account request: what `run` resolves to, or the failure a person reads (`fallback` when the server said nothing usable). */
async function attempt<T>(fallback: string, run: () => Promise<T>): Promise<T | Failure> {
  try {
    return await run();
  } catch (error) {
    return failure(error, fallback);
  }
}

const succeeded = (): { ok: true } => ({ ok: true });

const SIGN_IN_FAILED = 'Could not sign in. Please try again.';

/** The end of every sign-in: no user in the answer is a failure; otherwise the list waits for the sync. */
async function finishSignIn(user: api.ApiUser | null): Promise<AuthOutcome> {
  if (!user) return { ok: false, message: SIGN_IN_FAILED };
  await onSignedIn(user);
  return { ok: true };
}

/** Reads a query parameter and takes it out of the address (no new history entry), so a reload never repeats it. */
function takeParam(name: string): string | null {
  const query = new URLSearchParams(location.search);
  const value = query.get(name);
  query.delete(name);
  const rest = query.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
  return value;
}

export async function onSignedIn(user: api.ApiUser): Promise<void> {
  authState.user = user;
  rememberUser(user);
  await syncOnSignIn();
}

/**
 * A start without signal by someone signed in here last time (their session cookie is likely still
 * good, but nobody can ask): they stay signed in, their list is the one their outbox last had from
 * the server plus the changes waiting, and new changes wait too. When the connection returns the
 * session is checked: still good, the list syncs as at sign-in; ended, this tab signs out (the
 * waiting changes stay for their next sign-in). Without a list kept on this device, no resumption.
 */
export async function resumeOffline(): Promise<boolean> {
  const user = rememberedUser();
  if (!user) return false;
  authState.user = user;
  authState.backend = 'available';
  if (!(await openSignedInListOffline())) {
    authState.user = null;
    return false;
  }
  window.addEventListener('online', () => void checkSessionAgain(user), { once: true });
  return true;
}

async function checkSessionAgain(was: api.ApiUser): Promise<void> {
  try {
    const [config, { user }] = await Promise.all([api.getConfig(), api.getSession()]);
    authState.google = config.auth?.google === true;
    authState.mail = config.auth?.mail === true;
    if (authState.user?.id !== was.id) return;
    if (user?.id === was.id) {
      await onSignedIn(user);
      return;
    }
    authState.user = null;
    switchToLocalList();
    notify({ type: 'session-ended' });
  } catch {
    // Still no answer: try again at the next sign of a connection.
    window.addEventListener('online', () => void checkSessionAgain(was), { once: true });
  }
}

function rememberUser(user: api.ApiUser): void {
  try {
    localStorage.setItem(
      SIGNED_IN_USER_KEY,
      JSON.stringify({ id: user.id, email: user.email, providers: user.providers }),
    );
  } catch {
    // Storage blocked: a start without signal then opens signed out, as before.
  }
}

function rememberedUser(): api.ApiUser | null {
  try {
    const raw = JSON.parse(localStorage.getItem(SIGNED_IN_USER_KEY) ?? 'null') as Partial<api.ApiUser> | null;
    if (typeof raw?.id !== 'string' || typeof raw.email !== 'string') return null;
    return {
      id: raw.id,
      email: raw.email,
      emailVerified: true,
      providers: Array.isArray(raw.providers) ? raw.providers : [],
      createdAt: '',
    };
  } catch {
    return null;
  }
}

export async function signInWithPassword(email: string, password: string, totp?: string): Promise<AuthOutcome> {
  if (authState.backend === 'unavailable') return { ok: false, message: NOT_CONFIGURED };
  // The modal waits for the list, so a save that asked for sign-in lands on the server.
  return attempt(SIGN_IN_FAILED, async () => finishSignIn((await api.signIn(email, password, totp)).user));
}

/**
 * What the address asks for at start-up (not first-paint code): a mail link's page (it signs nobody
 * in by itself), the code step after Google for an account with two-factor on, or an error to say.
 */
export function handleArrival(): void {
  const query = new URLSearchParams(location.search);
  if (location.pathname === '/confirm' || location.pathname === '/reset-password') {
    openOverlay('account-link', { kind: location.pathname.slice(1), token: query.get('token') ?? '' });
  }
  if (query.has(AUTH_STEP_PARAM)) askForSecondFactor();
  if (query.has(AUTH_ERROR_PARAM)) reportRedirectError();
}

/**
 * Google came back to an account with two-factor on (`?auth_step=second-factor`): ask for the code.
 * The step leaves the address at once, so a reload or a copied link never asks again.
 */
function askForSecondFactor(): void {
  if (takeParam(AUTH_STEP_PARAM) === 'second-factor') openOverlay('auth', { mode: 'second-factor' });
}

/** A Google sign-in to an account with two-factor on ends with its authenticator (or recovery) code. */
export function signInWithSecondFactor(totp: string): Promise<AuthOutcome> {
  return attempt(SIGN_IN_FAILED, async () => finishSignIn((await api.finishSecondFactor(totp)).user));
}

/** 409 `email_taken` means the account exists: the modal switches to sign-in. */
export async function signUpWithPassword(email: string, password: string): Promise<SignUpOutcome> {
  if (authState.backend === 'unavailable') return { ok: false, message: NOT_CONFIGURED };
  let confirmationRequired: boolean;
  try {
    ({ confirmationRequired } = await api.signUp(email, password));
  } catch (error) {
    return failure(error, 'Could not create the account. Please try again.');
  }
  if (confirmationRequired) return { ok: true, signedIn: false };
  // Without mail the server signs the new account in at once: pick the session up now.
  try {
    const { user } = await api.getSession();
    if (user) {
      await onSignedIn(user);
      return { ok: true, signedIn: true };
    }
  } catch {}
  return { ok: true, signedIn: false };
}

/** "Forgot password?": the same answer whatever the address; says whether mail or an administrator helps. */
export function askForPasswordReset(email: string): Promise<AuthOutcome & { delivery?: 'mail' | 'administrator' }> {
  return attempt('Could not ask for a reset link. Please try again.', async () => {
    const { delivery } = await api.requestPasswordReset(email);
    return { ok: true, delivery };
  });
}

export function resendConfirmation(email: string): Promise<AuthOutcome> {
  return attempt('Could not send a new link. Please try again.', () => api.resendConfirmation(email).then(succeeded));
}

/**
 * A confirmation link's page: the password chosen at sign-up confirms the account as it is; a new
 * password of the mailbox owner's own starts it clean. Either way nobody is signed in.
 */
export function confirmEmailAddress(
  token: string,
  proof: { password: string } | { newPassword: string },
): Promise<AuthOutcome> {
  return attempt('Could not confirm the address. Please try again.', () =>
    api.confirmEmail(token, proof).then(succeeded),
  );
}

/** A reset link's new password: the server signs this browser in and every other one out. */
export function resetPassword(token: string, password: string): Promise<AuthOutcome> {
  return attempt('Could not set the password. Please try again.', async () => {
    const { user } = await api.completePasswordReset(token, password);
    if (user) await onSignedIn(user);
    return { ok: true };
  });
}

export function changePassword(currentPassword: string, newPassword: string): Promise<AuthOutcome> {
  return attempt('Could not change the password. Please try again.', () =>
    api.changePassword(currentPassword, newPassword).then(succeeded),
  );
}

/** Ends every session of the account, this one included. */
export async function signOutEverywhere(): Promise<AuthOutcome> {
  try {
    await api.signOutEverywhere();
  } catch (error) {
    return failure(error, 'Could not sign out everywhere. Please try again.');
  }
  authState.user = null;
  switchToLocalList();
  return { ok: true };
}

/** Every palette with its full history, downloaded as one JSON file. */
export async function downloadAccountData(): Promise<AuthOutcome> {
  let file: Blob;
  try {
    file = await api.exportAccount();
  } catch (error) {
    return failure(error, 'Could not download your data. Please try again.');
  }
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = `swatchbook-account-${new Date().toISOString().slice(0, 10)}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { ok: true };
}

/**
 * Erases the account and everything in it; the app carries on signed out with this device's palettes.
 * `totp`: with two-factor on, a current code from the app or a recovery code.
 */
export async function deleteAccount(password: string, totp?: string): Promise<AuthOutcome> {
  try {
    await api.deleteAccount(password, totp);
  } catch (error) {
    return failure(error, 'Could not delete the account. Please try again.');
  }
  const userId = authState.user?.id;
  authState.user = null;
  // Detaches this account's outbox first: its waiting writes can never be sent, so they leave the device.
  switchToLocalList();
  if (userId) void forgetOutbox(userId).catch(() => {});
  return { ok: true };
}

export function signInWithGoogle(): void {
  location.assign(api.GOOGLE_SIGN_IN_URL);
}

/** Google sign-in or an email confirmation came back with `?auth_error=…`: tell, and tidy the address bar. */
function reportRedirectError(): void {
  notify({ type: 'sign-in-redirect-failed', code: takeParam(AUTH_ERROR_PARAM) });
}

/** The account menu's Sign out; false when the server could not be reached (still signed in). */
export async function signOutNow(): Promise<boolean> {
  try {
    await api.signOut();
  } catch {
    setSyncStatus('error');
    return false;
  }
  authState.user = null;
  switchToLocalList();
  return true;
}

/** Starts two-factor set-up: a new secret and its otpauth:// URI for the QR code. */
export function startTwoFactorSetup(): Promise<
  { ok: true; secret: string; uri: string } | { ok: false; message: string; code?: string }
> {
  return attempt('Could not start the set-up. Please try again.', async () => ({
    ok: true as const,
    ...(await api.totpSetup()),
  }));
}

export function enableTwoFactor(
  code: string,
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; message: string; code?: string }> {
  return attempt('Could not turn on two-factor sign-in. Please try again.', async () => {
    const { recoveryCodes } = await api.totpEnable(code);
    markTwoFactor(true);
    return { ok: true as const, recoveryCodes };
  });
}

export function disableTwoFactor(password: string): Promise<AuthOutcome> {
  return attempt('Could not turn off two-factor sign-in. Please try again.', async () => {
    await api.totpDisable(password);
    markTwoFactor(false);
    return { ok: true };
  });
}

function markTwoFactor(on: boolean): void {
  if (authState.user) authState.user = { ...authState.user, totp: on };
}
