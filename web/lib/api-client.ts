import type {
  ApiUser,
  ConfirmResponse,
  Credentials,
  MailRequestResponse,
  SessionResponse,
  SignupResponse,
  TotpEnableResponse,
  TotpSetupResponse,
} from '../../shared/api/auth';
import { type ConfigResponse, versionETag } from '../../shared/api/common';
import type {
  ApiPalette,
  BulkDeleteBody,
  BulkDeleteResponse,
  CreatePaletteBody,
  HistoryResponse,
  ImportBody,
  ImportResponse,
  PaletteListResponse,
  RestoreBody,
  SharingBody,
  SharingResponse,
  UndeleteBody,
  UndeleteResponse,
  UpdatePaletteBody,
} from '../../shared/api/palettes';

export type { ApiPalette, ApiUser };

/**
 * The one module that calls `fetch` for the API (its routes: server/routes/). Every failure becomes
 * an `ApiFailure` with the server's code and message, so callers show their fixed toast and never crash.
 */

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The request never got an answer (offline, static host, server down); `status` is 0. */
const NETWORK = 'network';

/** No answer at all: callers branch on this code (and the server's `ApiErrorCode`s), never on status numbers. */
export const isOffline = (error: unknown): boolean => error instanceof ApiFailure && error.code === NETWORK;

/** Sends one call; a failure (no answer, no backend, an error answer) becomes an `ApiFailure`. */
async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiFailure(0, NETWORK, 'Could not reach the server. Check your connection and try again.');
  }
  if (response.status === 204) return response;
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  // A static host answers /api/* with its own page or a bare 404: there is no backend.
  if (!isJson) throw new ApiFailure(response.status, 'not_configured', 'The server is not configured.');
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as unknown;
    const error = (data as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    throw new ApiFailure(
      response.status,
      typeof error?.code === 'string' ? error.code : 'error',
      typeof error?.message === 'string' ? error.message : `The server answered ${response.status}.`,
    );
  }
  return response;
}

async function request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await send(method, path, body, headers);
  if (response.status === 204) return undefined as T;
  return (await response.json().catch(() => null)) as T;
}

export const getConfig = () => request<ConfigResponse>('GET', '/config');
export const getSession = () => request<SessionResponse>('GET', '/auth/session');
export const signUp = (email: string, password: string) =>
  request<SignupResponse>('POST', '/auth/signup', { email, password } satisfies Credentials);
export const signIn = (email: string, password: string, totp?: string) =>
  request<SessionResponse>('POST', '/auth/signin', totp ? { email, password, totp } : { email, password });
/** Finishes a Google sign-in that waits for the authenticator code (the waiting sign-in is a cookie). */
export const finishSecondFactor = (totp: string) => request<SessionResponse>('POST', '/auth/second-factor', { totp });
export const totpSetup = () => request<TotpSetupResponse>('POST', '/auth/totp/setup');
export const totpEnable = (code: string) => request<TotpEnableResponse>('POST', '/auth/totp/enable', { code });
export const totpDisable = (password: string) => request<void>('POST', '/auth/totp/disable', { password });
export const signOut = () => request<void>('POST', '/auth/signout');
export const signOutEverywhere = () => request<void>('POST', '/auth/signout-everywhere');
/** Confirms with the password chosen at sign-up, or with the holder's own new one (the account starts clean). */
export const confirmEmail = (token: string, proof: { password: string } | { newPassword: string }) =>
  request<ConfirmResponse>('POST', '/auth/confirm', { token, ...proof });
export const resendConfirmation = (email: string) =>
  request<MailRequestResponse>('POST', '/auth/resend-confirmation', { email });
export const requestPasswordReset = (email: string) =>
  request<MailRequestResponse>('POST', '/auth/password-reset', { email });
export const completePasswordReset = (token: string, password: string) =>
  request<SessionResponse>('POST', '/auth/password-reset/confirm', { token, password });
export const changePassword = (currentPassword: string, newPassword: string) =>
  request<void>('POST', '/auth/password', { currentPassword, newPassword });
/**
 * The account's export as the server streams it, never parsed: a full account is over a gigabyte of
 * JSON, past the longest string a page may hold; the browser keeps a blob that large on disk.
 */
export async function exportAccount(): Promise<Blob> {
  return (await send('GET', '/account/export')).blob();
}
export const deleteAccount = (password: string, totp?: string) =>
  request<void>('DELETE', '/account', totp ? { password, totp } : { password });
/** Google sign-in is a full-page redirect; the server brings the user back to `/` (or `/?auth_error=`). */
export const GOOGLE_SIGN_IN_URL = '/api/auth/google';

export const listPalettes = () => request<PaletteListResponse>('GET', '/palettes');
/**
 * With a key (the outbox's), a retried create gets the palette the first call made, never a second one;
 * the server keys it per account.
 */
export const createPalette = (name: string, colorIds: readonly string[], key?: string) =>
  request<ApiPalette>(
    'POST',
    '/palettes',
    { name, colorIds: [...colorIds] } satisfies CreatePaletteBody,
    key === undefined ? {} : { 'Idempotency-Key': key },
  );
/** 409 `version_conflict` when someone else saved a newer version first. */
export const updatePalette = (id: string, version: number, patch: { name?: string; colorIds?: readonly string[] }) =>
  request<ApiPalette>(
    'PATCH',
    `/palettes/${encodeURIComponent(id)}`,
    { name: patch.name, colorIds: patch.colorIds && [...patch.colorIds] } satisfies UpdatePaletteBody,
    { 'If-Match': versionETag(version) },
  );
export const deletePalette = (id: string) => request<void>('DELETE', `/palettes/${encodeURIComponent(id)}`);
export const deletePalettes = (ids: readonly string[]) =>
  request<BulkDeleteResponse>('POST', '/palettes/delete', { ids: [...ids] } satisfies BulkDeleteBody);
/** The Undo of a delete: the palettes that are back (private), others left out. */
export const undeletePalettes = (ids: readonly string[]) =>
  request<UndeleteResponse>('POST', '/palettes/undelete', { ids: [...ids] } satisfies UndeleteBody);
/** With `version`, a 409 when the palette changed since (a sharing change queued offline must not land on a newer one). */
export const setSharing = (id: string, isPublic: boolean, version?: number) =>
  request<SharingResponse>(
    'PUT',
    `/palettes/${encodeURIComponent(id)}/sharing`,
    { public: isPublic } satisfies SharingBody,
    version === undefined ? {} : { 'If-Match': versionETag(version) },
  );
export const getHistory = (id: string) =>
  request<HistoryResponse>('GET', `/palettes/${encodeURIComponent(id)}/history`);
/** With `baseVersion`, a 409 when the palette changed since the person chose to restore. */
export const restoreVersion = (id: string, version: number, baseVersion?: number) =>
  request<ApiPalette>(
    'POST',
    `/palettes/${encodeURIComponent(id)}/restore`,
    { version } satisfies RestoreBody,
    baseVersion === undefined ? {} : { 'If-Match': versionETag(baseVersion) },
  );
export const importPalettes = (palettes: ImportBody['palettes']) =>
  request<ImportResponse>('POST', '/palettes/import', { palettes });
export const getShare = (shareId: string) => request<ApiPalette>('GET', `/shares/${encodeURIComponent(shareId)}`);
